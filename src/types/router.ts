// biome-ignore-all lint/suspicious/noExplicitAny: public declarations mirror @types/express, whose generic defaults and loose handler types are `any`; changing them would break assignability with code typed against Express.
/**
 * The public types of routing: routers, routes, layers and the route methods.
 * Part of `webappjs/core` (./core.ts re-exports every name), mirroring `express-serve-static-core`.
 * @example
 * import type { Router, IRoute } from 'webappjs/core';
 * @module
 */

import type * as http from 'node:http';
import type { Application } from './application';
import type {
  LooseHandler,
  NextFunction,
  RequestHandler,
  RequestHandlerParams,
  RequestParamHandler,
} from './handlers';
import type { ParsedQs } from './request';
import type { ParamsDictionary, RouteParameters } from './route-parameters';

/**
 * A route path: a string in Express 4 syntax, a regular expression, or a list of those.
 * @example
 * const paths: PathParams = ['/a/:id', /^\/b\/(\d+)$/];
 */
export type PathParams = string | RegExp | Array<string | RegExp>;

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
