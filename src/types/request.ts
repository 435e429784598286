// biome-ignore-all lint/suspicious/noExplicitAny: public declarations mirror @types/express, whose generic defaults and loose handler types are `any`; changing them would break assignability with code typed against Express.
/**
 * The public type of the request (`Request`) and the shapes its members return: parsed query strings,
 * media types, byte ranges.
 * Part of `webappjs/core` (./core.ts re-exports every name), mirroring `express-serve-static-core`.
 * @example
 * import type { Request } from 'webappjs/core';
 * @module
 */

import type * as http from 'node:http';
import type { Application } from './application';
import type { NextFunction } from './handlers';
import type { Response } from './response';
import type { ParamsDictionary } from './route-parameters';

/**
 * A parsed query string (the `qs` shape): values are strings, arrays, or nested objects.
 * Defined here so webapp's types do not depend on `@types/qs`.
 * @example
 * const q: ParsedQs = { page: '2', tags: ['a', 'b'], filter: { owner: 'me' } };
 */
export interface ParsedQs {
  [key: string]: undefined | string | ParsedQs | (string | ParsedQs)[];
}

/**
 * The default type of `req.query`.
 * @example
 * app.get('/search', (req: Request<{}, any, any, Query>, res) => res.json(req.query.q));
 */
export type Query = ParsedQs;

/**
 * Alias of {@link ParamsDictionary}.
 * @example
 * const params: Params = { id: '42' };
 */
export type Params = ParamsDictionary;

/**
 * An object with values of one type under string keys.
 * @example
 * const counts: Dictionary<number> = { a: 1 };
 */
export interface Dictionary<T> {
  [key: string]: T;
}

/**
 * A media range from an Accept header.
 * @example
 * const html: MediaType = { value: 'text/html', quality: 1, type: 'text', subtype: 'html' };
 */
export interface MediaType {
  /** The full value, e.g. `'text/html'`. @example type.value */
  value: string;
  /** The q-value, 0 to 1. @example type.quality */
  quality: number;
  /** The top-level type, e.g. `'text'`. @example type.type */
  type: string;
  /** The subtype, e.g. `'html'`. @example type.subtype */
  subtype: string;
}

/**
 * One inclusive byte range returned by `req.range()`.
 * @example
 * const first: ByteRange = { start: 0, end: 499 };
 */
export interface ByteRange {
  /** First unit of the range. @example range.start */
  start: number;
  /** Last unit of the range (inclusive). @example range.end */
  end: number;
}

/**
 * The ranges `req.range()` returns, tagged with the range unit.
 * @example
 * const ranges = req.range(size); if (Array.isArray(ranges) && ranges.type === 'bytes') {}
 */
export interface RequestRanges extends Array<ByteRange> {
  /** The range unit, usually `'bytes'`. @example ranges.type */
  type: string;
}

/**
 * Options of `req.range()`.
 * @example
 * req.range(1000, { combine: true })
 */
export interface RangeOptions {
  /** Merge overlapping and adjacent ranges. @example req.range(size, { combine: true }) */
  combine?: boolean | undefined;
}

/**
 * The incoming request: node's `http.IncomingMessage` plus Express's members.
 * `P` types `req.params` (inferred from the route path), `ReqBody` `req.body`, `ReqQuery` `req.query`.
 * @example
 * app.post('/users/:id', (req: Request<{ id: string }, unknown, { name: string }>, res) => {
 *   res.json({ id: req.params.id, name: req.body.name });
 * });
 */
