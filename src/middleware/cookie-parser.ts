/**
 * `webapp.cookieParser([secret | secrets], [options])` — also `require('webappjs/cookie-parser')`.
 * Fills `req.cookies` and, given secrets, `req.signedCookies` (HMAC-SHA256, `s:` prefix, rotation
 * through the list, timing-safe), decodes `j:` JSON cookies, and sets `req.secret` so that
 * `res.cookie(name, value, { signed: true })` works. A malformed Cookie header never throws.
 * @module
 */
import cookie from 'cookie';
import { unsign } from '../http/cookie';
import type { Next, Req, Res } from '../types/internal';
import { callableModule } from '../utils/callable-module';
import { markFactory } from '../utils/middleware-factory';

export interface CookieParserOptions {
  /** Decodes each cookie value (default: decodeURIComponent, leaving invalid escapes as they are). */
  decode?: (value: string) => string;
}

/** Cookie name → value: a string, or what a `j:` JSON cookie parses to. */
// biome-ignore lint/suspicious/noExplicitAny: public type, read freely like Express's `req.cookies` (any in @types/express)
export type CookieRecord = Record<string, any>;

function secretList(secret: string | string[] | undefined): string[] {
  if (!secret) return [];
  return Array.isArray(secret) ? secret.filter((s) => typeof s === 'string' && s.length > 0) : [secret];
}

/**
 * The value of a `j:` JSON cookie, or undefined when the value is not one.
 * @example
 * JSONCookie('j:{"a":1}') // { a: 1 }
 */
export function JSONCookie(value: unknown): unknown {
  if (typeof value !== 'string' || !value.startsWith('j:')) return undefined;
  try {
    return JSON.parse(value.slice(2));
  } catch {
    return undefined;
  }
}

/** Replaces every `j:` value of `cookies` that parses to a truthy value with the parsed value. */
export function JSONCookies(cookies: CookieRecord): CookieRecord {
  for (const name of Object.keys(cookies)) {
    const parsed = JSONCookie(cookies[name]);
    if (parsed) cookies[name] = parsed;
  }
  return cookies;
}

/**
 * The unsigned value of an `s:` cookie (false when tampered with), or the value itself when unsigned.
 * @example
 * signedCookie('s:hello.DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI', 'tobiiscool') // 'hello'
 */
export function signedCookie(value: unknown, secret: string | string[]): string | false | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('s:')) return value;
  const secrets = secretList(secret);
  if (secrets.length === 0) return false;
  return unsign(value.slice(2), secrets);
}

/** Moves the signed cookies of `cookies` into a new record (verified value or false). */
export function signedCookies(cookies: CookieRecord, secret: string | string[]): CookieRecord {
  const out: CookieRecord = Object.create(null);
  for (const name of Object.keys(cookies)) {
    const value = cookies[name];
    const verified = signedCookie(value, secret);
    if (verified !== value) {
      out[name] = verified;
      delete cookies[name];
    }
  }
  return out;
}

function parseHeader(header: string, options: CookieParserOptions | undefined): CookieRecord {
  const out: CookieRecord = Object.create(null);
  let parsed: Record<string, string | undefined>;
  try {
    parsed = cookie.parse(header, options);
  } catch {
    return out;
  }
  for (const name of Object.keys(parsed)) out[name] = parsed[name];
  return out;
}

/**
 * @example
 * app.use(webapp.cookieParser('keyboard cat'));
 * app.get('/', (req, res) => res.json({ cookies: req.cookies, signed: req.signedCookies }));
 */
export function cookieParser(secret?: string | string[], options?: CookieParserOptions) {
  const secrets = secretList(secret);
  return function cookieParser(req: Req, _res: Res, next: Next): void {
    if (req.cookies) {
      next();
      return;
    }
    req.secret = secrets[0];
    const header = req.headers.cookie;
    if (!header) {
      req.cookies = Object.create(null);
      req.signedCookies = Object.create(null);
      next();
      return;
    }
    const cookies = parseHeader(header, options);
    req.signedCookies =
      secrets.length !== 0 ? JSONCookies(signedCookies(cookies, secrets)) : Object.create(null);
    req.cookies = JSONCookies(cookies);
    next();
  };
}

cookieParser.JSONCookie = JSONCookie;
cookieParser.JSONCookies = JSONCookies;
cookieParser.signedCookie = signedCookie;
cookieParser.signedCookies = signedCookies;

export default cookieParser;

// Refused when passed uncalled (`app.use(webapp.cookieParser)`): src/utils/middleware-factory.ts.
markFactory(cookieParser, 'cookieParser');

// `require('webappjs/cookie-parser')` is the middleware itself, as with its npm counterpart.
callableModule(module, cookieParser);
