/**
 * The public types of webapp, mirroring `express-serve-static-core` (the module behind
 * `@types/express`): the same names, the same generic parameters in the same order with the same
 * defaults. `import type { Request } from 'webapp/core'` is the same type as `webapp.Request`.
 *
 * Request, Response, Application and Locals extend the global `Express.*` interfaces, so the
 * augmentations of passport (`req.user`), multer (`req.file`), express-session (`req.session`) and
 * your own `declare global { namespace Express { interface Request { … } } }` apply unchanged.
 *
 * Compatibility with `@types/express` is structural: our Request and Response are assignable to
 * theirs, so middleware typed `express.RequestHandler` is accepted by `use` and the route methods
 * under `strict`. Where the Express types describe members that Express 4 no longer has (Express 3
 * leftovers), they are declared here too, marked deprecated, with the type the runtime gives.
 * @module
 */
import type { EventEmitter } from 'node:events';
import type * as http from 'node:http';
import type { SendOptions } from './middleware-options';
import type { ParamsDictionary, RouteParameters } from './route-parameters';

export type {
  BasicAuthCheck,
  CookieParserOptions,
  JsonOptions,
  NodeHandler,
  ParserOptions,
  RawOptions,
  SendOptions,
  ServeStaticOptions,
  TextOptions,
  UrlencodedOptions,
  VerifyCallback,
} from './middleware-options';
export type { ParamsDictionary, RouteParameters } from './route-parameters';

declare global {
  /** Augmentation points shared with `@types/express`: add members here and every webapp request, response, app and `locals` has them. */
  namespace Express {
    /**
     * Members added to every request, by you or by middleware typings (passport, multer, express-session).
     * @example
     * declare global { namespace Express { interface Request { tenant?: string } } }
     */
    interface Request {}
    /**
     * Members added to every response.
     * @example
     * declare global { namespace Express { interface Response { flush(): void } } }
     */
    interface Response {}
    /**
     * Members of `res.locals` and `app.locals` known to every handler.
     * @example
     * declare global { namespace Express { interface Locals { user?: { id: string } } } }
     */
    interface Locals {}
    /**
     * Members added to every application.
     * @example
     * declare global { namespace Express { interface Application { db: Database } } }
     */
    interface Application {}
  }
}

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
 * A route path: a string in Express 4 syntax, a regular expression, or a list of those.
 * @example
 * const paths: PathParams = ['/a/:id', /^\/b\/(\d+)$/];
 */
export type PathParams = string | RegExp | Array<string | RegExp>;

/**
 * The `next` callback given to every handler.
 * @example
 * const auth: RequestHandler = (req, res, next) => (req.get('authorization') ? next() : next(new Error('denied')));
 */
export interface NextFunction {
  /**
   * Passes control to the next matching handler; with an error, to the next error handler.
   * @example
   * next(); next(err);
   */
  (err?: any): void;
  /**
   * Skips the rest of this router's stack and continues after the router.
   * @example
   * if (!req.user) return next('router');
   */
  (deferToNext: 'router'): void;
  /**
   * Skips the remaining handlers of this route.
   * @example
   * if (req.params.id === '0') return next('route');
   */
  (deferToNext: 'route'): void;
}

/**
 * Members of `res.locals` / `app.locals`; extends the global `Express.Locals` augmentation point.
 * @example
 * declare global { namespace Express { interface Locals { title: string } } }
 */
export interface Locals extends Express.Locals {}

/**
 * A middleware or route handler.
 * @example
 * const hello: RequestHandler<{ name: string }> = (req, res) => res.send(`hi ${req.params.name}`);
 * app.get('/hi/:name', hello);
 */
export interface RequestHandler<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> {
  /**
   * Handles a request: respond, or call `next()` / `next(err)`. Typed `void` as in `@types/express`
   * (an arrow function may still return `res.send(…)`, and an async one a promise); a returned
   * promise that rejects reaches `next(err)`.
   * @example
   * const handler: RequestHandler = async (req, res) => { res.json(await load(req.query)); };
   */
  // biome-ignore lint/style/useShorthandFunctionType: an interface, so that Handler and user types can extend it.
  (
    req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>,
    res: Response<ResBody, LocalsObj>,
    next: NextFunction,
  ): void;
}

/**
 * An error-handling middleware: four parameters, called after `next(err)`.
 * @example
 * const onError: ErrorRequestHandler = (err, req, res, next) => res.status(500).json({ error: String(err) });
 * app.use(onError);
 */
export type ErrorRequestHandler<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> = (
  err: any,
  req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>,
  res: Response<ResBody, LocalsObj>,
  next: NextFunction,
) => void;

/**
 * What `use` and the route methods accept for each handler argument: a handler, an error handler, or a list of them.
 * @example
 * const chain: RequestHandlerParams = [authenticate, authorize];
 * app.get('/admin', chain);
 */
export type RequestHandlerParams<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> =
  | RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | Array<RequestHandler<P> | ErrorRequestHandler<P>>;

/**
 * The escape hatch: any function of (req, res, next) or (err, req, res, next), whatever its types.
 * Handlers written against other typings always fit here.
 * @example
 * const legacy: LooseHandler = (req: any, res: any, next: any) => next();
 */
export type LooseHandler =
  | ((req: any, res: any, next: any) => unknown)
  | ((err: any, req: any, res: any, next: any) => unknown);

/**
 * A handler: the name `@types/express` uses for a plain {@link RequestHandler}.
 * @example
 * const noop: Handler = (req, res, next) => next();
 */
export interface Handler extends RequestHandler {}

/**
 * A callback registered with `app.param(name, fn)` / `router.param(name, fn)`.
 * @example
 * const loadUser: RequestParamHandler = (req, res, next, id) => { req.params.id = String(id); next(); };
 * app.param('id', loadUser);
 */
