/**
 * `req.is`: match the request's Content-Type.
 * @module
 */
import { typeOfRequest } from '../http/type-is';
import type { Req } from '../types/internal';

/**
 * The first of the given types (MIME type, extension, wildcard or `+suffix`) that matches the
 * request's Content-Type; for wildcard and suffix patterns the actual type. False when none
 * matches or there is no Content-Type; null when the request has no body. Without arguments,
 * the request's media type.
 * @example
 * // Content-Type: application/json; charset=utf-8
 * req.is('json') // 'json'
 * req.is('application/*') // 'application/json'
 * req.is('html') // false
 */
export function is(this: Req, ...types: unknown[]): string | false | null {
  const first = types[0];
  return typeOfRequest(this, Array.isArray(first) ? first : types);
}
