/**
 * `webapp.cookieSession(options)` — also `require('webappjs/cookie-session')`. Keeps the whole session
 * in a signed cookie: `req.session` is a plain object read lazily from the cookie, written back only
 * when it changed, and cleared by `req.session = null`.
 *
 * The cookie format is cookie-session's, so sessions survive a migration in either direction: the
 * value is base64 JSON and a second cookie `<name>.sig` holds a Keygrip-style signature (base64url
 * HMAC of `<name>=<value>`). New signatures use HMAC-SHA256 (option `algorithm`); HMAC-SHA1
 * signatures, cookie-session's default, are still accepted and are replaced on the next response,
 * as are signatures made with an older key of the rotation list.
 *
 * A session whose cookie would exceed 4096 bytes is an error given to `next(err)` when the response
 * is about to be written, instead of a cookie the browser would silently drop.
 * @module
 */
import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';
import cookie from 'cookie';
import { httpError, webappError } from '../errors/catalogue';
import { serializeCookie } from '../http/cookie';
import { headerText } from '../http/header-value';
import type { Next, Req, Res } from '../types/internal';
import { callableModule } from '../utils/callable-module';
import { markFactory } from '../utils/middleware-factory';
import { absorbWriteHeadArguments, callWriteHead, type WriteHead } from './on-headers';

/** Attributes of the session cookie. */
export interface SessionCookieOptions {
  /** Cookie path (default `/`). */
  path?: string;
  /** Cookie domain (default: the host that set it). */
  domain?: string;
  /** Hide the cookie from client-side scripts (default true). */
  httpOnly?: boolean;
  /**
   * Send only over HTTPS. Default: set when the request came over HTTPS. When true on a plain
   * HTTP request the cookie is not sent at all.
   */
  secure?: boolean;
  /** The `SameSite` attribute; true means Strict. */
  sameSite?: boolean | 'lax' | 'strict' | 'none' | 'Lax' | 'Strict' | 'None';
  /** Lifetime in milliseconds; null or absent makes a browser-session cookie (default null). */
  maxAge?: number | null;
  /** Absolute expiry date (maxAge wins when both are given). */
  expires?: Date;
  /** Partitioned storage (CHIPS). */
  partitioned?: boolean;
  /** The `Priority` attribute. */
  priority?: 'low' | 'medium' | 'high' | 'Low' | 'Medium' | 'High';
  /** Replace Set-Cookie values of the same name already on the response (default true). */
  overwrite?: boolean;
  /** Sign the cookie (default true; an unsigned session can be edited by the client). */
  signed?: boolean;
}

/** A custom signer, e.g. a `Keygrip` instance: `sign` makes a digest, `index` finds the key that made one. */
export interface SessionKeyList {
  sign(data: string): string;
  index(data: string, digest: string): number;
}

export interface CookieSessionOptions extends SessionCookieOptions {
  /** Cookie name (default `connect.sess`; cookie-session's default was `session`). */
  name?: string;
  /** Alias of `name` (the 3.x option). */
  key?: string;
  /** Signing keys, newest first: the first signs, all verify (rotation). */
  keys?: Array<string | Buffer> | SessionKeyList;
  /** A single signing key, when `keys` is not given. */
  secret?: string;
  /** Cookie attributes, as in 3.x; the same attributes given at the top level take precedence. */
  cookie?: SessionCookieOptions;
  /**
   * How to tell that the request came over HTTPS: true trusts `X-Forwarded-Proto`, false looks only
   * at the socket, absent uses `req.protocol` (which follows the app's `trust proxy` setting).
   */
  proxy?: boolean;
  /** HMAC of new signatures (default `sha256`; `sha1` makes cookies cookie-session@2 can verify). */
  algorithm?: 'sha256' | 'sha1';
}

/** Browsers store at most 4096 bytes per cookie (RFC 6265 6.1): a longer Set-Cookie is dropped. */
const MAX_COOKIE_BYTES = 4096;