export type RequestParamHandler = (
  req: Request,
  res: Response,
  next: NextFunction,
  value: any,
  name: string,
) => any;

/**
 * The callback of `res.sendFile` and `res.download`.
 * @example
 * res.sendFile(file, (err) => { if (err) next(err); });
 */
export type Errback = (err: Error) => void;

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
 * `res.send` / `res.json` / `res.jsonp`: one optional body, returning the response.
 * @example
 * const send: Send<{ ok: boolean }> = res.json;
 */
export type Send<ResBody = any, T = Response<ResBody>> = (body?: ResBody) => T;

/**
 * Options of `res.cookie` and `res.clearCookie`.
 * @example
 * const session: CookieOptions = { httpOnly: true, secure: true, sameSite: 'lax', maxAge: 86_400_000 };
 */
export interface CookieOptions {
  /** Lifetime in milliseconds; sets both `Expires` and `Max-Age`. @example res.cookie('a', 'b', { maxAge: 900000 }) */
  maxAge?: number | undefined;
  /** Sign the value with the secret given to cookieParser. @example res.cookie('a', 'b', { signed: true }) */
  signed?: boolean | undefined;
  /** Expiry date; absent makes a session cookie. @example res.cookie('a', 'b', { expires: new Date(Date.now() + 8.64e7) }) */
  expires?: Date | undefined;
  /** Hide the cookie from client-side scripts. @example res.cookie('sid', id, { httpOnly: true }) */
  httpOnly?: boolean | undefined;
  /** Cookie path, default `'/'`. @example res.cookie('a', 'b', { path: '/admin' }) */
  path?: string | undefined;
  /** Cookie domain. @example res.cookie('a', 'b', { domain: '.example.com' }) */
  domain?: string | undefined;
  /** Send over HTTPS only. @example res.cookie('a', 'b', { secure: true }) */
  secure?: boolean | undefined;
  /** Synchronous value encoder, default `encodeURIComponent`. @example res.cookie('a', 'b c', { encode: String }) */
  encode?: ((val: string) => string) | undefined;
  /** The `SameSite` attribute; true means Strict. @example res.cookie('a', 'b', { sameSite: 'lax' }) */
  sameSite?: boolean | 'lax' | 'strict' | 'none' | 'Lax' | 'Strict' | 'None' | undefined;
  /** The `Priority` attribute. @example res.cookie('a', 'b', { priority: 'high' }) */
  priority?: 'low' | 'medium' | 'high' | 'Low' | 'Medium' | 'High' | undefined;
  /** Partitioned storage (CHIPS). @example res.cookie('a', 'b', { secure: true, partitioned: true }) */
  partitioned?: boolean | undefined;
}

/**
 * Options of `res.sendFile`.
 * @example
 * res.sendFile('index.html', { root: 'public', maxAge: '1h', headers: { 'X-Frame-Options': 'DENY' } } satisfies SendFileOptions);
 */
export interface SendFileOptions extends SendOptions {
  /** Headers set on the response. @example res.sendFile(file, { headers: { 'X-Sent': 'true' } }) */
  headers?: Record<string, unknown> | undefined;
}

/**
 * Options of `res.download`.
 * @example
 * res.download('q3.pdf', 'report.pdf', { root: '/reports', dotfiles: 'deny' } satisfies DownloadOptions);
 */
export interface DownloadOptions extends SendOptions {
  /** Headers set on the response (Content-Disposition is always set by download). @example res.download(file, 'a.pdf', { headers: { 'X-Id': '1' } }) */
  headers?: Record<string, unknown> | undefined;
}

/**
 * The callbacks of `res.format`, by media type or extension, with an optional `default`.
 * @example
 * res.format({ html: () => res.send('<p>hi</p>'), json: () => res.json({ hi: true }), default: () => res.sendStatus(406) });
 */
export interface FormatCallbacks {
  [type: string]: ((req: Request, res: Response, next: NextFunction) => unknown) | undefined;
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
}

/**
 * The outgoing response: node's `http.ServerResponse` plus Express's members.
 * `ResBody` types what `send`/`json` accept, `LocalsObj` types `res.locals`.
 * @example
 * app.get('/me', (req, res: Response<{ id: string }>) => res.json({ id: 'me' }));
 */
export interface Response<
  ResBody = any,
  LocalsObj extends Record<string, any> = Record<string, any>,
  StatusCode extends number = number,
