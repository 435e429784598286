/**
 * `Set-Cookie` serialisation (through the `cookie` package, which validates names, values, domains and
 * paths) and cookie signing in the `s:` format Express and cookie-parser share:
 * `value + '.' + base64(HMAC-SHA256(secret, value))` without `=` padding.
 * @module
 */
import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';
import cookie from 'cookie';
import { webappError } from '../errors/catalogue';

/** Options of `res.cookie` (and `res.clearCookie`). */
export interface CookieOptions {
  /** Domain of the cookie; defaults to the host that set it. */
  domain?: string;
  /** Synchronous value encoder, default `encodeURIComponent`. */
  encode?: (value: string) => string;
  /** Expiry date; absent or 0 makes a session cookie. */
  expires?: Date;
  /** Hide the cookie from client-side scripts. */
  httpOnly?: boolean;
  /** Lifetime in milliseconds; sets both `Expires` and `Max-Age`. */
  maxAge?: number;
  /** Path of the cookie, default `/`. */
  path?: string;
  /** Partitioned storage (CHIPS). */
  partitioned?: boolean;
  /** The `Priority` attribute. */
  priority?: 'low' | 'medium' | 'high' | 'Low' | 'Medium' | 'High';
  /** HTTPS only. */
  secure?: boolean;
  /** Sign the value with `req.secret` (set by cookie-parser). */
  signed?: boolean;
  /** The `SameSite` attribute; true means Strict. */
  sameSite?: boolean | 'lax' | 'strict' | 'none' | 'Lax' | 'Strict' | 'None';
}

/** What the `cookie` package reads; built fresh so user objects are never mutated or merged. */
interface SerializeOptions {
  domain?: unknown;
  encode?: unknown;
  expires?: unknown;
  httpOnly?: unknown;
  maxAge?: unknown;
  path?: unknown;
  partitioned?: unknown;
  priority?: unknown;
  secure?: unknown;
  sameSite?: unknown;
}

/**
 * Serialises one `Set-Cookie` value. Throws a TypeError for an invalid name, encoded value, domain,
 * path, expiry, Max-Age, priority or SameSite, so nothing malformed (CR/LF included) reaches the wire.
 * `maxAge` is in seconds here, as in the `cookie` package.
 * @example
 * serializeCookie('sid', 'abc', { path: '/', httpOnly: true }) // 'sid=abc; Path=/; HttpOnly'
 */
export function serializeCookie(name: string, value: string, options?: SerializeOptions): string {
  return cookie.serialize(name, value, options as cookie.CookieSerializeOptions);
}

function mac(value: string, secret: string | Buffer): string {
  return createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '');
}

/**
 * Signs `value` with `secret`.
 * @example
 * sign('hello', 'tobiiscool') // 'hello.DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI'
 */
export function sign(value: string, secret: string | Buffer): string {
  if (typeof value !== 'string') throw webappError('WEBAPP_COOKIE_VALUE_NOT_STRING');
  if (secret == null) throw webappError('WEBAPP_COOKIE_SECRET_REQUIRED');
  return `${value}.${mac(value, secret)}`;
}

/**
 * The value inside a signed string, or false when the signature does not match any of the secrets.
 * The signature comparison takes the same time wherever the first difference is.
 * @example
 * unsign('hello.DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI', 'tobiiscool') // 'hello'
 */
export function unsign(signed: string, secret: string | Buffer | Array<string | Buffer>): string | false {
  if (typeof signed !== 'string') throw webappError('WEBAPP_COOKIE_SIGNED_NOT_STRING');
  if (secret == null) throw webappError('WEBAPP_COOKIE_SECRET_REQUIRED');
  const dot = signed.lastIndexOf('.');
  if (dot === -1) return false;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const secrets = Array.isArray(secret) ? secret : [secret];
  for (const key of secrets) {
    const expected = Buffer.from(mac(value, key));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return value;
  }
  return false;
}
