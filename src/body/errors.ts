/**
 * Turns whatever a body parser caught (a SyntaxError from JSON.parse, a zlib error, a value thrown by
 * a user's `verify`) into an HTTP error the way http-errors does when given an existing error: the
 * original object is kept, so its message, stack and own status survive, and it gains `status`,
 * `statusCode`, `expose` and the given properties.
 * @module
 */
import { STATUS_CODES } from 'node:http';
import { httpError } from '../errors/catalogue';
import { createHttpError, type HttpError } from '../http/errors';

/**
 * Makes `thrown` an HTTP error with `fallbackStatus` unless it already carries a status of its own.
 * Non-Error values become a new error (a string is used as its message); nothing here throws.
 * @example
 * toHttpError(400, new SyntaxError('bad'), { type: 'entity.parse.failed' }).status // 400
 */
export function toHttpError(
  fallbackStatus: number,
  thrown: unknown,
  props: Record<string, unknown>,
): HttpError {
  if (!(thrown instanceof Error)) {
    // error-catalogue-exempt: wraps a non-Error value thrown by application code (a `verify`); its code is
    // the caller's body `type` (entity.verify.failed, entity.parse.failed), set through `props`.
    return createHttpError(fallbackStatus, typeof thrown === 'string' ? thrown : undefined, props);
  }
  const err = thrown as HttpError;
  let status: unknown = err.status || err.statusCode || fallbackStatus;
  if (typeof status !== 'number' || (STATUS_CODES[status] === undefined && (status < 400 || status >= 600))) {
    status = 500;
  }
  const code = status as number;
  // As http-errors decides: only its own errors keep their `expose`, and only with the status unchanged;
  // anything else (a verify callback's `{ status: 500, expose: true }`) must not leak its message.
  if (err.status !== code || typeof err.expose !== 'boolean' || !madeByHttpErrors(err))
    err.expose = code < 500;
  err.status = code;
  err.statusCode = code;
  for (const key of Object.keys(props)) {
    if (key !== 'status' && key !== 'statusCode') err[key] = props[key];
  }
  return err;
}

/**
 * Whether `err` comes from the http-errors package (any copy of it): its prototype chain passes
 * through the abstract `HttpError` class that every error of that package inherits from.
 */
function madeByHttpErrors(err: object): boolean {
  let proto: unknown = Object.getPrototypeOf(err);
  for (let depth = 0; depth < 4 && proto !== null && typeof proto === 'object'; depth++) {
    if (Object.hasOwn(proto, 'constructor')) {
      const ctor = (proto as { constructor: unknown }).constructor;
      if (typeof ctor === 'function' && ctor.name === 'HttpError') return true;
    }
    proto = Object.getPrototypeOf(proto);
  }
  return false;
}

/** The 415 for a charset nobody can decode; the message shows it upper-cased, `charset` lower-cased. */
export function unsupportedCharset(charset: string): HttpError {
  return httpError('charset.unsupported', { charset: charset.toLowerCase() }, charset);
}

/** The 415 for a Content-Encoding the parser cannot inflate (or, for multipart, any encoding). */
export function unsupportedEncoding(encoding: string): HttpError {
  return httpError('encoding.unsupported', { encoding }, encoding, true);
}