> extends http.ServerResponse,
    Express.Response {
  /**
   * Sets the status code.
   * @example
   * res.status(404).send('Not found');
   */
  status(code: StatusCode): this;
  /**
   * Sets the status code and sends its status text as the body.
   * @example
   * res.sendStatus(204);
   */
  sendStatus(code: StatusCode): this;
  /**
   * Sets the Link header from `{ rel: url }`.
   * @example
   * res.links({ next: '/users?page=3', last: '/users?page=9' });
   */
  links(links: any): this;
  /**
   * Sends a body: strings as HTML (unless a type is set), Buffers as binary, objects as JSON.
   * @example
   * res.send('<p>hello</p>');
   */
  send: Send<ResBody, this>;
  /**
   * Sends a value as JSON (honouring `json replacer`, `json spaces`, `json escape`).
   * @example
   * res.json({ ok: true });
   */
  json: Send<ResBody, this>;
  /**
   * Sends JSON, wrapped in a JSONP callback when the query names one.
   * @example
   * res.jsonp({ ok: true }); // ?callback=cb → cb({"ok":true})
   */
  jsonp: Send<ResBody, this>;

  /**
   * Streams a file (absolute path, or relative with `root`), with caching headers and Range support.
   * @example
   * res.sendFile('/srv/files/a.pdf', (err) => { if (err) next(err); });
   */
  sendFile(path: string, fn?: Errback): void;
  /**
   * Streams a file with options.
   * @example
   * res.sendFile('a.pdf', { root: '/srv/files', maxAge: '1d' });
   */
  sendFile(path: string, options: SendFileOptions, fn?: Errback): void;

  /**
   * The Express 3 spelling of `res.sendFile`.
   * @deprecated Use `res.sendFile`.
   * @example
   * res.sendfile('public/index.html');
   */
  sendfile(path: string): void;
  /**
   * The Express 3 spelling of `res.sendFile`, with options.
   * @deprecated Use `res.sendFile`.
   * @example
   * res.sendfile('index.html', { root: 'public' });
   */
  sendfile(path: string, options: SendFileOptions): void;
  /**
   * The Express 3 spelling of `res.sendFile`, with a callback.
   * @deprecated Use `res.sendFile`.
   * @example
   * res.sendfile('public/index.html', (err) => {});
   */
  sendfile(path: string, fn: Errback): void;
  /**
   * The Express 3 spelling of `res.sendFile`, with options and a callback.
   * @deprecated Use `res.sendFile`.
   * @example
   * res.sendfile('index.html', { root: 'public' }, (err) => {});
   */
  sendfile(path: string, options: SendFileOptions, fn: Errback): void;

  /**
   * Sends a file as an attachment (Content-Disposition), named after the file.
   * @example
   * res.download('/reports/q3.pdf');
   */
  download(path: string, fn?: Errback): void;
  /**
   * Sends a file as an attachment with options, named after the file.
   * @example
   * res.download('q3.pdf', { root: '/reports' });
   */
  download(path: string, options: DownloadOptions, fn?: Errback): void;
  /**
   * Sends a file as an attachment under the given name.
   * @example
   * res.download('/reports/q3.pdf', 'report.pdf');
   */
  download(path: string, filename: string, fn?: Errback): void;
  /**
   * Sends a file as an attachment under the given name, with options.
   * @example
   * res.download('q3.pdf', 'report.pdf', { root: '/reports' }, (err) => {});
   */
  download(path: string, filename: string, options: DownloadOptions, fn?: Errback): void;

  /**
   * Sets Content-Type from a MIME type or an extension.
   * @example
   * res.contentType('json');
   */
  contentType(type: string): this;
  /**
   * Sets Content-Type from a MIME type or an extension.
   * @example
   * res.type('html');
   */
  type(type: string): this;
  /**
   * Responds according to the Accept header, calling the matching callback (406 when none matches).
   * @example
   * res.format({ html: () => res.send('<b>hi</b>'), json: () => res.json({ hi: 1 }) });
   */
  format(obj: FormatCallbacks | any): this;
  /**
   * Sets Content-Disposition to attachment (with the file name, and Content-Type from its extension).
   * @example
   * res.attachment('report.pdf');
   */
  attachment(filename?: string): this;

  /**
   * Sets several headers from an object.
   * @example
   * res.set({ 'Cache-Control': 'no-store', 'X-Id': '1' });
   */
  set(field: any): this;
  /**
   * Sets a header (a list sets it several times).
   * @example
   * res.set('Content-Type', 'text/plain');
   */
  set(field: string, value?: string | string[]): this;
  /**
   * Alias of `res.set` with an object.
   * @example
   * res.header({ 'X-Id': '1' });
   */
  header(field: any): this;
  /**
   * Alias of `res.set`.
   * @example
   * res.header('X-Id', '1');
   */
  header(field: string, value?: string | string[]): this;
  /**
   * Whether the headers have been sent.
   * @example
   * if (res.headersSent) return next(err);
   */
  headersSent: boolean;
  /**
   * A response header's value.
   * @example
   * res.get('Content-Type')
   */
  get(field: string): string | undefined;

  /**
   * Clears a cookie (an expired Set-Cookie with the same path and domain).
   * @example
   * res.clearCookie('sid', { path: '/' });
   */
  clearCookie(name: string, options?: CookieOptions): this;
  /**
   * Sets a cookie.
   * @example
   * res.cookie('theme', 'dark', { maxAge: 31536000000, httpOnly: true });
   */
  cookie(name: string, val: string, options: CookieOptions): this;
  /**
   * Sets a cookie; objects are stored as `j:` JSON.
   * @example
   * res.cookie('cart', { items: [1, 2] }, { signed: true });
   */
  cookie(name: string, val: any, options: CookieOptions): this;
  /**
   * Sets a cookie with default options.
   * @example
   * res.cookie('seen', '1');
   */
  cookie(name: string, val: any): this;

  /**
   * Sets the Location header (`'back'` means the Referrer).
   * @example
   * res.location('/login');
   */
  location(url: string): this;
  /**
   * Redirects with 302.
   * @example
   * res.redirect('/login');
   */
  redirect(url: string): void;
  /**
   * Redirects with the given status.
   * @example
   * res.redirect(301, 'https://example.com/');
   */
  redirect(status: number, url: string): void;
  /**
   * Redirects with the given status (old argument order).
   * @deprecated Use `res.redirect(status, url)`.
   * @example
   * res.redirect('/moved', 301);
   */
  redirect(url: string, status: number): void;

  /**
   * Renders a view with `app.locals`, `res.locals` and `options`, and sends it (or passes it to the callback).
   * @example
   * res.render('profile', { user });
   */
  render(view: string, options?: object, callback?: (err: Error, html: string) => void): void;
  /**
   * Renders a view and passes the HTML to the callback instead of sending it.
   * @example
   * res.render('email', (err, html) => mailer.send(html));
   */
  render(view: string, callback?: (err: Error, html: string) => void): void;

  /**
   * Values available to views rendered for this response.
   * @example
   * res.locals.user = req.user;
   */
  locals: LocalsObj & Locals;
  /**
   * The charset used when a Content-Type is set.
   * @example
   * res.charset = 'utf-8';
   */
  charset: string;
  /**
   * Adds a field to the Vary header.
   * @example
   * res.vary('Accept-Encoding');
   */
  vary(field: string): this;
  /**
   * The application handling the request.
   * @example
   * res.app.get('view engine')
   */
  app: Application;
  /**
   * Appends a value to a header.
   * @example
   * res.append('Set-Cookie', 'a=1; Path=/');
   */
  append(field: string, value?: string[] | string): this;
  /**
   * The request this response answers.
   * @example
   * res.req.originalUrl
   */
  req: Request;
}

