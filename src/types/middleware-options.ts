// biome-ignore-all lint/suspicious/noExplicitAny: public declarations of the built-in middleware's options, mirroring @types/body-parser and @types/serve-static (`any` request/response and reviver values), so options written for those typings are accepted.
/**
 * Public option types of the built-in middleware (`webapp.json`, `raw`, `text`, `urlencoded`,
 * `static`, `cookieParser`, `basicAuth`) and of the file sender behind `res.sendFile`/`res.download`.
 * They mirror the runtime option interfaces in src/body, src/static and src/middleware, but the
 * callbacks see webapp's own `Request`/`Response` and are declared bivariantly, so callbacks written
 * for body-parser or serve-static (typed with node's or Express's request) are accepted unchanged.
 * @module
 */
import type { Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A middleware function typed with node's own request and response. Every built-in middleware
 * factory returns one; it is accepted by webapp's `use` and route methods, by Express and by Connect.
 * @example
 * const parse: NodeHandler = webapp.json();
 * app.use(parse);
 */
export interface NodeHandler {
  /**
   * Handles a request, then calls `next()` or `next(err)`.
   * @example
   * webapp.json()(req, res, (err) => console.log(err ?? req.body));
   */
  // biome-ignore lint/style/useShorthandFunctionType: an interface keeps the name in editor hovers and errors.
  (req: IncomingMessage, res: ServerResponse, next: (err?: any) => void): void;
}

// The `{ method(...): R }['method']` form makes a function type whose parameters are checked
// bivariantly even under strictFunctionTypes, like a method: a callback annotated with node's
// IncomingMessage and one annotated with webapp's (or Express's) Request are both accepted.
type Bivariant<Args extends unknown[], R> = { call(...args: Args): R }['call'];

/**
 * The `verify(req, res, buf, encoding)` option of the body parsers: called with the raw body before
 * it is parsed (`encoding` is the body's charset, null for `raw`); throwing refuses the request
 * (403 unless the error carries a status).
 * @example
 * app.use(webapp.json({ verify: (req, res, buf) => { (req as any).rawBody = buf; } }));
 */
export type VerifyCallback = Bivariant<[req: any, res: any, buf: Buffer, encoding: string | null], void>;

/**
 * Options shared by all four body parsers.
 * @example
 * const common: ParserOptions = { limit: '200kb', inflate: false };
 */
export interface ParserOptions {
  /**
   * Accept gzip, deflate and br bodies (default true); when false they are refused with 415.
   * @example
   * webapp.json({ inflate: false })
   */
  inflate?: boolean | undefined;
  /**
   * Maximum body size after decompression: bytes, or a string such as `'100kb'` (the default).
   * @example
   * webapp.json({ limit: '1mb' })
   */
  limit?: number | string | null | undefined;
  /**
   * Which requests to parse: an extension, a MIME type, a wildcard, a list of those, or a function of the request.
   * @example
   * webapp.json({ type: ['application/json', 'application/*+json'] })
   */
  type?: string | string[] | Bivariant<[req: IncomingMessage], unknown> | undefined;
  /**
   * Called with the raw body before parsing; throwing refuses the request.
   * @example
   * webapp.raw({ verify: (req, res, buf) => checkSignature(req, buf) })
   */
  verify?: VerifyCallback | false | null | undefined;
}

/**
 * Options of `webapp.json()`.
 * @example
 * app.use(webapp.json({ limit: '1mb', strict: false }));
 */
export interface JsonOptions extends ParserOptions {
  /**
   * Passed to `JSON.parse` as its reviver.
   * @example
   * webapp.json({ reviver: (key, value) => (key === 'at' ? new Date(value) : value) })
   */
  reviver?: Bivariant<[key: string, value: any], any> | undefined;
  /**
   * Accept only objects and arrays (default true); false accepts any JSON value.
   * @example
   * webapp.json({ strict: false })
   */
  strict?: boolean | undefined;
}

/**
 * Options of `webapp.raw()`: the shared parser options.
 * @example
 * app.use(webapp.raw({ type: 'application/octet-stream', limit: '5mb' }));
 */
export interface RawOptions extends ParserOptions {}

/**
 * Options of `webapp.text()`.
 * @example
 * app.use(webapp.text({ type: 'text/*', defaultCharset: 'utf-8' }));
 */
export interface TextOptions extends ParserOptions {
  /**
   * Charset used when the Content-Type names none (default `'utf-8'`).
   * @example
   * webapp.text({ defaultCharset: 'iso-8859-1' })
   */
  defaultCharset?: string | undefined;
}

/**
 * Options of `webapp.urlencoded()`.
 * @example
 * app.use(webapp.urlencoded({ extended: false, parameterLimit: 100 }));
 */
export interface UrlencodedOptions extends ParserOptions {
  /**
   * Rich nested objects and arrays (`a[b][]=1`, default true) or flat `node:querystring` parsing (false).
   * @example
   * webapp.urlencoded({ extended: false })
   */
  extended?: boolean | undefined;
  /**
   * Maximum number of parameters (default 1000); more is refused with 413.
   * @example
   * webapp.urlencoded({ parameterLimit: 100 })
   */
  parameterLimit?: number | undefined;
  /**
   * Maximum nesting depth of extended keys (default 32); deeper is refused with 400.
   * @example
   * webapp.urlencoded({ depth: 5 })
   */
  depth?: number | undefined;
}

/**
 * Options of the file sender, shared by `webapp.static`, `res.sendFile` and `res.download`.
 * @example
 * const caching: SendOptions = { maxAge: '7d', immutable: true, etag: true };
 */
export interface SendOptions {
  /**
   * Answer Range requests (default true).
   * @example
   * res.sendFile(file, { acceptRanges: false })
   */
  acceptRanges?: boolean | undefined;
  /**
   * Set `Cache-Control` (default true).
   * @example
   * res.sendFile(file, { cacheControl: false })
   */
  cacheControl?: boolean | undefined;
  /**
   * What to do with paths that contain a dotfile: `'allow'`, `'deny'` (403) or `'ignore'` (404).
   * @example
   * webapp.static('public', { dotfiles: 'deny' })
   */
  dotfiles?: 'allow' | 'deny' | 'ignore' | undefined;
  /**
   * Last byte to send (inclusive).
   * @example
   * res.sendFile(file, { start: 0, end: 99 })
   */
  end?: number | undefined;
  /**
   * Set a weak ETag (default true).
   * @example
   * webapp.static('public', { etag: false })
   */
  etag?: boolean | undefined;
  /**
   * Extensions tried, in order, when the path has none and is not found.
   * @example
   * webapp.static('public', { extensions: ['html', 'htm'] })
   */
  extensions?: string | string[] | false | undefined;
  /**
   * Legacy switch for dotfiles: true allows them when `dotfiles` is not given.
   * @example
   * webapp.static('public', { hidden: true })
   */
  hidden?: boolean | undefined;
  /**
   * Add `immutable` to `Cache-Control` (default false).
   * @example
   * webapp.static('dist', { maxAge: '1y', immutable: true })
   */
  immutable?: boolean | undefined;
  /**
   * Index file(s) served for a directory path, default `'index.html'`; false disables.
   * @example
   * webapp.static('public', { index: ['index.html', 'default.htm'] })
   */
  index?: string | string[] | false | undefined;
  /**
   * Set `Last-Modified` (default true).
   * @example
   * webapp.static('public', { lastModified: false })
   */
  lastModified?: boolean | undefined;
  /**
   * `Cache-Control` max-age in milliseconds, or a string such as `'1d'` (default 0).
   * @example
   * webapp.static('public', { maxAge: '1h' })
   */
  maxAge?: number | string | undefined;
  /**
   * Alias of `maxAge`.
   * @example
   * webapp.static('public', { maxage: 60000 })
   */
  maxage?: number | string | undefined;
  /**
   * Directory relative paths are resolved in; the resolved path may never leave it.
   * @example
   * res.sendFile('report.pdf', { root: '/srv/files' })
   */
  root?: string | undefined;
  /**
   * First byte to send.
   * @example
   * res.sendFile(file, { start: 100 })
   */
  start?: number | undefined;
}

/**
 * Options of `webapp.static(root, options)`; `R` is the response type `setHeaders` receives.
 * @example
 * app.use(webapp.static('public', { index: false, fallthrough: false, setHeaders: (res) => res.setHeader('X-Static', '1') }));
 */
export interface ServeStaticOptions<R = any> extends SendOptions {
  /**
   * False: client errors (bad path, not found) and methods other than GET/HEAD are answered instead of passed on.
   * @example
   * app.use('/assets', webapp.static('assets', { fallthrough: false }))
   */
  fallthrough?: boolean | undefined;
  /**
   * Redirect a directory path without a trailing slash to the slash form (default true).
   * @example
   * webapp.static('public', { redirect: false })
   */
  redirect?: boolean | undefined;
  /**
   * Called as `setHeaders(res, path, stat)` before a file is sent; must be synchronous.
   * @example
   * webapp.static('public', { setHeaders: (res, path) => res.setHeader('X-File', path) })
   */
  setHeaders?: Bivariant<[res: R, path: string, stat: Stats], unknown> | undefined;
}

/**
 * Options of `webapp.cookieParser(secret, options)`.
 * @example
 * app.use(webapp.cookieParser(['new secret', 'old secret'], { decode: decodeURIComponent }));
 */
export interface CookieParserOptions {
  /**
   * Decodes each cookie value (default: `decodeURIComponent`, leaving invalid escapes as they are).
   * @example
   * webapp.cookieParser('secret', { decode: (value) => value })
   */
  decode?: Bivariant<[value: string], string> | undefined;
}

/**
 * The credential check of `webapp.basicAuth(check)`: synchronous `(user, pass) => boolean`, or
 * asynchronous `(user, pass, callback(err, user))`.
 * @example
 * const check: BasicAuthCheck = (user, pass) => user === 'admin' && pass === process.env.PASS;
 */
export type BasicAuthCheck = (
  user: string,
  pass: string,
  callback: (err: unknown, user?: unknown) => void,
) => unknown;
