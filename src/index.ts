/**
 * webapp: the Express 4 interface, typed and fast. `webapp()` creates an application; the factory
 * also carries the built-in middleware, the Router and the prototypes.
 * @module
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { application } from './application/index';
import { installLazyLocals } from './application/locals';
import { json, raw, text, urlencoded } from './body/index';
import type * as core from './core';
import { tuneProcess } from './http/node-internals';
import { shutdown } from './lifecycle/shutdown';
import { query } from './middleware/query';
import { request } from './request/index';
import { response } from './response/index';
import { createRouter } from './router/index';
import { Route } from './router/route';
import { serveStatic } from './static/serve-static';
import type { Webapp } from './types/factory';
import type { AppFetch } from './types/fetch';
import type { AppInternal, Next, Req, Res } from './types/internal';

installLazyLocals(response);

/** Copies own members of `source` onto `target`, keeping getters as getters. */
function mixin(target: object, source: object): void {
  for (const key of Reflect.ownKeys(source)) {
    if (key === 'constructor' || Object.hasOwn(target, key)) continue;
    Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(source, key)!);
  }
}

/**
 * Creates an application: a request listener for node:http/https servers that is also middleware.
 * @example
 * const app = webapp();
 * app.get('/', (req, res) => res.send('hello'));
 * app.listen(3000);
 */
function createApplication(): AppInternal {
  // Before any server runs its first tick; WEBAPP_PROCESS_TUNING=off opts out (../http/node-internals).
  tuneProcess();
  const app = function (req: IncomingMessage, res: ServerResponse, next?: Next) {
    // handle() makes node's request and response webapp's (it sets their prototypes).
    app.handle(req as Req, res as Res, next);
  } as AppInternal;
  mixin(app, EventEmitter.prototype);
  mixin(app, application);
  app.request = Object.create(request, {
    app: { configurable: true, enumerable: true, writable: true, value: app },
  });
  app.response = Object.create(response, {
    app: { configurable: true, enumerable: true, writable: true, value: app },
  });
  app.init();
  installFetch(app);
  return app;
}

let fetchModule: typeof import('./fetch/app-fetch') | undefined;

/**
 * `app.fetch(request, options)`: own, bound (Bun.serve and Deno.serve call it detached) and not
 * enumerable (an app's own keys stay Express's); the implementation loads on the first call.
 */
function installFetch(app: AppInternal): void {
  const fetch: AppFetch = (request, options) => {
    fetchModule ??= require('./fetch/app-fetch') as typeof import('./fetch/app-fetch');
    return fetchModule.fetchApp(app, request, options);
  };
  Object.defineProperty(app, 'fetch', {
    configurable: true,
    enumerable: false,
    writable: true,
    value: fetch,
  });
}

/** First-party 3.x-line middleware: loaded on first access, so apps that do not use one never load it. */
interface LazyMiddleware {
  readonly cookieParser: typeof import('./middleware/cookie-parser').cookieParser;
  readonly basicAuth: typeof import('./middleware/basic-auth').basicAuth;
  readonly cookieSession: typeof import('./middleware/cookie-session').cookieSession;
  readonly compress: typeof import('./middleware/compress').compress;
  readonly csrf: typeof import('./middleware/csrf').csrf;
  readonly directory: typeof import('./middleware/directory').directory;
  readonly bodyParser: typeof import('./middleware/body-parser').bodyParser;
  readonly timeout: typeof import('./middleware/timeout').timeout;
  readonly fromFetch: typeof import('./fetch/from-fetch').fromFetch;
}

const webapp = Object.assign(createApplication, {
  application,
  request,
  response,
  Router: createRouter,
  Route,
  json,
  raw,
  text,
  urlencoded,
  static: serveStatic,
  query,
  shutdown,
}) as typeof createApplication & {
  application: typeof application;
  request: typeof request;
  response: typeof response;
  Router: typeof createRouter;
  Route: typeof Route;
  json: typeof json;
  raw: typeof raw;
  text: typeof text;
  urlencoded: typeof urlencoded;
  static: typeof serveStatic;
  query: typeof query;
  shutdown: typeof shutdown;
} & LazyMiddleware;

function lazyMember(name: keyof LazyMiddleware, load: () => unknown): void {
  // Non-enumerable, as in a spread or Object.keys of the factory; `require('webappjs')` loads none of them.
  // The ESM entry (scripts/build-esm.mjs) reads every one, so both module systems share one instance.
  Object.defineProperty(webapp, name, { configurable: true, enumerable: false, get: load });
}

lazyMember('cookieParser', () => require('./middleware/cookie-parser').cookieParser);
lazyMember('basicAuth', () => require('./middleware/basic-auth').basicAuth);
lazyMember('cookieSession', () => require('./middleware/cookie-session').cookieSession);
lazyMember('compress', () => require('./middleware/compress').compress);
lazyMember('csrf', () => require('./middleware/csrf').csrf);
lazyMember('directory', () => require('./middleware/directory').directory);
lazyMember('bodyParser', () => require('./middleware/body-parser').bodyParser);
lazyMember('timeout', () => require('./middleware/timeout').timeout);
lazyMember('fromFetch', () => require('./fetch/from-fetch').fromFetch);