/**
 * The route methods named in `IRouterMatcher`'s second type parameter (lower-case, as in `app.get`).
 * @example
 * type GetMatcher = IRouterMatcher<Router, 'get'>;
 */
export type RouteMethod = 'all' | 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options' | 'head' | 'query';

/**
 * A route method (`app.get`, `router.post`, `app.use(path, …)`, …): a path and handlers. With an
 * inline handler, `req.params` is typed from the path: `'/users/:id/:tab?'` gives
 * `{ id: string; tab?: string }`. A mergeParams router adds its parent's params (`MergedParams`).
 * The last overload accepts any function of (req, res, next) — the escape hatch.
 * @example
 * app.get('/users/:id', (req, res) => res.send(req.params.id));
 */
// biome-ignore lint/correctness/noUnusedVariables: `Method` keeps the generic parameter list of @types/express.
export interface IRouterMatcher<T, Method extends RouteMethod = any, MergedParams = {}> {
  // The first overloads fix `req.params` to the path's parameters (handlers typed with a plain
  // dictionary still fit); the next ones infer them from annotated handlers, as @types/express does,
  // for code that declares params the path does not show (a parent's, in a mergeParams router).
  /** Handlers for a path given as a string literal; `req.params` is read from it. @example app.get('/users/:id', (req, res) => res.send(req.params.id)); */
  <
    Route extends string,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    path: Route,
    ...handlers: Array<
      RequestHandler<RouteParameters<Route> & MergedParams, ResBody, ReqBody, ReqQuery, LocalsObj>
    >
  ): T;
  /** Handlers, error handlers or lists of them for a string path; `req.params` is read from it. @example app.get('/a/:id', [auth, load], (req, res) => res.json(req.params)); */
  <
    Route extends string,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    path: Route,
    ...handlers: Array<
      RequestHandlerParams<RouteParameters<Route> & MergedParams, ResBody, ReqBody, ReqQuery, LocalsObj>
    >
  ): T;
  /** Handlers for a string path with params inferred from annotated handlers. @example router.get('/:postId', (req: Request<{ userId: string; postId: string }>, res) => res.end()); */
  <
    Route extends string,
    P = RouteParameters<Route> & MergedParams,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    path: Route,
    ...handlers: Array<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  /** Handlers, error handlers or lists of them for a string path, with params inferred from annotated handlers. @example router.get('/:postId', [auth], (req: Request<{ userId: string; postId: string }>, res) => res.end()); */
  <
    Path extends string,
    P = RouteParameters<Path> & MergedParams,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    path: Path,
    ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  /** Handlers for a RegExp or a list of paths; `req.params` is string-indexed. @example app.get(/^\/item\/(\d+)$/, (req, res) => res.send(req.params[0])); */
  <
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    path: PathParams,
    ...handlers: Array<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  /** Handlers, error handlers or lists of them for a RegExp or a list of paths. @example app.get(['/a', '/b'], [auth], (req, res) => res.end()); */
  <
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    path: PathParams,
    ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  /** Mounts a sub-application. @example app.use('/admin', adminApp); */
  (path: PathParams, subApplication: Application): T;
  /** The escape hatch: any functions of (req, res, next) or (err, req, res, next). @example app.get('/x', legacyHandler as (req: any, res: any, next: any) => void); */
  (path: PathParams, ...handlers: Array<LooseHandler | LooseHandler[]>): T;
}

/**
 * A handler list without a path (`app.use(fn)`, `route.get(fn)`); on a route, `req.params` is typed
 * from the route's path.
 * @example
 * app.route('/users/:id').get((req, res) => res.send(req.params.id));
 */
export interface IRouterHandler<T, Route extends string = string, MergedParams = {}> {
  /** Handlers typed with the route's params. @example app.use((req, res, next) => next()); */
  (...handlers: Array<RequestHandler<RouteParameters<Route> & MergedParams>>): T;
  /** Handlers, error handlers or lists of them. @example app.use((err: any, req: Request, res: Response, next: NextFunction) => res.sendStatus(500)); */
  (...handlers: Array<RequestHandlerParams<RouteParameters<Route> & MergedParams>>): T;
  /** Handlers with explicit generic types. @example app.use<{}, unknown, { name: string }>((req, res, next) => next()); */
  <
    P = RouteParameters<Route> & MergedParams,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    ...handlers: Array<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  /** Handlers, error handlers or lists of them with explicit generic types. @example route.get<{ id: string }>([load], (req, res) => res.end()); */
  <
    P = RouteParameters<Route> & MergedParams,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  /** The escape hatch: any functions of (req, res, next) or (err, req, res, next). @example app.use(legacyMiddleware as (req: any, res: any, next: any) => void); */
  (...handlers: Array<LooseHandler | LooseHandler[]>): T;
}

/**
 * A layer of a router's stack, as Express 4 lays it out (read by introspection tools).
 * @example
 * app._router.stack.forEach((layer: ILayer) => console.log(layer.name, layer.route?.path));
 */
export interface ILayer {
  /** The route of a route layer. @example layer.route?.path */
  route?: IRoute | undefined;
  /** The handler's function name (`'router'`, `'bound dispatch'`, `'mounted_app'`, …). @example layer.name */
  name: string | '<anonymous>';
  /** The params of the last match. @example layer.params */
  params?: Record<string, any> | undefined;
  /** The path's keys, each `{ name, optional, offset }`. @example layer.keys.map((key) => key.name) */
  keys: any[];
  /** The matched part of the path, after a match. @example layer.path */
  path?: string | undefined;
  /** The method of a route's layer (undefined on middleware layers). @example layer.method */
  method: string;
  /** The compiled path. @example layer.regexp.source */
  regexp: RegExp;
  /** The handler: a function of (req, res, next) or (err, req, res, next), a router or an app. @example layer.handle.name */
  handle: LayerHandle;
}

