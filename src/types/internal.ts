/**
 * The internal types of the application, request and response objects used across modules: what the
 * implementation knows about them, without the generic parameters of the public types users see
 * (src/types/core.ts and its siblings). No index signatures: a member webapp reads or writes is
 * declared here, with the type the code relies on.
 * @module
 */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ETagFn } from '../http/etag';
import type { TrustFn } from '../http/proxy-addr';
import type { QueryParser } from '../http/query';
import type { SessionCookieOptions } from '../middleware/cookie-session';
import type { RequestMembers } from '../request/types';
import type { Router } from '../router/index';
import type { PathArgument } from '../router/path';
import type { Route } from '../router/route';
import type { EngineFn } from '../view/engine-loader';
import type { View, ViewOptions } from '../view/view';
import type { ResponseMethods } from './public';

export type Next = (err?: unknown) => void;

/**
 * A function registered by the user as middleware, route handler, param callback or engine.
 * Called with `(req, res, next)`, `(err, req, res, next)` or a param callback's five arguments, as its
 * arity says at run time; Express's typings accept any parameter list there, so this one does too.
 */
// biome-ignore lint/suspicious/noExplicitAny: user-supplied handlers: any parameter list is accepted (their arity picks how they are called)
export type AnyHandler = (...args: any[]) => unknown;

/** The `view` setting: the View class or a replacement with the same constructor contract. */
export type ViewClass = new (name: string, options: ViewOptions) => Pick<View, 'path' | 'render'>;

/**
 * An application's settings: any name the app sets (`app.set(name, value)`), and the ones webapp
 * reads with the type it relies on. The compiled companions (`… fn`) are written by ../application/settings.
 */
export interface Settings {
  /** Set by the default configuration, like every setting below that is not optional. */
  env: string;
  'x-powered-by'?: unknown;
  etag?: unknown;
  'etag fn': ETagFn | undefined;
  'query parser'?: unknown;
  'query parser fn': QueryParser;
  'trust proxy'?: unknown;
  'trust proxy fn': TrustFn;
  'subdomain offset': number;
  'jsonp callback name': string;
  'json replacer'?: Parameters<typeof JSON.stringify>[1];
  'json spaces'?: string | number;
  'json escape'?: unknown;
  view: ViewClass;
  views: string | string[];
  'view engine'?: string;
  'view cache'?: unknown;
  'case sensitive routing'?: unknown;
  'strict routing'?: unknown;
  [name: string]: unknown;
}

/** The methods of the application prototype (`webapp.application`, ../application/index). */
export interface ApplicationMethods {
  init(this: AppInternal): void;
  defaultConfiguration(this: AppInternal): void;
  lazyrouter(this: AppInternal): void;
  handle(this: AppInternal, req: Req, res: Res, callback?: Next): void;
  use(this: AppInternal, first: unknown, ...rest: unknown[]): AppInternal;
  route(this: AppInternal, path: PathArgument): Route;
  engine(this: AppInternal, ext: string, fn: AnyHandler): AppInternal;
  param(this: AppInternal, name: string | string[] | AnyHandler, fn?: AnyHandler): AppInternal;
  /** `set(name)` reads a setting; `set(name, value)` assigns it and returns the app. */
  set(this: AppInternal, setting: string, value?: unknown): unknown;
  path(this: AppInternal): string;
  enabled(this: AppInternal, setting: string): boolean;
  disabled(this: AppInternal, setting: string): boolean;
  enable(this: AppInternal, setting: string): unknown;
  disable(this: AppInternal, setting: string): unknown;
  /** `get(name)` reads a setting; with handlers it routes GET. */
  get<K extends keyof Settings & string>(this: AppInternal, name: K): Settings[K];
  get(this: AppInternal, path: PathArgument, ...handlers: unknown[]): unknown;
  all(this: AppInternal, path: PathArgument, ...handlers: unknown[]): AppInternal;
  del(this: AppInternal, ...args: unknown[]): AppInternal;
  delete(this: AppInternal, ...args: unknown[]): AppInternal;
  render(this: AppInternal, name: string, options?: unknown, callback?: unknown): void;
  listen(this: AppInternal, ...args: unknown[]): Server;
}

/**
 * An application (`webapp()`): a function `(req, res, next)` carrying EventEmitter's members, the
 * application methods, and its own state. The methods named after HTTP methods (`app.post`, …) are
 * installed from node's method list and reached through ../router/methods's `methodTable`.
 */
export interface AppInternal extends EventEmitter, ApplicationMethods {
  (req: IncomingMessage, res: ServerResponse, next?: Next): void;
  settings: Settings;
  locals: Record<string, unknown>;
  engines: Record<string, EngineFn>;
  /** Views cached by `view cache`, by name. */
  cache: Record<string, unknown>;
  /** The app's request prototype (derived from `webapp.request`). */
  request: Req;
  /** The app's response prototype (derived from `webapp.response`). */
  response: Res;
  mountpath: string | string[];
  parent?: AppInternal;
  _router?: Router;
}

/**
 * A request once it has entered an app: node's IncomingMessage, the members of the request prototype,
 * the fields dispatch maintains, and what webapp's own middleware adds.
 */
export interface Req extends IncomingMessage, RequestMembers {
  app: AppInternal;
  res: Res;
  next: Next;
  url: string;
  method: string;
  baseUrl: string;
  originalUrl: string;
  params: Record<string, unknown>;
  /**
   * Whatever a body parser or the app put there; Express types it `any` and applications and
   * middleware read fields of it unchecked.
   */
  // biome-ignore lint/suspicious/noExplicitAny: req.body is user data of any shape, as in Express's typings
  body?: any;
  route?: Route;
  /** Set by a body parser that has read the body. */
  _body?: boolean;
  /** cookie-parser's first secret (webapp/cookie-parser). */
  secret?: string | string[];
  /** webapp/cookie-parser. */
  cookies?: Record<string, unknown>;
  /** webapp/cookie-parser. */
  signedCookies?: Record<string, unknown>;
  /** webapp/basic-auth: the user name, or what an asynchronous check reported. */
  user?: unknown;
  /** webapp/basic-auth. */
  remoteUser?: unknown;
  /** webapp/cookie-session: per-request cookie attribute overrides. */
  sessionOptions?: SessionCookieOptions;
  /** webapp/csrf. */
  csrfToken?: () => string;
  /** Uploaded files (webapp/body-parser's multipart). */
  files?: Record<string, unknown>;
}

/**
 * A response once it has entered an app: node's ServerResponse and the response prototype's methods,
 * whose signatures are the public contract's (./response), with `this` the internal response.
 */
export interface Res extends ServerResponse, ResponseMethods {
  app: AppInternal;
  req: Req;
  locals: Record<string, unknown>;
  /** webapp/compress: flushes the compression stream. */
  flush?: () => void;
}

export type Middleware = (req: Req, res: Res, next: Next) => unknown;
export type ErrorMiddleware = (err: unknown, req: Req, res: Res, next: Next) => unknown;
