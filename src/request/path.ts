/**
 * `req.path`.
 * @module
 */
import { getPathname } from '../http/parse-url';
import type { Req } from '../types/internal';

/**
 * The pathname of `req.url` (inside a mounted app or router, without the mount path).
 * @example
 * // GET /users/42?sort=asc
 * req.path // '/users/42'
 */
export function path(this: Req): string {
  return getPathname(this) as string;
}