/**
 * The function a layer runs (with `stack` when it is a router).
 * @example
 * if (layer.handle.stack) walk(layer.handle.stack);
 */
export interface LayerHandle {
  /** Runs the handler. @example layer.handle(req, res, next) */
  (...args: any[]): any;
  /** The stack of a mounted router. @example layer.handle.stack?.length */
  stack?: ILayer[] | undefined;
}

/**
 * A route (`app.route(path)`): one path, handlers per method. With a literal path, handlers get typed params.
 * @example
 * app.route('/books/:id').get((req, res) => res.json(req.params.id)).put(updateBook);
 */
export interface IRoute<Route extends string = string, MergedParams = {}> {
  /** The route's path. @example route.path // '/books/:id' */
  path: string;
  /** The route's layers, one per handler. @example route.stack.length */
  stack: ILayer[];
  /** The methods the route handles. @example route.methods.get // true */
  methods: Record<string, boolean>;
  /** Handlers for every method. @example route.all(authenticate) */
  all: IRouterHandler<this, Route, MergedParams>;
  /** GET (and HEAD) handlers. @example route.get(show) */
  get: IRouterHandler<this, Route, MergedParams>;
  /** POST handlers. @example route.post(create) */
  post: IRouterHandler<this, Route, MergedParams>;
  /** PUT handlers. @example route.put(replace) */
  put: IRouterHandler<this, Route, MergedParams>;
  /** DELETE handlers. @example route.delete(remove) */
  delete: IRouterHandler<this, Route, MergedParams>;
  /** PATCH handlers. @example route.patch(update) */
  patch: IRouterHandler<this, Route, MergedParams>;
  /** OPTIONS handlers. @example route.options(preflight) */
  options: IRouterHandler<this, Route, MergedParams>;
  /** HEAD handlers. @example route.head(probe) */
  head: IRouterHandler<this, Route, MergedParams>;
  /** QUERY handlers (where node supports the method). @example route.query?.(search) */
  query?: IRouterHandler<this, Route, MergedParams> | undefined;
  /** ACL handlers. @example route.acl(handler) */
  acl: IRouterHandler<this, Route, MergedParams>;
  /** BIND handlers. @example route.bind(handler) */
  bind: IRouterHandler<this, Route, MergedParams>;
  /** CHECKOUT handlers. @example route.checkout(handler) */
  checkout: IRouterHandler<this, Route, MergedParams>;
  /** CONNECT handlers. @example route.connect(handler) */
  connect: IRouterHandler<this, Route, MergedParams>;
  /** COPY handlers. @example route.copy(handler) */
  copy: IRouterHandler<this, Route, MergedParams>;
  /** LINK handlers. @example route.link(handler) */
  link: IRouterHandler<this, Route, MergedParams>;
  /** LOCK handlers. @example route.lock(handler) */
  lock: IRouterHandler<this, Route, MergedParams>;
  /** M-SEARCH handlers. @example route['m-search'](handler) */
  'm-search': IRouterHandler<this, Route, MergedParams>;
  /** MERGE handlers. @example route.merge(handler) */
  merge: IRouterHandler<this, Route, MergedParams>;
  /** MKACTIVITY handlers. @example route.mkactivity(handler) */
  mkactivity: IRouterHandler<this, Route, MergedParams>;
  /** MKCALENDAR handlers. @example route.mkcalendar(handler) */
  mkcalendar: IRouterHandler<this, Route, MergedParams>;
  /** MKCOL handlers. @example route.mkcol(handler) */
  mkcol: IRouterHandler<this, Route, MergedParams>;
  /** MOVE handlers. @example route.move(handler) */
  move: IRouterHandler<this, Route, MergedParams>;
  /** NOTIFY handlers. @example route.notify(handler) */
  notify: IRouterHandler<this, Route, MergedParams>;
  /** PROPFIND handlers. @example route.propfind(handler) */
  propfind: IRouterHandler<this, Route, MergedParams>;
  /** PROPPATCH handlers. @example route.proppatch(handler) */
  proppatch: IRouterHandler<this, Route, MergedParams>;
  /** PURGE handlers. @example route.purge(handler) */
  purge: IRouterHandler<this, Route, MergedParams>;
  /** REBIND handlers. @example route.rebind(handler) */
  rebind: IRouterHandler<this, Route, MergedParams>;
  /** REPORT handlers. @example route.report(handler) */
  report: IRouterHandler<this, Route, MergedParams>;
  /** SEARCH handlers. @example route.search(handler) */
  search: IRouterHandler<this, Route, MergedParams>;
  /** SOURCE handlers. @example route.source(handler) */
  source: IRouterHandler<this, Route, MergedParams>;
  /** SUBSCRIBE handlers. @example route.subscribe(handler) */
  subscribe: IRouterHandler<this, Route, MergedParams>;
  /** TRACE handlers. @example route.trace(handler) */
  trace: IRouterHandler<this, Route, MergedParams>;
  /** UNBIND handlers. @example route.unbind(handler) */
  unbind: IRouterHandler<this, Route, MergedParams>;
  /** UNLINK handlers. @example route.unlink(handler) */
  unlink: IRouterHandler<this, Route, MergedParams>;
  /** UNLOCK handlers. @example route.unlock(handler) */
  unlock: IRouterHandler<this, Route, MergedParams>;
  /** UNSUBSCRIBE handlers. @example route.unsubscribe(handler) */
  unsubscribe: IRouterHandler<this, Route, MergedParams>;
}