const ATTRIBUTES = [
  'path',
  'domain',
  'httpOnly',
  'secure',
  'sameSite',
  'maxAge',
  'expires',
  'partitioned',
  'priority',
  'overwrite',
  'signed',
] as const;

const kContext = Symbol('cookieSession.context');

interface SessionContext {
  isNew: boolean;
  /** The cookie value the session was read from, to tell whether it changed. */
  value: string | undefined;
}

function encode(data: object): string {
  return Buffer.from(JSON.stringify(data)).toString('base64');
}

/**
 * The session object: the user's data as own enumerable properties; the metadata getters live on
 * the prototype, so they are neither serialised nor overwritable from cookie data.
 */
export class Session {
  declare [kContext]: SessionContext;

  constructor(context: SessionContext, data?: object) {
    Object.defineProperty(this, kContext, { value: context });
    if (data) {
      for (const key of Object.keys(data)) {
        // `__proto__`, `constructor`, `isNew`… are already "in" the object: never copied.
        if (!(key in this)) (this as Record<string, unknown>)[key] = (data as Record<string, unknown>)[key];
      }
    }
  }

  /** True when the session did not come from a valid cookie of this request. */
  get isNew(): boolean {
    return this[kContext].isNew;
  }

  /** True when the session differs from what the request's cookie held. */
  get isChanged(): boolean {
    return this[kContext].isNew || this[kContext].value !== encode(this);
  }

  /** True when the session holds at least one value. */
  get isPopulated(): boolean {
    return Object.keys(this).length > 0;
  }
}

type Algorithm = 'sha256' | 'sha1';

/** Keygrip's digest: base64url without padding. */
function digest(algorithm: Algorithm, key: string | Buffer, data: string): string {
  return createHmac(algorithm, key).update(data).digest('base64url');
}

/** Length of a base64url digest without padding, which identifies the algorithm that made it. */
const DIGEST_LENGTH: Record<number, Algorithm> = { 27: 'sha1', 43: 'sha256' };

interface Signer {
  sign(data: string): string;
  /** -1 when no key matches; 0 when the current key and algorithm made it; > 0 when it should be re-signed. */
  check(data: string, signature: string): number;
}

function keySigner(keys: Array<string | Buffer>, algorithm: Algorithm): Signer {
  return {
    sign: (data) => digest(algorithm, keys[0], data),
    check(data, signature) {
      const used = DIGEST_LENGTH[signature.length];
      if (used === undefined) return -1;
      const given = Buffer.from(signature);
      for (let i = 0; i < keys.length; i++) {
        const expected = Buffer.from(digest(used, keys[i], data));
        // Equal lengths are guaranteed by the algorithm choice; the comparison is constant-time.
        if (expected.length === given.length && timingSafeEqual(expected, given)) {
          return i === 0 && used === algorithm ? 0 : 1;
        }
      }
      return -1;
    },
  };
}

function customSigner(list: SessionKeyList): Signer {
  return {
    sign: (data) => list.sign(data),
    check(data, signature) {
      const index = list.index(data, signature);
      return typeof index === 'number' && index >= 0 ? Math.min(index, 1) : -1;
    },
  };
}

function createSigner(options: CookieSessionOptions): Signer | undefined {
  const keys = options.keys ?? (options.secret ? [options.secret] : undefined);
  if (keys === undefined) return undefined;
  if (!Array.isArray(keys)) {
    if (keys && typeof keys.sign === 'function' && typeof keys.index === 'function')
      return customSigner(keys);
    throw webappError('WEBAPP_COOKIE_SESSION_KEYS_INVALID');
  }
  if (keys.length === 0) return undefined;
  for (const key of keys) {
    if (!(typeof key === 'string' && key.length > 0) && !Buffer.isBuffer(key))
      throw webappError('WEBAPP_COOKIE_SESSION_KEYS_EMPTY');
  }
  const algorithm = options.algorithm ?? 'sha256';
  if (algorithm !== 'sha256' && algorithm !== 'sha1')
    throw webappError('WEBAPP_COOKIE_SESSION_ALGORITHM_INVALID');
  return keySigner(keys.slice(), algorithm);
}