(webapp as typeof webapp & { default?: unknown }).default = webapp;

/**
 * The package export with its public type (src/types/factory.ts). Every type of `webappjs/core` is
 * also reachable as `webapp.Request`, `webapp.RequestHandler`, … and as a named import
 * (`import { Request } from 'webappjs'`), under the names and generic parameters of `@types/express`.
 * @example
 * import webapp = require('webappjs');
 * const handler: webapp.RequestHandler<{ id: string }> = (req, res) => res.send(req.params.id);
 */
// Sound: the same object seen through its public type. The implementation is typed with the internal
// shapes (AppInternal, Req, Res), the public type with the generic ones of ./types/core; the two are
// not comparable for TypeScript, and test/types.test.ts checks the public type against the runtime.
const webappApi = webapp as unknown as Webapp;

// Interfaces (not aliases) where @types/express has interfaces, so that `declare module 'webappjs'
// { interface Request { … } }` blocks written for `declare module 'express'` keep compiling.
// biome-ignore-start lint/suspicious/noExplicitAny: the public names of @types/express, with its `any` generic defaults
namespace webappApi {
  /** Options of `res.cookie`. @example const opts: webapp.CookieOptions = { httpOnly: true }; */
  export interface CookieOptions extends core.CookieOptions {}
  /** The callback of `res.sendFile` / `res.download`. @example const done: webapp.Errback = (err) => {}; */
  export interface Errback extends core.Errback {}
  /** An error-handling middleware. @example const onError: webapp.ErrorRequestHandler = (err, req, res, next) => res.sendStatus(500); */
  export interface ErrorRequestHandler<
    P = core.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = core.Query,
    Locals extends Record<string, any> = Record<string, any>,
  > extends core.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, Locals> {}
  /** The application `webapp()` returns. @example const app: webapp.Express = webapp(); */
  export interface Express extends core.Express {}
  /** An application. @example function configure(app: webapp.Application) { app.disable('x-powered-by'); } */
  export interface Application extends core.Application {}
  /** A plain request handler. @example const noop: webapp.Handler = (req, res, next) => next(); */
  export interface Handler extends core.Handler {}
  /** A route (`app.route(path)`). @example const route: webapp.IRoute = app.route('/x'); */
  export interface IRoute<Route extends string = string> extends core.IRoute<Route> {}
  /** The routing surface of routers and apps. @example function mount(r: webapp.IRouter) { r.get('/', (req, res) => res.end()); } */
  export interface IRouter extends core.IRouter {}
  /** A handler list without a path. @example type Use = webapp.IRouterHandler<webapp.Router>; */
  export interface IRouterHandler<T, Route extends string = string> extends core.IRouterHandler<T, Route> {}
  /** A route method taking a path and handlers. @example type Get = webapp.IRouterMatcher<webapp.Router, 'get'>; */
  export interface IRouterMatcher<T, Method extends core.RouteMethod = any>
    extends core.IRouterMatcher<T, Method> {}
  /** A media range from an Accept header. @example const t: webapp.MediaType = { value: 'text/html', quality: 1, type: 'text', subtype: 'html' }; */
  export interface MediaType extends core.MediaType {}
  /** The `next` callback. @example const mw = (req: webapp.Request, res: webapp.Response, next: webapp.NextFunction) => next(); */
  export interface NextFunction extends core.NextFunction {}
  /** Members of `res.locals` / `app.locals`. @example const locals: webapp.Locals = {}; */
  export interface Locals extends core.Locals {}
  /** The incoming request. @example app.get('/', (req: webapp.Request, res: webapp.Response) => res.send(req.path)); */
  export interface Request<
    P = core.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = core.Query,
    Locals extends Record<string, any> = Record<string, any>,
  > extends core.Request<P, ResBody, ReqBody, ReqQuery, Locals> {}
  /** A middleware or route handler. @example const hello: webapp.RequestHandler = (req, res) => res.send('hi'); */
  export interface RequestHandler<
    P = core.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = core.Query,
    Locals extends Record<string, any> = Record<string, any>,
  > extends core.RequestHandler<P, ResBody, ReqBody, ReqQuery, Locals> {}
  /** A `param()` callback. @example const load: webapp.RequestParamHandler = (req, res, next, id) => next(); */
  export interface RequestParamHandler extends core.RequestParamHandler {}
  /** The outgoing response. @example function ok(res: webapp.Response) { res.sendStatus(200); } */
  export interface Response<ResBody = any, Locals extends Record<string, any> = Record<string, any>>
    extends core.Response<ResBody, Locals> {}
  /** A router. @example const router: webapp.Router = webapp.Router(); */
  export interface Router extends core.Router {}
  /** Options of `webapp.Router()`. @example const opts: webapp.RouterOptions = { mergeParams: true }; */
  export interface RouterOptions extends core.RouterOptions {}
  /** `res.send` / `res.json`. @example type JsonSend = webapp.Send<{ ok: boolean }>; */
  export interface Send<ResBody = any, T = core.Response<ResBody>> extends core.Send<ResBody, T> {}

