/**
 * `req.get` / `req.header`: read a request header by case-insensitive name.
 * @module
 */
import { webappError } from '../errors/catalogue';
import type { Req } from '../types/internal';

/**
 * The value of the request header `name` (case-insensitive), or undefined. `Referer` and
 * `Referrer` are interchangeable. Throws a TypeError when `name` is missing or not a string.
 * @example
 * req.get('Content-Type') // 'text/plain'
 * req.get('Referrer') // the Referer header
 */
export function get(this: Req, name: string): string | string[] | undefined {
  if (!name) throw webappError('WEBAPP_REQ_GET_NAME_REQUIRED');
  if (typeof name !== 'string') throw webappError('WEBAPP_REQ_GET_NAME_NOT_STRING');
  const lc = name.toLowerCase();
  if (lc === 'referer' || lc === 'referrer') return this.headers.referrer || this.headers.referer;
  return this.headers[lc];
}