/** Resolved attributes: defaults, then `cookie: {…}`, then top-level options. */
function cookieDefaults(options: CookieSessionOptions): SessionCookieOptions {
  const out: SessionCookieOptions = {
    path: '/',
    httpOnly: true,
    maxAge: null,
    overwrite: true,
    signed: true,
  };
  for (const source of [options.cookie, options]) {
    if (!source) continue;
    for (const name of ATTRIBUTES) {
      if (source[name] !== undefined) (out as Record<string, unknown>)[name] = source[name];
    }
  }
  return out;
}

function isEncrypted(req: Req): boolean {
  return Boolean((req.socket as { encrypted?: boolean } | undefined)?.encrypted);
}

function requestIsSecure(req: Req, proxy: boolean | undefined): boolean {
  if (isEncrypted(req)) return true;
  if (proxy === true) {
    const header = headerText(req.headers['x-forwarded-proto']);
    if (header === undefined) return false;
    const comma = header.indexOf(',');
    return (comma === -1 ? header : header.slice(0, comma)).trim().toLowerCase() === 'https';
  }
  if (proxy === undefined) {
    try {
      return req.protocol === 'https';
    } catch {
      return false;
    }
  }
  return false;
}

/** One `Set-Cookie` value, validated (and CR/LF-free) through the `cookie` package. */
function serialize(
  name: string,
  value: string,
  attrs: SessionCookieOptions,
  secure: boolean,
  clear: boolean,
): string {
  let expires = attrs.expires;
  let maxAge: number | undefined;
  if (clear) {
    expires = new Date(0);
  } else if (typeof attrs.maxAge === 'number' && attrs.maxAge !== 0) {
    expires = new Date(Date.now() + attrs.maxAge);
    maxAge = Math.floor(attrs.maxAge / 1000);
  } else if (attrs.maxAge !== undefined && attrs.maxAge !== null && attrs.maxAge !== 0) {
    throw webappError('WEBAPP_COOKIE_SESSION_MAX_AGE_INVALID');
  }
  return serializeCookie(name, value, {
    path: attrs.path,
    domain: attrs.domain,
    expires,
    maxAge,
    httpOnly: attrs.httpOnly,
    secure,
    sameSite: attrs.sameSite,
    partitioned: attrs.partitioned,
    priority: attrs.priority,
    // The value is base64 already; keeping it verbatim keeps the signature over the same bytes.
    encode: (text: string) => text,
  });
}

const PENDING = 0;
const COMMITTED = 1;
const FAILED = 2;

interface Config {
  name: string;
  signer: Signer | undefined;
  defaults: SessionCookieOptions;
  proxy: boolean | undefined;
}

/** Per-request state, kept on both req and res under the middleware's own symbol. */
interface State {
  config: Config;
  req: Req;
  res: Res;
  next: Next;
  /** undefined: not read yet; false: set to null; otherwise the session. */
  session: Session | false | undefined;
  /** The cookie was valid but signed with an older key or algorithm. */
  resign: boolean;
  phase: number;
  writeHead: WriteHead | undefined;
  write: Res['write'] | undefined;
  end: Res['end'] | undefined;
}

/** Reads the session from the request's cookies; a missing, unsigned or tampered cookie gives undefined. */
function readCookie(st: State): Session | undefined {
  const header = st.req.headers.cookie;
  if (!header) return undefined;
  const { name, signer } = st.config;
  let cookies: Record<string, string | undefined>;
  try {
    cookies = cookie.parse(header, { decode: (text: string) => text });
  } catch {
    return undefined;
  }
  const value = cookies[name];
  if (!value) return undefined;
  if (signer !== undefined && st.req.sessionOptions?.signed !== false) {
    const signature = cookies[`${name}.sig`];
    if (!signature) return undefined;
    const match = signer.check(`${name}=${value}`, signature);
    if (match < 0) return undefined;
    st.resign = match > 0;
  }
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
  } catch {
    st.resign = false;
    return undefined;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    st.resign = false;
    return undefined;
  }
  return new Session({ isNew: false, value }, data);
}