/**
 * The routing surface shared by routers and applications. `MergedParams` is the type of the
 * parent's params that a `mergeParams` router adds to its own.
 * @example
 * function mountHealth(router: IRouter) { router.get('/health', (req, res) => res.send('ok')); }
 */
export interface IRouter<MergedParams = {}> {
  /**
   * Runs a request through the router (a router is itself a middleware).
   * @example
   * app.use(router); // or router(req, res, next)
   */
  (req: http.IncomingMessage, res: http.ServerResponse, next: NextFunction): void;

  /**
   * Registers a callback run once per request when a route with the parameter matches.
   * @example
   * router.param('id', (req, res, next, id) => { req.params.id = id.trim(); next(); });
   */
  param(name: string, handler: RequestParamHandler): this;
  /**
   * Customises `param()`: the function receives each later `param(name, arg)` call and returns the callback to register.
   * @deprecated Refactor to use path params.
   * @example
   * router.param((name, re: RegExp) => (req, res, next, val) => (re.test(val) ? next() : next('route')));
   */
  param(callback: (name: string, matcher: RegExp) => RequestParamHandler): this;

  /** Handlers for every method. @example router.all('/api/*', requireAuth); */
  all: IRouterMatcher<this, 'all', MergedParams>;
  /** GET (and HEAD) handlers. @example router.get('/users/:id', (req, res) => res.send(req.params.id)); */
  get: IRouterMatcher<this, 'get', MergedParams>;
  /** POST handlers. @example router.post('/users', webapp.json(), create); */
  post: IRouterMatcher<this, 'post', MergedParams>;
  /** PUT handlers. @example router.put('/users/:id', replace); */
  put: IRouterMatcher<this, 'put', MergedParams>;
  /** DELETE handlers. @example router.delete('/users/:id', remove); */
  delete: IRouterMatcher<this, 'delete', MergedParams>;
  /** PATCH handlers. @example router.patch('/users/:id', update); */
  patch: IRouterMatcher<this, 'patch', MergedParams>;
  /** OPTIONS handlers. @example router.options('/users', preflight); */
  options: IRouterMatcher<this, 'options', MergedParams>;
  /** HEAD handlers. @example router.head('/users/:id', probe); */
  head: IRouterMatcher<this, 'head', MergedParams>;
  /** QUERY handlers (where node supports the method). @example router.query?.('/search', search); */
  query?: IRouterMatcher<this, 'query', MergedParams> | undefined;

  /** ACL handlers. @example router.acl('/doc', handler); */
  acl: IRouterMatcher<this, any, MergedParams>;
  /** BIND handlers. @example router.bind('/doc', handler); */
  bind: IRouterMatcher<this, any, MergedParams>;
  /** CHECKOUT handlers. @example router.checkout('/doc', handler); */
  checkout: IRouterMatcher<this, any, MergedParams>;
  /** CONNECT handlers. @example router.connect('/doc', handler); */
  connect: IRouterMatcher<this, any, MergedParams>;
  /** COPY handlers. @example router.copy('/doc', handler); */
  copy: IRouterMatcher<this, any, MergedParams>;
  /** LINK handlers. @example router.link('/doc', handler); */
  link: IRouterMatcher<this, any, MergedParams>;
  /** LOCK handlers. @example router.lock('/doc', handler); */
  lock: IRouterMatcher<this, any, MergedParams>;
  /** M-SEARCH handlers. @example router['m-search']('/doc', handler); */
  'm-search': IRouterMatcher<this, any, MergedParams>;
  /** MERGE handlers. @example router.merge('/doc', handler); */
  merge: IRouterMatcher<this, any, MergedParams>;
  /** MKACTIVITY handlers. @example router.mkactivity('/doc', handler); */
  mkactivity: IRouterMatcher<this, any, MergedParams>;
  /** MKCALENDAR handlers. @example router.mkcalendar('/cal', handler); */
  mkcalendar: IRouterMatcher<this, any, MergedParams>;
  /** MKCOL handlers. @example router.mkcol('/dir', handler); */
  mkcol: IRouterMatcher<this, any, MergedParams>;
  /** MOVE handlers. @example router.move('/doc', handler); */
  move: IRouterMatcher<this, any, MergedParams>;
  /** NOTIFY handlers. @example router.notify('/doc', handler); */
  notify: IRouterMatcher<this, any, MergedParams>;
  /** PROPFIND handlers. @example router.propfind('/doc', handler); */
  propfind: IRouterMatcher<this, any, MergedParams>;
  /** PROPPATCH handlers. @example router.proppatch('/doc', handler); */
  proppatch: IRouterMatcher<this, any, MergedParams>;
  /** PURGE handlers. @example router.purge('/cache/:key', handler); */
  purge: IRouterMatcher<this, any, MergedParams>;
  /** REBIND handlers. @example router.rebind('/doc', handler); */
  rebind: IRouterMatcher<this, any, MergedParams>;
  /** REPORT handlers. @example router.report('/doc', handler); */
  report: IRouterMatcher<this, any, MergedParams>;
  /** SEARCH handlers. @example router.search('/doc', handler); */
  search: IRouterMatcher<this, any, MergedParams>;
  /** SOURCE handlers. @example router.source('/doc', handler); */
  source: IRouterMatcher<this, any, MergedParams>;
  /** SUBSCRIBE handlers. @example router.subscribe('/doc', handler); */
  subscribe: IRouterMatcher<this, any, MergedParams>;
  /** TRACE handlers. @example router.trace('/doc', handler); */
  trace: IRouterMatcher<this, any, MergedParams>;
  /** UNBIND handlers. @example router.unbind('/doc', handler); */
  unbind: IRouterMatcher<this, any, MergedParams>;
  /** UNLINK handlers. @example router.unlink('/doc', handler); */
  unlink: IRouterMatcher<this, any, MergedParams>;
  /** UNLOCK handlers. @example router.unlock('/doc', handler); */
  unlock: IRouterMatcher<this, any, MergedParams>;
  /** UNSUBSCRIBE handlers. @example router.unsubscribe('/doc', handler); */
  unsubscribe: IRouterMatcher<this, any, MergedParams>;