  /** A parsed query string. @example const q: webapp.ParsedQs = { page: '1' }; */
  export type ParsedQs = core.ParsedQs;
  /** The default type of `req.query`. @example const q: webapp.Query = {}; */
  export type Query = core.Query;
  /** A string-keyed dictionary of route parameters. @example const p: webapp.ParamsDictionary = { id: '1' }; */
  export type ParamsDictionary = core.ParamsDictionary;
  /** Alias of ParamsDictionary. @example const p: webapp.Params = {}; */
  export type Params = core.Params;
  /** An object with values of one type. @example const d: webapp.Dictionary<number> = { a: 1 }; */
  export type Dictionary<T> = core.Dictionary<T>;
  /** A route path: string, RegExp or list. @example const p: webapp.PathParams = /^\/x/; */
  export type PathParams = core.PathParams;
  /** The params type of a route path. @example type P = webapp.RouteParameters<'/users/:id'>; // { id: string } */
  export type RouteParameters<Route extends string> = core.RouteParameters<Route>;
  /** Handler arguments of `use` and the route methods. @example const chain: webapp.RequestHandlerParams = [auth, load]; */
  export type RequestHandlerParams<
    P = core.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = core.Query,
    Locals extends Record<string, any> = Record<string, any>,
  > = core.RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, Locals>;
  /** Options of `res.sendFile`. @example const o: webapp.SendFileOptions = { root: 'public' }; */
  export type SendFileOptions = core.SendFileOptions;
  /** Options of `res.download`. @example const o: webapp.DownloadOptions = { root: 'files' }; */
  export type DownloadOptions = core.DownloadOptions;
  /** One byte range of `req.range()`. @example const r: webapp.ByteRange = { start: 0, end: 99 }; */
  export type ByteRange = core.ByteRange;
  /** A layer of a router's stack. @example app._router.stack.forEach((l: webapp.ILayer) => l.name); */
  export type ILayer = core.ILayer;
  /** Options of `webapp.json()`. @example webapp.json({ limit: '1mb' } satisfies webapp.JsonOptions); */
  export type JsonOptions = core.JsonOptions;
  /** Options of `webapp.raw()`. @example const o: webapp.RawOptions = { type: 'image/*' }; */
  export type RawOptions = core.RawOptions;
  /** Options of `webapp.text()`. @example const o: webapp.TextOptions = { defaultCharset: 'utf-8' }; */
  export type TextOptions = core.TextOptions;
  /** Options of `webapp.urlencoded()`. @example const o: webapp.UrlencodedOptions = { extended: false }; */
  export type UrlencodedOptions = core.UrlencodedOptions;
  /** Options of `webapp.static()`. @example const o: webapp.ServeStaticOptions = { maxAge: '1d' }; */
  export type ServeStaticOptions<R = any> = core.ServeStaticOptions<R>;
  /** Options of the file sender. @example const o: webapp.SendOptions = { dotfiles: 'deny' }; */
  export type SendOptions = core.SendOptions;
  /** Options of `webapp.cookieParser()`. @example const o: webapp.CookieParserOptions = { decode: String }; */
  export type CookieParserOptions = core.CookieParserOptions;
  /** A middleware typed with node's request and response. @example const mw: webapp.NodeHandler = webapp.json(); */
  export type NodeHandler = core.NodeHandler;
  /** Options of `server.shutdown()` / `webapp.shutdown()`. @example const o: webapp.ShutdownOptions = { timeout: '10s' }; */
  export type ShutdownOptions = core.ShutdownOptions;
  /** `shutdown()` and `draining` of the servers webapp creates. @example const s: webapp.Shutdownable = app.listen(0); */
  export type Shutdownable = core.Shutdownable;
  /** The server `app.listen()` returns. @example const server: webapp.ListeningServer = app.listen(3000); */
  export type ListeningServer = core.ListeningServer;
  /** Options of `webapp.timeout()`. @example const o: webapp.TimeoutOptions = { respond: false }; */
  export type TimeoutOptions = core.TimeoutOptions;
  /** The second argument of `app.fetch`. @example const o: webapp.FetchOptions = { remoteAddress: '127.0.0.1' }; */
  export type FetchOptions = import('./types/fetch').FetchOptions;
  /** A handler `webapp.fromFetch` mounts. @example const h: webapp.FetchHandler = () => new Response('hi'); */
  export type FetchHandler = import('./types/fetch').FetchHandler;
  /** Options of `webapp.fromFetch`. @example const o: webapp.FromFetchOptions = { notFound: 'next' }; */
  export type FromFetchOptions = import('./types/fetch').FromFetchOptions;
}
// biome-ignore-end lint/suspicious/noExplicitAny: end of the public names

export = webappApi;
