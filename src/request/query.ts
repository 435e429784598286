/**
 * `req.query`: parsed on first read with the entry app's `query parser fn`, then stored as an own,
 * plain, writable property of the request. Middleware may read, replace or mutate it freely
 * (express-validator, lodash `_.set`), and a request nobody asks for a query never parses one.
 * @module
 */
import { queryStringOf } from '../http/parse-url';
import { fallbackQueryParser } from '../http/query';
import type { Req } from '../types/internal';
import { entryApp } from './entry-app';

function own(req: Req, value: unknown): void {
  Object.defineProperty(req, 'query', { value, writable: true, enumerable: true, configurable: true });
}

/**
 * The parsed query string: the result of `query parser fn` (`{}` when `query parser` is false). When
 * that setting holds no function (deleted by a plugin), the extended parser, as in Express 4.
 * @example
 * // GET /search?q=cats&page=2
 * req.query // { q: 'cats', page: '2' }
 */
export function getQuery(this: Req): Record<string, unknown> {
  // As if parsed on entry, as Express does: the entry app's parser, on the URL as the request arrived
  // (originalUrl), whatever a middleware or mount has done to req.url and req.app since.
  const app = entryApp(this);
  const setting = app ? app.get('query parser fn') : undefined;
  // Called with null when the URL has no query string, as Express calls it; the built-in parsers take that.
  const parse = (typeof setting === 'function' ? setting : fallbackQueryParser) as (
    str: string | null,
  ) => Record<string, unknown>;
  const value = parse(queryStringOf(this.originalUrl || this.url));
  own(this, value);
  return value;
}

/**
 * Assigning `req.query` makes the value an own data property, exactly like a plain assignment.
 * @example
 * req.query = { page: '1' } // later reads see exactly this object
 */
export function setQuery(this: Req, value: unknown): void {
  own(this, value);
}