export interface Request<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> extends http.IncomingMessage,
    Express.Request {
  /**
   * A request header, case-insensitively; `Referer` and `Referrer` are interchangeable.
   * @example
   * req.get('set-cookie') // string[] | undefined
   */
  get(name: 'set-cookie'): string[] | undefined;
  /**
   * A request header, case-insensitively.
   * @example
   * req.get('content-type') // 'application/json'
   */
  get(name: string): string | undefined;
  /**
   * Alias of `req.get`.
   * @example
   * req.header('set-cookie')
   */
  header(name: 'set-cookie'): string[] | undefined;
  /**
   * Alias of `req.get`.
   * @example
   * req.header('accept')
   */
  header(name: string): string | undefined;

  /**
   * Every media type the client accepts, best first.
   * @example
   * req.accepts() // ['text/html', 'application/json']
   */
  accepts(): string[];
  /**
   * The best of the given types (extensions or MIME types) the client accepts, or false.
   * @example
   * req.accepts('json') // 'json' | false
   */
  accepts(type: string): string | false;
  /**
   * The best of the given types the client accepts, or false.
   * @example
   * req.accepts(['html', 'json'])
   */
  accepts(type: string[]): string | false;
  /**
   * The best of the given types the client accepts, or false.
   * @example
   * req.accepts('html', 'json')
   */
  accepts(...type: string[]): string | false;

  /**
   * Every charset the client accepts, best first.
   * @example
   * req.acceptsCharsets()
   */
  acceptsCharsets(): string[];
  /**
   * The first of the given charsets the client accepts, or false.
   * @example
   * req.acceptsCharsets('utf-8')
   */
  acceptsCharsets(charset: string): string | false;
  /**
   * The first of the given charsets the client accepts, or false.
   * @example
   * req.acceptsCharsets(['utf-8', 'iso-8859-1'])
   */
  acceptsCharsets(charset: string[]): string | false;
  /**
   * The first of the given charsets the client accepts, or false.
   * @example
   * req.acceptsCharsets('utf-8', 'iso-8859-1')
   */
  acceptsCharsets(...charset: string[]): string | false;

  /**
   * Every encoding the client accepts, best first.
   * @example
   * req.acceptsEncodings()
   */
  acceptsEncodings(): string[];
  /**
   * The first of the given encodings the client accepts, or false.
   * @example
   * req.acceptsEncodings('gzip')
   */
  acceptsEncodings(encoding: string): string | false;
  /**
   * The first of the given encodings the client accepts, or false.
   * @example
   * req.acceptsEncodings(['br', 'gzip'])
   */
  acceptsEncodings(encoding: string[]): string | false;
  /**
   * The first of the given encodings the client accepts, or false.
   * @example
   * req.acceptsEncodings('br', 'gzip')
   */
  acceptsEncodings(...encoding: string[]): string | false;

  /**
   * Every language the client accepts, best first.
   * @example
   * req.acceptsLanguages()
   */
  acceptsLanguages(): string[];
  /**
   * The first of the given languages the client accepts, or false.
   * @example
   * req.acceptsLanguages('en')
   */
  acceptsLanguages(lang: string): string | false;
  /**
   * The first of the given languages the client accepts, or false.
   * @example
   * req.acceptsLanguages(['en', 'fr'])
   */
  acceptsLanguages(lang: string[]): string | false;
  /**
   * The first of the given languages the client accepts, or false.
   * @example
   * req.acceptsLanguages('en', 'fr')
   */
  acceptsLanguages(...lang: string[]): string | false;

  /**
   * Deprecated singular form of `req.acceptsCharsets`.
   * @deprecated Use `req.acceptsCharsets`.
   * @example
   * req.acceptsCharset('utf-8')
   */
  acceptsCharset(...charset: string[]): string[] | string | false;
  /**
   * Deprecated singular form of `req.acceptsEncodings`.
   * @deprecated Use `req.acceptsEncodings`.
   * @example
   * req.acceptsEncoding('gzip')
   */
  acceptsEncoding(...encoding: string[]): string[] | string | false;
  /**
   * Deprecated singular form of `req.acceptsLanguages`.
   * @deprecated Use `req.acceptsLanguages`.
   * @example
   * req.acceptsLanguage('en')
   */
  acceptsLanguage(...lang: string[]): string[] | string | false;

  /**
   * The Range header parsed against a resource of `size` units: the ranges, -1 when none is
   * satisfiable, -2 when the header is malformed, undefined when there is no Range header.
   * @example
   * const ranges = req.range(stat.size, { combine: true });
   */
  range(size: number, options?: RangeOptions): RequestRanges | -1 | -2 | undefined;

  /**
   * Express 3's parsed Accept header. Express 4 and webapp never set it (it reads undefined); it is
   * declared only so that handlers typed with `@types/express` accept webapp's request.
   * @deprecated Use `req.accepts()`.
   * @example
   * req.accepts() // instead of req.accepted
   */
  accepted: MediaType[];

  /**
   * A value from `req.params`, then `req.body`, then `req.query`, else `defaultValue`.
   * @deprecated Use `req.params`, `req.body` or `req.query`.
   * @example
   * req.param('id')
   */
  param(name: string, defaultValue?: any): string;

  /**
   * The matching type if the request's Content-Type is one of the given types, false if not,
   * null when the request has no body.
   * @example
   * req.is('json') // 'json' | false | null
   */
  is(type: string | string[], ...types: string[]): string | false | null;

  /**
   * `'http'` or `'https'`; the X-Forwarded-Proto value when the peer is trusted (`trust proxy`).
   * @example
   * req.protocol // 'https'
   */
  readonly protocol: string;
  /**
   * `req.protocol === 'https'`.
   * @example
   * if (!req.secure) return res.redirect(`https://${req.hostname}${req.originalUrl}`);
   */
  readonly secure: boolean;
  /**
   * The client address, following `trust proxy`.
   * @example
   * req.ip // '203.0.113.7'
   */
  readonly ip: string | undefined;
  /**
   * The X-Forwarded-For addresses, client first, when `trust proxy` is set; else `[]`.
   * @example
   * req.ips // ['203.0.113.7', '10.0.0.2']
   */
  readonly ips: string[];
  /**
   * The subdomains of the host name, nearest the domain first (see `subdomain offset`).
   * @example
   * req.subdomains // ['ferrets', 'tobi'] for tobi.ferrets.example.com
   */
  readonly subdomains: string[];
  /**
   * The pathname of the URL.
   * @example
   * req.path // '/users/42'
   */
  readonly path: string;
  /**
   * The host name without port; X-Forwarded-Host when the peer is trusted.
   * @example
   * req.hostname // 'example.com'
   */
  readonly hostname: string;
  /**
   * The host name (without port, as in Express 4).
   * @deprecated Use `req.hostname`.
   * @example
   * req.host // 'example.com'
   */
  readonly host: string;
  /**
   * Whether the client's cached copy is still valid (ETag / Last-Modified match).
   * @example
   * if (req.fresh) return res.sendStatus(304);
   */
  readonly fresh: boolean;
  /**
   * `!req.fresh`.
   * @example
   * if (req.stale) res.send(body);
   */
  readonly stale: boolean;
  /**
   * Whether X-Requested-With is `XMLHttpRequest`.
   * @example
   * if (req.xhr) res.json(data); else res.render('page', data);
   */
  readonly xhr: boolean;

  /**
   * The parsed body, set by a body parser (`webapp.json()` and friends).
   * @example
   * app.post('/', webapp.json(), (req, res) => res.json(req.body));
   */
  body: ReqBody;
  /**
   * Cookies parsed by `cookieParser`.
   * @example
   * req.cookies.sid
   */
  cookies: any;
  /**
   * The request method; writable (method-override changes it).
   * @example
   * req.method // 'GET'
   */
  method: string;
  /**
   * Route parameters; typed from the route path when the handler is given inline.
   * @example
   * app.get('/users/:id', (req) => req.params.id);
   */
  params: P;
  /**
   * The parsed query string; a plain writable property, as in Express 4.
   * @example
   * req.query.page
   */
  query: ReqQuery;
  /**
   * The route that matched, inside route handlers.
   * @example
   * req.route.path // '/users/:id'
   */
  route: any;
  /**
   * Signed cookies whose signature checked out (`cookieParser(secret)`); tampered ones are false.
   * @example
   * req.signedCookies.session
   */
  signedCookies: any;
  /**
   * The secret given to `cookieParser`, used by `res.cookie(name, value, { signed: true })`.
   * @example
   * req.secret
   */
  secret?: string | undefined;
  /**
   * The URL as received, kept while `req.url` is rewritten for mounted routers and apps.
   * @example
   * req.originalUrl // '/admin/users?page=2'
   */
  originalUrl: string;
  /**
   * The URL relative to the current mount point.
   * @example
   * req.url // '/users?page=2' inside app.use('/admin', …)
   */
  url: string;
  /**
   * The path the current router or app was mounted on.
   * @example
   * req.baseUrl // '/admin'
   */
  baseUrl: string;
  /**
   * The application handling the request.
   * @example
   * req.app.get('env')
   */
  app: Application;
  /**
   * The response of this request.
   * @example
   * req.res?.locals
   */
  res?: Response<ResBody, LocalsObj> | undefined;
  /**
   * The `next` of the current middleware.
   * @example
   * req.next?.()
   */
  next?: NextFunction | undefined;
  /**
   * An AbortSignal aborted when nobody will read the response any more: the client went away before
   * it was complete (reason: an `ECONNABORTED` error), `webapp.timeout()` ran out (its `ETIMEDOUT`
   * error) or a shutdown's deadline came (`WEBAPP_SHUTDOWN_DEADLINE`). Created on first read.
   * @example
   * const upstream = await fetch(url, { signal: req.signal });
   */
  readonly signal: AbortSignal;
  /**
   * Whether `webapp.timeout()` ran out for this request (typed as `@types/connect-timeout` does; only
   * set where the middleware runs).
   * @example
   * if (!req.timedout) res.send(result);
   */
  timedout: boolean;
  /**
   * Stops the timer of `webapp.timeout()` for this request (only set where the middleware runs).
   * @example
   * req.clearTimeout(); // a long download: no deadline
   */
  clearTimeout(): void;
}
