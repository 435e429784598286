/**
 * `webapp.csrf(options)` — also `require('webappjs/csrf')`. Cross-site request forgery protection
 * with the interface of csurf: a secret per visitor (kept in `req.session.csrfSecret`, or in a
 * cookie with `cookie: true`), `req.csrfToken()` to embed a token in forms, and a check of every
 * request whose method is not ignored (GET, HEAD, OPTIONS by default): the token is read from
 * `req.body._csrf`, `req.query._csrf` or the `CSRF-Token`, `XSRF-Token`, `X-CSRF-Token` and
 * `X-XSRF-Token` headers. A missing or wrong token is a 403 error with `code: 'EBADCSRFTOKEN'`.
 *
 * Tokens are `<salt>-<base64url HMAC-SHA256(secret, salt)>`, with a fresh random salt each time, so
 * a token reveals nothing about the secret (BREACH) and is checked in constant time. Secrets are
 * stored where csurf stores them, so sessions survive a migration; tokens csurf issued before the
 * switch are not accepted (a page reload gets a new one).
 * @module
 */
import { Buffer } from 'node:buffer';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { httpError, webappError } from '../errors/catalogue';
import { serializeCookie, sign } from '../http/cookie';
import type { Next, Req, Res } from '../types/internal';
import { callableModule } from '../utils/callable-module';
import { markFactory } from '../utils/middleware-factory';

/** Where the secret cookie goes and how it is written (`cookie: true` means all defaults). */
export interface CsrfCookieOptions {
  /** Cookie name (default `_csrf`). */
  key?: string;
  /** Cookie path (default `/`). */
  path?: string;
  domain?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: boolean | 'lax' | 'strict' | 'none' | 'Lax' | 'Strict' | 'None';
  /** Lifetime in seconds, as in csurf (absent: a browser-session cookie). */
  maxAge?: number;
  /** Sign the cookie with cookieParser's secret (`req.secret`) and read it from `req.signedCookies`. */
  signed?: boolean;
}

export interface CsrfOptions {
  /** Keep the secret in a cookie instead of the session (needs `cookieParser()` before csrf). */
  cookie?: boolean | CsrfCookieOptions;
  /** Property of `req` holding the session (default `session`). */
  sessionKey?: string;
  /** Reads the token a request carries (default: body, query, then the four headers). */
  // biome-ignore lint/suspicious/noExplicitAny: public option: the request with whatever earlier middleware put on it (body, query, …), read freely as @types/csurf lets users
  value?: (req: IncomingMessage & Record<string, any>) => unknown;
  /** Methods that are never checked (default GET, HEAD, OPTIONS). */
  ignoreMethods?: string[];
  /** Length of the random salt of each token, in characters (default 8). */
  saltLength?: number;
  /** Length of new secrets, in random bytes (default 18). */
  secretLength?: number;
}

interface CookieConfig extends CsrfCookieOptions {
  key: string;
  path: string;
}

const SALT_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** base64url of a SHA-256 digest, without padding. */
const MAC_LENGTH = 43;
/** Salts longer than this cannot come from us: refuse them before hashing attacker-sized input. */
const MAX_SALT_LENGTH = 255;

function mac(secret: string, salt: string): string {
  return createHmac('sha256', secret).update(salt).digest('base64url');
}

function randomSalt(length: number): string {
  const bytes = randomBytes(length);
  let salt = '';
  for (let i = 0; i < length; i++) salt += SALT_ALPHABET[bytes[i] % SALT_ALPHABET.length];
  return salt;
}

/**
 * A new token for `secret`.
 * @example
 * createToken(secret) // 'aB3dE5gH-…'
 */
export function createToken(secret: string, saltLength = 8): string {
  if (!secret || typeof secret !== 'string') throw webappError('WEBAPP_CSRF_SECRET_REQUIRED');
  const salt = randomSalt(saltLength);
  return `${salt}-${mac(secret, salt)}`;
}

/**
 * Whether `token` was made for `secret`; the comparison takes the same time wherever it differs.
 * @example
 * verifyToken(secret, createToken(secret)) // true
 */
export function verifyToken(secret: unknown, token: unknown): boolean {
  if (!secret || typeof secret !== 'string') return false;
  if (!token || typeof token !== 'string') return false;
  const dash = token.indexOf('-');
  if (dash <= 0 || dash > MAX_SALT_LENGTH) return false;
  const given = Buffer.from(token.slice(dash + 1));
  // The length is public (it is fixed), so checking it first leaks nothing.
  if (given.length !== MAC_LENGTH) return false;
  const expected = Buffer.from(mac(secret, token.slice(0, dash)));
  return timingSafeEqual(expected, given);
}

/** Where csurf looks, in the same order. */
function defaultValue(req: IncomingMessage & { body?: unknown; query?: unknown }): unknown {
  // A property read on any non-nullish body or query is safe (a string or number yields undefined).
  return (
    (req.body as { _csrf?: unknown } | null | undefined)?._csrf ||
    (req.query as { _csrf?: unknown } | null | undefined)?._csrf ||
    req.headers['csrf-token'] ||
    req.headers['xsrf-token'] ||
    req.headers['x-csrf-token'] ||
    req.headers['x-xsrf-token']
  );
}

/** `to[name] = from[name]`, one option of the same type on both sides. */
function copyOption<K extends keyof CsrfCookieOptions>(
  to: CsrfCookieOptions,
  from: CsrfCookieOptions,
  name: K,
): void {
  to[name] = from[name];
}