/** The Set-Cookie values this response needs, or undefined when the session stays as it is. */
function sessionCookies(st: State): string[] | undefined {
  const sess = st.session;
  if (sess === undefined) return undefined;
  let value: string;
  if (sess === false) {
    value = '';
  } else {
    const context = sess[kContext];
    const save = (!context.isNew || sess.isPopulated) && sess.isChanged;
    if (!save && !(st.resign && !context.isNew)) return undefined;
    value = encode(sess);
  }
  const { name, signer, proxy } = st.config;
  const attrs: SessionCookieOptions = st.req.sessionOptions ?? st.config.defaults;
  const secureRequest = requestIsSecure(st.req, proxy);
  // A Secure cookie set over plain HTTP would be refused by the browser: do not send it.
  if (attrs.secure && !secureRequest) return undefined;
  const secure = attrs.secure === undefined ? secureRequest : Boolean(attrs.secure);
  const clear = sess === false;
  const main = serialize(name, value, attrs, secure, clear);
  if (main.length > MAX_COOKIE_BYTES) {
    throw httpError(
      'ESESSIONTOOLARGE',
      { size: main.length, limit: MAX_COOKIE_BYTES },
      name,
      main.length,
      MAX_COOKIE_BYTES,
    );
  }
  if (signer === undefined || attrs.signed === false) return [main];
  return [main, serialize(`${name}.sig`, signer.sign(`${name}=${value}`), attrs, secure, clear)];
}

/** Adds the session cookies to the response; false (after `next(err)`) when they cannot be sent. */
function commit(st: State): boolean {
  st.phase = COMMITTED;
  let values: string[] | undefined;
  try {
    values = sessionCookies(st);
  } catch (err) {
    st.phase = FAILED;
    st.next(err);
    return false;
  }
  if (values === undefined) return true;
  const res = st.res;
  const previous = res.getHeader('Set-Cookie');
  let list: string[] =
    previous === undefined ? [] : Array.isArray(previous) ? previous.slice() : [String(previous)];
  const attrs: SessionCookieOptions = st.req.sessionOptions ?? st.config.defaults;
  if (attrs.overwrite !== false) {
    const name = st.config.name;
    list = list.filter((item) => !item.startsWith(`${name}=`) && !item.startsWith(`${name}.sig=`));
  }
  for (const value of values) list.push(value);
  res.setHeader('Set-Cookie', list);
  return true;
}

function checkName(name: string): string {
  // Validates the name once, at setup, through the same serializer the responses use.
  serializeCookie(name, 'x');
  serializeCookie(`${name}.sig`, 'x');
  return name;
}

/**
 * @example
 * app.use(webapp.cookieSession({ keys: [process.env.SESSION_KEY], maxAge: 24 * 60 * 60 * 1000 }));
 * app.get('/', (req, res) => {
 *   req.session.views = (req.session.views || 0) + 1;
 *   res.send(`${req.session.views} views`);
 * });
 * app.post('/logout', (req, res) => { req.session = null; res.redirect('/'); });
 */
