/**
 * Content-Type matching for `req.is` and the body parsers' `type` option: MIME types, extensions
 * (`json`), wildcards (`text/*`, `*\/*`), `+suffix` forms (`+json`, `application/*+json`) and the
 * shortcuts `urlencoded` and `multipart`.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import { headerNumber } from './content-length';
import { headerText } from './header-value';
import { normalizeMediaType } from './media-type';
import { lookupType } from './mime';

/**
 * Expands a type as written by the caller into a MIME pattern: extensions are looked up,
 * `+json` becomes `*\/*+json`. Returns false when it cannot be a type.
 * @example
 * expandType('json') // 'application/json'
 */
export function expandType(type: unknown): string | false {
  if (typeof type !== 'string') return false;
  switch (type) {
    case 'urlencoded':
      return 'application/x-www-form-urlencoded';
    case 'multipart':
      return 'multipart/*';
  }
  if (type[0] === '+') return `*/*${type}`;
  return type.indexOf('/') === -1 ? lookupType(type) : type;
}

/**
 * Whether `actual` (a normalised media type) matches the `expected` pattern, which may use `*`
 * for the type or the subtype, or `*+suffix` for any subtype with that suffix.
 * @example
 * mimeMatch('application/*+json', 'application/vnd.api+json') // true
 */
export function mimeMatch(expected: string | false, actual: string): boolean {
  if (expected === false) return false;
  const slash = expected.indexOf('/');
  const actualSlash = actual.indexOf('/');
  if (slash === -1 || expected.indexOf('/', slash + 1) !== -1) return false;
  if (actualSlash === -1 || actual.indexOf('/', actualSlash + 1) !== -1) return false;

  const expectedType = expected.slice(0, slash);
  if (expectedType !== '*' && expectedType !== actual.slice(0, actualSlash)) return false;

  const expectedSub = expected.slice(slash + 1);
  const actualSub = actual.slice(actualSlash + 1);
  if (expectedSub.startsWith('*+')) return actualSub.endsWith(expectedSub.slice(1));
  return expectedSub === '*' || expectedSub === actualSub;
}

/**
 * Matches a Content-Type value against `types`. Returns false when the value is missing or
 * malformed or nothing matches; the normalised type when `types` is empty; otherwise the first
 * matching entry as given, except that wildcard and `+suffix` entries return the actual type.
 * @example
 * typeIs('text/html; charset=utf-8', ['json', 'html']) // 'html'
 * typeIs('text/html', ['text/*']) // 'text/html'
 */
export function typeIs(value: unknown, types: readonly unknown[]): string | false {
  const actual = normalizeMediaType(value);
  if (actual === null) return false;
  if (types.length === 0) return actual;
  for (const type of types) {
    if (!mimeMatch(expandType(type), actual)) continue;
    const given = type as string;
    return given[0] === '+' || given.indexOf('*') !== -1 ? actual : given;
  }
  return false;
}

/**
 * Whether the request carries a body: a Transfer-Encoding header, or a numeric Content-Length
 * (including `0`, as Express 4's type-is counts it).
 * @example
 * hasBody(req) // true for a POST with Content-Length: 12
 */
export function hasBody(req: IncomingMessage): boolean {
  const headers = req.headers;
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headerText(headers['content-length']);
  return length !== undefined && !Number.isNaN(headerNumber(length));
}

/**
 * `req.is` semantics: null when the request has no body, else {@link typeIs} on its Content-Type.
 * @example
 * typeOfRequest(req, ['json']) // 'json' | false | null
 */
export function typeOfRequest(req: IncomingMessage, types: readonly unknown[]): string | false | null {
  if (!hasBody(req)) return null;
  return typeIs(req.headers['content-type'], types);
}