function cookieConfig(option: CsrfOptions['cookie']): CookieConfig | undefined {
  if (option !== true && (typeof option !== 'object' || option === null)) return undefined;
  const config: CookieConfig = { key: '_csrf', path: '/' };
  if (typeof option === 'object') {
    for (const name of Object.keys(option) as Array<keyof CsrfCookieOptions>) {
      if (option[name] !== undefined) copyOption(config, option, name);
    }
  }
  return config;
}

function positiveLength(value: unknown, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1 || value > 1024)
    throw webappError('WEBAPP_CSRF_LENGTH_INVALID', name);
  return Math.floor(value);
}

/** The object holding the secret: the session, or the (signed) cookies parsed by cookieParser. */
function secretBag(
  req: Req,
  sessionKey: string,
  cookie: CookieConfig | undefined,
): Record<string, unknown> | undefined {
  // The session lives under a name the user chose (`sessionKey`), not one `Req` declares.
  if (!cookie) return (req as Req & Record<string, Record<string, unknown> | undefined>)[sessionKey];
  return cookie.signed ? req.signedCookies : req.cookies;
}

function readSecret(req: Req, sessionKey: string, cookie: CookieConfig | undefined): unknown {
  const bag = secretBag(req, sessionKey, cookie);
  if (!bag) throw webappError('WEBAPP_CSRF_MISCONFIGURED');
  return bag[cookie ? cookie.key : 'csrfSecret'];
}

function storeSecret(
  req: Req,
  res: Res,
  sessionKey: string,
  secret: string,
  cookie: CookieConfig | undefined,
): void {
  if (!cookie) {
    (req as Req & Record<string, Record<string, unknown>>)[sessionKey].csrfSecret = secret;
    return;
  }
  const value = cookie.signed ? `s:${sign(secret, req.secret as string)}` : secret;
  const header = serializeCookie(cookie.key, value, {
    path: cookie.path,
    domain: cookie.domain,
    httpOnly: cookie.httpOnly,
    secure: cookie.secure,
    sameSite: cookie.sameSite,
    maxAge: cookie.maxAge,
  });
  const previous = res.getHeader('Set-Cookie');
  res.setHeader(
    'Set-Cookie',
    previous === undefined
      ? [header]
      : Array.isArray(previous)
        ? [...previous, header]
        : [String(previous), header],
  );
}

/** The secret and token of one request, shared by the middleware and its req.csrfToken. */
interface TokenState {
  secret: unknown;
  token: string | undefined;
}

/**
 * @example
 * app.use(webapp.cookieSession({ keys: [key] }));
 * app.use(webapp.urlencoded({ extended: false }));
 * app.use(webapp.csrf());
 * app.get('/form', (req, res) => res.render('form', { csrfToken: req.csrfToken() }));
 * app.post('/process', (req, res) => res.send('data is being processed'));
 */
export function csrf(options?: CsrfOptions) {
  const opts = options || {};
  const cookie = cookieConfig(opts.cookie);
  if (cookie) {
    // Checked now so that a bad option fails at startup, not on the first response.
    serializeCookie(cookie.key, 'x', { path: cookie.path, domain: cookie.domain, sameSite: cookie.sameSite });
  }
  const sessionKey = opts.sessionKey || 'session';
  const value = opts.value || defaultValue;
  if (typeof value !== 'function') throw webappError('WEBAPP_CSRF_VALUE_NOT_FUNCTION');
  const saltLength = positiveLength(opts.saltLength, 8, 'saltLength');
  const secretLength = positiveLength(opts.secretLength, 18, 'secretLength');
  const ignoreMethods = opts.ignoreMethods === undefined ? ['GET', 'HEAD', 'OPTIONS'] : opts.ignoreMethods;
  if (!Array.isArray(ignoreMethods)) throw webappError('WEBAPP_CSRF_IGNORE_METHODS_INVALID');
  const ignored = new Set(ignoreMethods.map((method) => String(method).toUpperCase()));

  const newSecret = (): string => randomBytes(secretLength).toString('base64url');

  /*
   * req.csrfToken for one request, made apart from the middleware: a closure stored on `req` by the
   * function whose variables it closes over kept each request alive through the next scavenge in node
   * 20 while the code was unoptimized (see src/router/dispatch.ts).
   */
  function csrfTokenFor(req: Req, res: Res, state: TokenState): () => string {
    return function csrfToken(): string {
      // The session may have been regenerated since: read it again (a cookie cannot change mid-request).
      let current = cookie ? state.secret : readSecret(req, sessionKey, cookie);
      if (state.token !== undefined && current === state.secret) return state.token;
      if (typeof current !== 'string' || current === '') {
        current = newSecret();
        storeSecret(req, res, sessionKey, current as string, cookie);
      }
      state.secret = current;
      state.token = createToken(current as string, saltLength);
      return state.token;
    };
  }

  return function csrf(req: Req, res: Res, next: Next): void {
    if (!secretBag(req, sessionKey, cookie) || (cookie?.signed && !req.secret)) {
      next(webappError('WEBAPP_CSRF_MISCONFIGURED'));
      return;
    }
    const state: TokenState = { secret: readSecret(req, sessionKey, cookie), token: undefined };
    req.csrfToken = csrfTokenFor(req, res, state);

    if (typeof state.secret !== 'string' || state.secret === '') {
      state.secret = newSecret();
      storeSecret(req, res, sessionKey, state.secret as string, cookie);
    }
    const secret = state.secret;

    if (!ignored.has(req.method) && !verifyToken(secret, value(req))) {
      next(httpError('EBADCSRFTOKEN'));
      return;
    }
    next();
  };
}

export default csrf;

// Refused when passed uncalled (`app.use(webapp.csrf)`): src/utils/middleware-factory.ts.
markFactory(csrf, 'csrf');

// `require('webappjs/csrf')` is the middleware itself, as with its npm counterpart.
callableModule(module, csrf);