  /**
   * Mounts middleware, routers or apps, for every path or under a path prefix.
   * @example
   * router.use(webapp.json());
   * router.use('/items/:id', (req, res, next) => { console.log(req.params.id); next(); });
   */
  use: IRouterHandler<this, string, MergedParams> & IRouterMatcher<this, any, MergedParams>;

  /**
   * A route for one path, to chain handlers per method.
   * @example
   * router.route('/users/:id').get(show).put(update);
   */
  route<T extends string>(prefix: T): IRoute<T, MergedParams>;
  /**
   * A route for a RegExp or list of paths.
   * @example
   * router.route(/^\/v\d+\/status$/).get(status);
   */
  route(prefix: PathParams): IRoute<string, MergedParams>;
  /**
   * The router's layers, in order.
   * @example
   * router.stack.map((layer) => layer.route?.path)
   */
  stack: ILayer[];
}

/**
 * A router (`webapp.Router()`): a middleware function with its own routes. Created with
 * `{ mergeParams: true }`, its handlers also see the parent's params (`MergedParams`).
 * @example
 * const users = webapp.Router();
 * users.get('/:id', (req, res) => res.send(req.params.id));
 * app.use('/users', users);
 */
export interface Router<MergedParams = {}> extends IRouter<MergedParams> {
  /** Callbacks registered with `param()`, by parameter name. @example router.params.id?.length */
  params: Record<string, RequestParamHandler[]>;
  /** Whether route paths are case-sensitive. @example router.caseSensitive */
  caseSensitive: boolean | undefined;
  /** Whether the parent's params are merged into this router's. @example router.mergeParams */
  mergeParams: boolean | undefined;
  /** Whether a trailing slash is significant. @example router.strict */
  strict: boolean | undefined;
  /**
   * Dispatches a request into the router; `next` is called when no layer ends the response.
   * @example
   * router.handle(req, res, next);
   */
  handle(req: http.IncomingMessage, res: http.ServerResponse, next: NextFunction): void;
}

/**
 * Options of `webapp.Router(options)`.
 * @example
 * const nested = webapp.Router({ mergeParams: true, strict: true } satisfies RouterOptions);
 */
export interface RouterOptions {
  /** Treat `/Foo` and `/foo` as different paths. @example webapp.Router({ caseSensitive: true }) */
  caseSensitive?: boolean | undefined;
  /** Keep the parent router's `req.params` in this router's handlers. @example webapp.Router({ mergeParams: true }) */
  mergeParams?: boolean | undefined;
  /** Treat `/foo` and `/foo/` as different paths. @example webapp.Router({ strict: true }) */
  strict?: boolean | undefined;
}

/**
 * The callback of `app.render` and `res.render`.
 * @example
 * const done: RenderCallback = (err, html) => (err ? console.error(err) : console.log(html));
 */
export type RenderCallback = (err: Error, html: string) => void;

/**
 * A template engine callback for `app.engine(ext, fn)`.
 * @example
 * app.engine('ntl', (path, options, callback) => callback(null, render(path, options)));
 */
export type EngineCallback = (
  path: string,
  options: object,
  callback: (e: any, rendered?: string) => void,
) => void;

/**
 * Route methods of an application: a route method whose one-argument form reads a setting.
 * @example
 * app.get('title'); app.get('/', (req, res) => res.send('home'));
 */
export type ApplicationRequestHandler<T> = IRouterHandler<T> &
  IRouterMatcher<T> &
  ((...handlers: Array<RequestHandlerParams | LooseHandler | LooseHandler[]>) => T);

/**
 * An application (`webapp()`): a request listener with settings, routing, mounting and views.
 * @example
 * const app: Application = webapp();
 * app.set('trust proxy', 'loopback');
 */
