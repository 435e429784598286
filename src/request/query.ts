/**
 * `req.query`: parsed on first read with the app's `query parser fn`, then stored as an own,
 * plain, writable property of the request. Middleware may read, replace or mutate it freely
 * (express-validator, lodash `_.set`), and a request nobody asks for a query never parses one.
 * @module
 */
import { getQueryString } from '../http/parse-url';
import type { Req } from '../types/internal';

function own(req: Req, value: unknown): void {
  Object.defineProperty(req, 'query', { value, writable: true, enumerable: true, configurable: true });
}

/**
 * The parsed query string: `{}` when `query parser` is disabled, otherwise the parser's result.
 * @example
 * // GET /search?q=cats&page=2
 * req.query // { q: 'cats', page: '2' }
 */
export function getQuery(this: Req): any {
  const app = this.app;
  const parse = app ? app.get('query parser fn') : undefined;
  const value = typeof parse === 'function' ? parse(getQueryString(this)) : {};
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
