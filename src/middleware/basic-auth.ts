/**
 * `webapp.basicAuth(...)` — also `require('webappjs/basic-auth')`. HTTP Basic authentication (RFC 7617)
 * in the three forms of the 3.x middleware: a user/password pair, a check `(user, pass) => boolean`,
 * or an asynchronous check `(user, pass, callback(err, user))`. Fills `req.user` (and
 * `req.remoteUser`). Credentials given as a pair are compared in constant time.
 * @module
 */
import { Buffer } from 'node:buffer';
import { createHash, timingSafeEqual } from 'node:crypto';
import { httpError, webappError } from '../errors/catalogue';
import type { Next, Req, Res } from '../types/internal';
import { callableModule } from '../utils/callable-module';
import { markFactory } from '../utils/middleware-factory';

export type BasicAuthCheck = (user: string, pass: string) => boolean;
export type BasicAuthAsyncCheck = (
  user: string,
  pass: string,
  callback: (err: unknown, user?: unknown) => void,
) => void;

export type BasicAuthMiddleware = (req: Req, res: Res, next: Next) => void;

/** Compares two strings in time that depends on neither content nor where they differ. */
export function safeCompare(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

function challenge(res: Res, realm: string): void {
  res.statusCode = 401;
  res.setHeader('WWW-Authenticate', `Basic realm="${realm}"`);
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('Unauthorized');
}

/** A realm is shown inside a quoted string: quotes and backslashes escaped, control characters refused. */
function quoteRealm(realm: string): string {
  if (/[\x00-\x1f\x7f]/.test(realm)) throw webappError('WEBAPP_BASIC_AUTH_REALM_INVALID');
  return realm.replace(/["\\]/g, '\\$&');
}

interface Credentials {
  user: string;
  pass: string;
}

/** Parses `Basic <base64(user:pass)>`; undefined when the header is not well-formed. */
export function parseBasicAuthorization(header: string): Credentials | undefined {
  const match = /^ *basic +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return undefined;
  return { user: decoded.slice(0, colon), pass: decoded.slice(colon + 1) };
}

/**
 * @example
 * app.use(webapp.basicAuth('admin', process.env.ADMIN_PASSWORD));
 * app.use(webapp.basicAuth((user, pass) => user === 'tj' && pass === 'wahoo', 'Admin area'));
 * app.use(webapp.basicAuth((user, pass, done) => db.check(user, pass, done)));
 */
export function basicAuth(user: string, pass: string, realm?: string): BasicAuthMiddleware;
/** A check: `(user, pass) => boolean`, or with a third parameter `(user, pass, callback(err, user))`. */
export function basicAuth(
  check: (
    user: string,
    pass: string,
    callback: (err: unknown, user?: unknown) => void,
    // biome-ignore lint/suspicious/noConfusingVoidType: a callback-style check returns nothing at all
  ) => boolean | void,
  realm?: string,
): BasicAuthMiddleware;
export function basicAuth(
  check:
    | string
    | BasicAuthCheck
    | BasicAuthAsyncCheck
    | ((user: string, pass: string, callback: never) => unknown),
  passOrRealm?: string,
  maybeRealm?: string,
): BasicAuthMiddleware {
  let verify: BasicAuthCheck | BasicAuthAsyncCheck;
  let realm: string;
  if (typeof check === 'string') {
    if (typeof passOrRealm !== 'string') throw webappError('WEBAPP_BASIC_AUTH_PASSWORD_REQUIRED');
    const username = check;
    const password = passOrRealm;
    // Both comparisons always run, so timing does not tell which one failed.
    verify = (user: string, pass: string) => {
      const userOk = safeCompare(user, username);
      const passOk = safeCompare(pass, password);
      return userOk && passOk;
    };
    realm = maybeRealm ?? 'Authorization Required';
  } else if (typeof check === 'function') {
    verify = check as BasicAuthCheck | BasicAuthAsyncCheck;
    realm = passOrRealm ?? 'Authorization Required';
  } else {
    throw webappError('WEBAPP_BASIC_AUTH_ARGUMENTS_INVALID');
  }
  const quotedRealm = quoteRealm(realm);

  return function basicAuth(req: Req, res: Res, next: Next): void {
    if (req.user) {
      next();
      return;
    }
    const header = req.headers.authorization;
    if (!header) {
      challenge(res, quotedRealm);
      return;
    }
    const credentials = parseBasicAuthorization(header);
    if (!credentials) {
      next(httpError('WEBAPP_BASIC_AUTH_HEADER_MALFORMED'));
      return;
    }
    const { user, pass } = credentials;
    if (verify.length >= 3) {
      let called = false;
      try {
        (verify as BasicAuthAsyncCheck)(user, pass, (err, authenticated) => {
          if (called) return;
          called = true;
          if (err || !authenticated) {
            challenge(res, quotedRealm);
            return;
          }
          req.user = req.remoteUser = authenticated;
          next();
        });
      } catch (err) {
        if (!called) {
          called = true;
          next(err);
        }
      }
      return;
    }
    let ok: boolean;
    try {
      ok = Boolean((verify as BasicAuthCheck)(user, pass));
    } catch (err) {
      next(err);
      return;
    }
    if (!ok) {
      challenge(res, quotedRealm);
      return;
    }
    req.user = req.remoteUser = user;
    next();
  };
}

export default basicAuth;

// Refused when passed uncalled (`app.use(webapp.basicAuth)`): src/utils/middleware-factory.ts.
markFactory(basicAuth, 'basicAuth');

// `require('webappjs/basic-auth')` is the middleware itself, as with its npm counterpart.
callableModule(module, basicAuth);