export interface Application<LocalsObj extends Record<string, any> = Record<string, any>>
  extends EventEmitter,
    IRouter,
    Express.Application {
  /**
   * Handles a request: an app is a listener for `http.createServer` and a middleware of another app.
   * @example
   * http.createServer(app).listen(3000);
   */
  (req: Request | http.IncomingMessage, res: Response | http.ServerResponse, next?: NextFunction): any;

  /**
   * Sets up the default settings (called by `webapp()`).
   * @example
   * app.init();
   */
  init(): void;
  /**
   * Applies the default configuration (env, `x-powered-by`, etag, query parser, trust proxy, views).
   * @example
   * app.defaultConfiguration();
   */
  defaultConfiguration(): void;
  /**
   * Creates the base router if it does not exist yet.
   * @deprecated Internal to Express 4.
   * @example
   * app.lazyrouter();
   */
  lazyrouter(): void;
  /**
   * Dispatches a request into the app; without `callback` the app answers 404s and errors itself.
   * @example
   * app.handle(req, res, next);
   */
  handle(req: http.IncomingMessage, res: http.ServerResponse, callback?: (err?: any) => void): void;

  /**
   * Registers a template engine for a file extension.
   * @example
   * app.engine('html', require('ejs').renderFile);
   */
  engine(ext: string, fn: EngineCallback): this;

  /**
   * Reads a setting.
   * @example
   * app.set('env') // 'production'
   */
  set(setting: string): any;
  /**
   * Assigns a setting.
   * @example
   * app.set('view engine', 'pug');
   */
  set(setting: string, val: any): this;
  /**
   * With one argument, reads a setting; otherwise registers GET handlers.
   * @example
   * app.get('trust proxy'); app.get('/', (req, res) => res.send('home'));
   */
  get: ((name: string) => any) & IRouterMatcher<this, 'get'>;

  /**
   * Registers callbacks for one or more route parameters.
   * @example
   * app.param(['id', 'page'], (req, res, next, value) => next());
   */
  param(name: string | string[], handler: RequestParamHandler): this;
  /**
   * Customises `param()`.
   * @deprecated Refactor to use path params.
   * @example
   * app.param((name, re: RegExp) => (req, res, next, val) => (re.test(val) ? next() : next('route')));
   */
  param(callback: (name: string, matcher: RegExp) => RequestParamHandler): this;

  /**
   * DELETE handlers under Express 3's name.
   * @deprecated Use `app.delete`.
   * @example
   * app.del('/users/:id', remove);
   */
  del: IRouterMatcher<this, 'delete'>;

  /**
   * The app's absolute mount path (`''` for the root app).
   * @example
   * admin.path() // '/admin'
   */
  path(): string;
  /**
   * Whether a setting is truthy.
   * @example
   * app.enabled('trust proxy')
   */
  enabled(setting: string): boolean;
  /**
   * Whether a setting is falsy.
   * @example
   * app.disabled('etag')
   */
  disabled(setting: string): boolean;
  /**
   * Sets a setting to true.
   * @example
   * app.enable('case sensitive routing');
   */
  enable(setting: string): this;
  /**
   * Sets a setting to false.
   * @example
   * app.disable('x-powered-by');
   */
  disable(setting: string): this;

  /**
   * Renders a view to a string with `app.locals` and `options` (which may be left out) and passes it
   * to the callback. One signature rather than two overloads, so that a replacement function of
   * (name, options, callback) can be assigned to `app.render`.
   * @example
   * app.render('email', { name: 'Tobi' }, (err, html) => send(html));
   * app.render('email', (err, html) => send(html));
   */
  render(name: string, options?: object | RenderCallback, callback?: RenderCallback): void;

  /**
   * Starts an HTTP server on a port and host with a backlog.
   * @example
   * app.listen(3000, '127.0.0.1', 511, () => console.log('ready'));
   */
  listen(port: number, hostname: string, backlog: number, callback?: () => void): http.Server;
  /**
   * Starts an HTTP server on a port and host.
   * @example
   * app.listen(3000, '127.0.0.1');
   */
  listen(port: number, hostname: string, callback?: () => void): http.Server;
  /**
   * Starts an HTTP server on a port.
   * @example
   * const server = app.listen(3000, () => console.log('listening'));
   */
  listen(port: number, callback?: () => void): http.Server;
  /**
   * Starts an HTTP server on a random port.
   * @example
   * const server = app.listen(() => console.log(server.address()));
   */
  listen(callback?: () => void): http.Server;
  /**
   * Starts an HTTP server on a Unix socket or named pipe.
   * @example
   * app.listen('/tmp/app.sock');
   */
  listen(path: string, callback?: () => void): http.Server;
  /**
   * Starts an HTTP server on a handle or with `server.listen` options.
   * @example
   * app.listen({ port: 3000, host: '::' });
   */
  listen(handle: any, listeningListener?: () => void): http.Server;

  /**
   * Express 3's router accessor: reading it throws, as in Express 4.
   * @deprecated Routes are registered on the app directly.
   * @example
   * app.use(router); // instead of app.use(app.router)
   */
  readonly router: never;
  /**
   * The settings (`app.set` values).
   * @example
   * app.settings.env
   */
  settings: any;
  /**
   * Express 3 leftover: undefined in Express 4 and webapp.
   * @deprecated Not part of Express 4.
   * @example
   * app.resource // undefined
   */
  resource: undefined;
  /**
   * Express 3 leftover: undefined in Express 4 and webapp.
   * @deprecated Not part of Express 4.
   * @example
   * app.map // undefined
   */
  map: undefined;
  /**
   * Express 3 leftover: undefined in Express 4 and webapp.
   * @deprecated Not part of Express 4.
   * @example
   * app.routes // undefined
   */
  routes: undefined;
  /**
   * Values available to every view; `app.locals.settings` is `app.settings`.
   * @example
   * app.locals.title = 'My App';
   */
  locals: LocalsObj & Locals;
  /**
   * Registered template engines by extension (with the leading dot).
   * @example
   * app.engines['.html']
   */
  engines: Record<string, EngineCallback>;
  /**
   * The view cache (used when `view cache` is enabled).
   * @example
   * app.cache = {};
   */
  cache: Record<string, any>;
  /**
   * The base router, created on first use; its `stack` lists the app's layers.
   * @example
   * app._router.stack.length
   */
  _router: any;
  /**
   * Mounts middleware, routers or apps, for every path or under a path prefix.
   * @example
   * app.use(webapp.json());
   * app.use('/api', apiRouter);
   */
  use: ApplicationRequestHandler<this>;
  /**
   * Listens for `mount`, emitted with the parent when the app is mounted.
   * @example
   * admin.on('mount', (parent) => console.log('mounted on', parent.mountpath));
   */
  on(event: 'mount', callback: (parent: Application) => void): this;
  /**
   * Listens for an event (an app is an EventEmitter).
   * @example
   * app.on('custom', () => {});
   */
  on(event: string | symbol, listener: (...args: any[]) => void): this;
  /**
   * The path(s) the app was mounted on.
   * @example
   * admin.mountpath // '/admin'
   */
  mountpath: string | string[];
  /**
   * The app this one is mounted on.
   * @example
   * admin.parent?.get('env')
   */
  parent?: Application | undefined;
}

/**
 * The application `webapp()` returns, with its request and response prototypes.
 * @example
 * const app: Express = webapp();
 * app.request.isJson = function () { return this.is('json') === 'json'; };
 */
export interface Express extends Application {
  /**
   * This app's request prototype (extend it to add methods to every request of the app).
   * @example
   * app.request.tenant = function () { return this.hostname.split('.')[0]; };
   */
  request: Request;
  /**
   * This app's response prototype.
   * @example
   * app.response.ok = function () { return this.sendStatus(200); };
   */
  response: Response;
}