export function cookieSession(options?: CookieSessionOptions) {
  const opts = options || {};
  const name = checkName(opts.name ?? opts.key ?? 'connect.sess');
  const defaults = cookieDefaults(opts);
  const signer = createSigner(opts);
  if (signer === undefined && defaults.signed !== false)
    throw webappError('WEBAPP_COOKIE_SESSION_KEYS_REQUIRED');
  // Catch invalid attributes now rather than on every response.
  serialize(name, 'x', defaults, Boolean(defaults.secure), false);
  const config: Config = { name, signer, defaults, proxy: opts.proxy };

  const stateKey = Symbol('cookieSession.state');

  function stateOf(target: Req | Res): State {
    return (target as (Req | Res) & Record<symbol, State>)[stateKey];
  }

  function sessionWriteHead(this: Res, statusCode: number) {
    const st = stateOf(this);
    if (st.phase === PENDING && !this.headersSent) {
      const rest = Array.prototype.slice.call(arguments, 1);
      const message = absorbWriteHeadArguments(this, statusCode, rest);
      if (!commit(st)) return this;
      return callWriteHead(this, st.writeHead!, statusCode, message);
    }
    if (st.phase === FAILED && this.writableEnded) return this;
    // `arguments` is array-like, all apply reads (passed on as it is: no copy); the same below.
    return (st.writeHead as (...args: unknown[]) => Res).apply(this, arguments as unknown as unknown[]);
  }

  function sessionWrite(this: Res) {
    const st = stateOf(this);
    if (st.phase === PENDING && !this.headersSent) {
      if (!commit(st)) return true;
    } else if (st.phase === FAILED && this.writableEnded) {
      // The error response is out: what the failed handler still writes has nowhere to go.
      return true;
    }
    return (st.write as (...args: unknown[]) => boolean).apply(this, arguments as unknown as unknown[]);
  }

  function sessionEnd(this: Res) {
    const st = stateOf(this);
    if (st.phase === PENDING && !this.headersSent) {
      if (!commit(st)) return this;
    } else if (st.phase === FAILED && this.writableEnded) {
      return this;
    }
    // `arguments` (IArguments) is array-like, which is all apply reads: passed on untouched, as called.
    return (st.end as (...args: unknown[]) => Res).apply(this, arguments as unknown as unknown[]);
  }

  /** Hooks the response on first use of the session; until then a request costs no wrapping. */
  function watch(st: State): void {
    if (st.writeHead !== undefined) return;
    const res = st.res;
    st.writeHead = res.writeHead as WriteHead;
    st.write = res.write;
    st.end = res.end;
    if (res.headersSent) {
      st.phase = COMMITTED;
      return;
    }
    // Sound: it takes writeHead's arguments (passed on whole) and returns the response, as writeHead does;
    // its declared one-parameter signature does not match writeHead's overloads.
    res.writeHead = sessionWriteHead as unknown as Res['writeHead'];
    res.write = sessionWrite as Res['write'];
    res.end = sessionEnd as Res['end'];
  }

  function getSession(this: Req): Session | null {
    const st = stateOf(this);
    if (st.session === false) return null;
    if (st.session === undefined) {
      watch(st);
      st.session = readCookie(st) ?? new Session({ isNew: true, value: undefined });
    }
    return st.session;
  }

  function setSession(this: Req, value: unknown): void {
    const st = stateOf(this);
    if (value === null || value === undefined) {
      watch(st);
      st.session = false;
      return;
    }
    if (typeof value === 'object') {
      watch(st);
      st.session = new Session({ isNew: true, value: undefined }, value);
      return;
    }
    throw webappError('WEBAPP_COOKIE_SESSION_ASSIGN_INVALID');
  }

  const descriptor: PropertyDescriptor = {
    configurable: true,
    enumerable: true,
    get: getSession,
    set: setSession,
  };

  return function cookieSession(req: Req, res: Res, next: Next): void {
    const st: State = {
      config,
      req,
      res,
      next,
      session: undefined,
      resign: false,
      phase: PENDING,
      writeHead: undefined,
      write: undefined,
      end: undefined,
    };
    (req as Req & Record<symbol, State>)[stateKey] = st;
    (res as Res & Record<symbol, State>)[stateKey] = st;
    // Per-request attribute overrides, e.g. `req.sessionOptions.maxAge = 30 * 86400e3`.
    req.sessionOptions = Object.create(defaults);
    Object.defineProperty(req, 'session', descriptor);
    next();
  };
}

export default cookieSession;

// Refused when passed uncalled (`app.use(webapp.cookieSession)`): src/utils/middleware-factory.ts.
markFactory(cookieSession, 'cookieSession');

// `require('webappjs/cookie-session')` is the middleware itself, as with its npm counterpart.
callableModule(module, cookieSession);
