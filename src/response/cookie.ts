/**
 * res.cookie and res.clearCookie.
 * @module
 */
import { webappError } from '../errors/catalogue';
import { type CookieOptions, serializeCookie, sign } from '../http/cookie';
import type { Res } from '../types/internal';
import { deprecate } from '../utils/deprecate';

const CLEAR_DEPRECATION =
  ' is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.';

/**
 * Adds a Set-Cookie header. Objects are stored as `j:` + JSON; `signed` signs with `req.secret`
 * (from cookie-parser) as `s:value.signature`; `maxAge` (ms) sets both Expires and Max-Age; path
 * defaults to `/`. Invalid names, values, domains, paths and attribute values throw a TypeError. Chainable.
 * @example
 * res.cookie('theme', 'dark', { maxAge: 86_400_000, httpOnly: true, sameSite: 'lax' });
 * res.cookie('cart', { items: [1, 2] }, { signed: true });
 */
export function cookie<T extends Res>(this: T, name: string, value: unknown, options?: CookieOptions): T {
  const opts: CookieOptions = options ?? {};
  let val = typeof value === 'object' ? `j:${JSON.stringify(value)}` : String(value);
  if (opts.signed) {
    const secret = this.req.secret;
    if (!secret) throw webappError('WEBAPP_RES_COOKIE_NO_SECRET');
    val = `s:${sign(val, Array.isArray(secret) ? secret[0] : secret)}`;
  }

  let expires: unknown = opts.expires;
  let maxAge: unknown = opts.maxAge;
  if (maxAge != null) {
    const ms = (maxAge as number) - 0;
    // A non-numeric maxAge is passed on unchanged and refused by the serialiser.
    if (!Number.isNaN(ms)) {
      expires = new Date(Date.now() + ms);
      maxAge = Math.floor(ms / 1000);
    }
  }

  const header = serializeCookie(name, val, {
    domain: opts.domain,
    encode: opts.encode,
    expires,
    httpOnly: opts.httpOnly,
    maxAge,
    path: opts.path == null ? '/' : opts.path,
    partitioned: opts.partitioned,
    priority: opts.priority,
    secure: opts.secure,
    sameSite: opts.sameSite,
  });
  return this.append('Set-Cookie', header);
}

/**
 * Expires cookie `name` (empty value, Expires in 1970, path `/` unless given). Pass the options the
 * cookie was set with (domain, path, ...) so the client matches it. As in Express 4.22, `maxAge` and
 * `expires` are still honoured but deprecated. Chainable.
 * @example
 * res.clearCookie('theme', { path: '/admin' });
 */
export function clearCookie<T extends Res>(this: T, name: string, options?: CookieOptions): T {
  if (options) {
    if (options.maxAge)
      deprecate(
        'WEBAPP_RES_CLEARCOOKIE_MAXAGE',
        `res.clearCookie: Passing "options.maxAge"${CLEAR_DEPRECATION}`,
      );
    if (options.expires)
      deprecate(
        'WEBAPP_RES_CLEARCOOKIE_EXPIRES',
        `res.clearCookie: Passing "options.expires"${CLEAR_DEPRECATION}`,
      );
  }
  const opts: CookieOptions = { expires: new Date(1), path: '/' };
  if (options) {
    // for-in like Express's merge: inherited enumerable options count too; __proto__ is never copied.
    for (const key in options) {
      if (key !== '__proto__')
        (opts as Record<string, unknown>)[key] = (options as Record<string, unknown>)[key];
    }
  }
  return this.cookie(name, '', opts);
}
