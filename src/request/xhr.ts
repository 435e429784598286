/**
 * `req.xhr`.
 * @module
 */
import type { Req } from '../types/internal';

/**
 * Whether X-Requested-With is `XMLHttpRequest` (case-insensitive), as set by many client libraries.
 * @example
 * req.xhr // true for X-Requested-With: XMLHttpRequest
 */
export function xhr(this: Req): boolean {
  const value = this.headers['x-requested-with'];
  return typeof value === 'string' && value.length === 14 && value.toLowerCase() === 'xmlhttprequest';
}
