/**
 * `req.fresh` and `req.stale`: conditional GET against the response's validators.
 * @module
 */
import { isFresh } from '../http/fresh';
import type { Req } from '../types/internal';

/**
 * Whether the client's cached copy is still valid: only for GET, HEAD (and QUERY) with a 2xx or
 * 304 status, comparing If-None-Match / If-Modified-Since with the response's ETag /
 * Last-Modified. `Cache-Control: no-cache` is never fresh.
 * @example
 * res.setHeader('ETag', '"abc"');
 * req.fresh // true when If-None-Match: "abc"
 */
export function fresh(this: Req): boolean {
  const method = this.method;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'QUERY') return false;
  // An unconditional request is never fresh: decide before reading the response's validators
  // (res.send asks on every response).
  const headers = this.headers;
  if (!headers['if-none-match'] && !headers['if-modified-since']) return false;
  const res = this.res;
  const status = res.statusCode;
  if ((status >= 200 && status < 300) || status === 304) {
    return isFresh(this.headers, res.getHeader('ETag'), res.getHeader('Last-Modified'));
  }
  return false;
}

/**
 * The opposite of `req.fresh`.
 * @example
 * req.stale // true for an unconditional request
 */
export function stale(this: Req): boolean {
  return !this.fresh;
}
