/**
 * The application prototype: settings, routing and mounting, engines and rendering, listening.
 * `webapp()` copies these members onto a function, so an app is callable as a request listener
 * (and as middleware of another app) while staying a real Function.
 * @module
 */
import http, { IncomingMessage, ServerResponse } from 'node:http';
import { webappError } from '../errors/catalogue';
import { finalHandler } from '../final-handler';
import { setHeaderWithFastStore, setTrustedHeader } from '../http/header-store';
import { adoptServerClasses, serverOf } from '../http/node-internals';
import { withShutdown } from '../lifecycle/shutdown';
import { enterApp } from '../request/entry-app';
import { createRouter, type Router } from '../router/index';
import { methods, methodTable } from '../router/methods';
import type { PathArgument } from '../router/path';
import type { RouteMethod } from '../router/route';
import { splitUseArguments } from '../router/use-arguments';
import { requestTraced } from '../tracing/channels';
import { publishInitialization, recordAppUse } from '../tracing/mount';
import { traceRequest } from '../tracing/request';
import type {
  AnyHandler,
  AppInternal,
  ApplicationMethods,
  Next,
  Req,
  Res,
  Settings,
} from '../types/internal';
import { deprecate } from '../utils/deprecate';
import { refuseUncalledFactories } from '../utils/middleware-factory';
import { renderView } from '../view/render';
import { compileSetting, defaultConfiguration, inheritFromParent, kBuiltinGet } from './settings';

/** A method of the app named after an HTTP method (`app.post`, …), see ../router/methods. */
type AppMethod = (this: AppInternal, path: PathArgument, ...handlers: unknown[]) => AppInternal;

/** The application prototype (`webapp.application`); every member is assigned below. */
export const application = {} as ApplicationMethods;

/** Sets up a new application: settings, engines, locals, defaults. */
application.init = function init(this: AppInternal): void {
  this.cache = {};
  this.engines = {};
  // `view` and `views` are set by defaultConfiguration, next.
  this.settings = {} as AppInternal['settings'];
  this.defaultConfiguration();
  publishInitialization(this);
};

application.defaultConfiguration = function (this: AppInternal): void {
  defaultConfiguration(this);
  this.on('mount', function onmount(this: AppInternal, parent: AppInternal) {
    inheritFromParent(this, parent);
  });
  this.locals = Object.create(null);
  this.mountpath = '/';
  this.locals.settings = this.settings;
  // Not enumerable (as in Express): copying an app's own keys (`{ ...app }`) must not hit the throw.
  Object.defineProperty(this, 'router', {
    configurable: true,
    enumerable: false,
    get() {
      throw webappError('WEBAPP_APP_ROUTER_REMOVED');
    },
  });
};

/** Creates the app's router on first use (Express 4 apps have no `_router` until then). */
application.lazyrouter = function lazyrouter(this: AppInternal): void {
  if (!this._router) {
    this._router = createRouter({
      caseSensitive: this.enabled('case sensitive routing'),
      strict: this.enabled('strict routing'),
    });
  }
};

/**
 * Dispatches a request into the application. Without `callback` the app is the root and answers
 * 404/errors itself; with one (as a mounted sub-app) it hands control back.
 */
application.handle = function handle(this: AppInternal, req: Req, res: Res, callback?: Next): void {
  const router: Router | undefined = this._router;
  if (!router) {
    if (callback) callback();
    else finalHandler(req, res, undefined, { env: this.get('env') });
    return;
  }
  if (this.settings['x-powered-by']) setTrustedHeader(res, 'X-Powered-By', 'x-powered-by', 'webapp');
  req.res = res;
  res.req = req;
  // Servers created by app.listen already build requests on these prototypes; others get swapped.
  const reqProto = Object.getPrototypeOf(req);
  if (reqProto !== this.request && reqProto[kServerProto] !== this.request) {
    if (req.httpVersionMajor === 2) {
      enterHttp2(this, req, res);
    } else {
      if (!callback) adoptServer(this, req);
      Object.setPrototypeOf(req, this.request);
    }
  }
  const resProto = Object.getPrototypeOf(res);
  if (resProto !== this.response && resProto[kServerProto] !== this.response) {
    if (!Object.hasOwn(res, 'locals')) res.locals = Object.create(null);
    Object.setPrototypeOf(res, this.response);
  }
  enterApp(req, this);
  if (requestTraced()) {
    traceRequest(this, router, req, res, callback);
    return;
  }
  // Without a callback this is the root app: the router ends with the final handler (finishRequest).
  router.handle(req, res, callback);
};

let http2Module: typeof import('./http2') | undefined;

/**
 * An HTTP/2 request (node:http2's compatibility API) not yet built on this app's prototypes: it
 * gets the app's HTTP/2 prototypes (./http2, loaded on the first such request). Servers made by
 * `webappjs/http2` build requests on them already; node's own `http2.createServer(app)` cannot be
 * told to, so each of its requests is swapped here.
 */
function enterHttp2(app: AppInternal, req: Req, res: Res): void {
  http2Module ??= require('./http2') as typeof import('./http2');
  const h2 = http2Module;
  const protos = h2.http2Prototypes(app, kServerProto);
  // An HTTP/2 request reaching an app is node's Http2ServerRequest, which carries its stream.
  h2.normalizeHttp2Headers(req.headers, (req as Req & { stream: { endAfterHeaders?: boolean } }).stream);
  Object.setPrototypeOf(req, protos.request);
  if (Object.getPrototypeOf(res)[kServerProto] !== app.response) {
    if (!Object.hasOwn(res, 'locals')) res.locals = Object.create(null);
    Object.setPrototypeOf(res, protos.response);
  }
}

const kAdopted = Symbol('webapp.adoptedServer');

/**
 * A root app handed to a plain node server (`http.createServer(app)`, `https.createServer(opts, app)`)
 * adopts it on its first request: if the server still builds requests with node's own classes, it
 * builds the next ones with this app's subclasses (as app.listen does), so only that first request
 * needs a prototype swap. Servers with classes of their own are left alone.
 */
function adoptServer(app: AppInternal, req: Req): void {
  // node keeps a server's classes in undocumented slots (see ../http/node-internals, 3 and 4).
  const server = serverOf(req.socket);
  if (!server || server[kAdopted]) return;
  server[kAdopted] = true;
  adoptServerClasses(
    server,
    () => requestClass(app),
    () => responseClass(app),
  );
}

/**
 * Mounts middleware, routers or sub-apps, optionally at a path.
 * @example
 * app.use('/api', apiRouter);
 */
application.use = function use(this: AppInternal, first: unknown, ...rest: unknown[]) {
  const { path, handlers } = splitUseArguments(first, rest);
  const fns = handlers as AnyHandler[];
  if (fns.length === 0) throw webappError('WEBAPP_APP_USE_NO_MIDDLEWARE');
  this.lazyrouter();
  const router: Router = this._router!;
  for (const fn of fns) {
    // Probed for `handle` and `set` below: only an app is mounted as one.
    const sub = fn as AppInternal;
    if (!fn || !sub.handle || !sub.set) {
      recordAppUse(this, router, path, undefined, undefined);
      router.use(path, fn);
      continue;
    }
    sub.mountpath = path as string;
    sub.parent = this;
    const mounted = function mounted_app(req: Req, res: Res, next: Next) {
      const orig = req.app;
      // An HTTP/2 request goes back to the prototypes it had (orig's HTTP/2 ones, see ./http2).
      const h2 = req.httpVersionMajor === 2;
      const reqProto = h2 ? Object.getPrototypeOf(req) : undefined;
      const resProto = h2 ? Object.getPrototypeOf(res) : undefined;
      sub.handle(req, res, (err?: unknown) => {
        Object.setPrototypeOf(req, reqProto ?? orig.request);
        Object.setPrototypeOf(res, resProto ?? orig.response);
        next(err);
      });
    };
    recordAppUse(this, router, path, sub, mounted);
    router.use(path, mounted);
    sub.emit('mount', this);
  }
  return this;
};

/** A route for `path` on which method handlers are chained. */
application.route = function route(this: AppInternal, path: PathArgument) {
  this.lazyrouter();
  return this._router!.route(path);
};

/**
 * Registers a template engine for an extension.
 * @example
 * app.engine('html', require('ejs').renderFile);
 */
application.engine = function engine(this: AppInternal, ext: string, fn: AnyHandler) {
  if (typeof fn !== 'function') throw webappError('WEBAPP_APP_ENGINE_NOT_FUNCTION');
  const extension = ext[0] !== '.' ? `.${ext}` : ext;
  this.engines[extension] = fn;
  return this;
};

/** Registers a callback for a route parameter (or each of an array of names). */
application.param = function param(this: AppInternal, name: string | string[] | AnyHandler, fn?: AnyHandler) {
  this.lazyrouter();
  if (Array.isArray(name)) {
    for (const one of name) this.param(one, fn);
    return this;
  }
  this._router!.param(name, fn);
  return this;
};

/**
 * Assigns a setting, or with one argument returns it.
 * @example
 * app.set('trust proxy', 'loopback');
 */
application.set = function set(this: AppInternal, setting: string, value?: unknown) {
  if (arguments.length === 1) return readSetting(this.settings, setting);
  this.settings[setting] = value;
  compileSetting(this.settings, setting, value);
  return this;
};

/**
 * A setting's value: own properties of the settings object or of a parent app's (the prototype
 * chain set up on mount), never Object.prototype members such as `constructor` or `__proto__`.
 */
function readSetting(settings: Settings, name: string): unknown {
  // The per-response reads (`etag fn`, `json spaces`, …) decide here: an unset name reads undefined
  // wherever the chain ends, and an own property is the answer.
  const value = settings[name];
  if (value === undefined) return undefined;
  if (Object.hasOwn(settings, name)) return value;
  let current: object | null = Object.getPrototypeOf(settings);
  while (current !== null && current !== Object.prototype) {
    if (Object.hasOwn(current, name)) return (current as Record<string, unknown>)[name];
    current = Object.getPrototypeOf(current);
  }
  return undefined;
}

/** The app's canonical path (its mount paths joined; '' for the root app). */
application.path = function path(this: AppInternal): string {
  return this.parent ? this.parent.path() + this.mountpath : '';
};

application.enabled = function enabled(this: AppInternal, setting: string): boolean {
  return Boolean(this.set(setting));
};

application.disabled = function disabled(this: AppInternal, setting: string): boolean {
  return !this.set(setting);
};

application.enable = function enable(this: AppInternal, setting: string) {
  return this.set(setting, true);
};

application.disable = function disable(this: AppInternal, setting: string) {
  return this.set(setting, false);
};

for (const method of methods) {
  methodTable<AppMethod>(application)[method] = function (
    this: AppInternal,
    path: PathArgument,
    ...handlers: unknown[]
  ) {
    this.lazyrouter();
    const route = this._router!.route(path);
    methodTable<RouteMethod>(route)[method](...handlers);
    return this;
  };
}

const routeGet = methodTable<AppMethod>(application).get;

/**
 * `app.get(name)` with a single argument reads a setting (res.json and res.send do so on every
 * response, so that form allocates nothing); with more it routes GET.
 */
application.get = function get(this: AppInternal, path: PathArgument) {
  if (arguments.length === 1) return this.set(path as string);
  return Reflect.apply(routeGet, this, arguments);
};

(application.get as ApplicationMethods['get'] & { [kBuiltinGet]?: boolean })[kBuiltinGet] = true;

/** Routes every HTTP method for `path`. */
application.all = function all(this: AppInternal, path: PathArgument, ...handlers: unknown[]) {
  refuseUncalledFactories(handlers, 'all');
  this.lazyrouter();
  const route = this._router!.route(path);
  const table = methodTable<RouteMethod>(route);
  for (const method of methods) table[method](...handlers);
  return this;
};

/** 3.x name of app.delete. */
application.del = function del(this: AppInternal, ...args: unknown[]) {
  deprecate('WEBAPP_APP_DEL', 'app.del: Use app.delete instead');
  return this.delete(...args);
};

/**
 * Renders a view to a string with app.locals and `options`.
 * @example
 * app.render('email', { name: 'Tobi' }, (err, html) => {});
 */
application.render = function render(this: AppInternal, name: string, options?: unknown, callback?: unknown) {
  let done = callback as (err: Error | null, html?: string) => void;
  let opts = options as Record<string, unknown> | undefined;
  if (typeof options === 'function') {
    done = options as typeof done;
    opts = {};
  }
  renderView(this, name, opts ?? {}, done);
};

/**
 * Starts an HTTP server for the app; arguments as `server.listen`. Returns the server, which also
 * has `shutdown({ timeout })` and `draining` (see ../lifecycle/shutdown).
 * The server builds requests and responses directly on this app's prototypes, so no prototype
 * swap happens per request.
 * @example
 * app.listen(3000, () => console.log('listening'));
 */
application.listen = function listen(this: AppInternal, ...args: unknown[]) {
  const server = http.createServer(
    { IncomingMessage: requestClass(this), ServerResponse: responseClass(this) } as http.ServerOptions,
    this,
  );
  // `server.shutdown()`, `server.draining` and the `shutdown signals` setting (../lifecycle/shutdown).
  withShutdown(server, this);
  return server.listen(...(args as Parameters<http.Server['listen']>));
};

/*
 * The classes handed to http.createServer build each request/response on the app's prototypes:
 * real subclasses, whose prototype objects are re-parented once onto app.request / app.response and
 * marked, so handle() needs no swap.
 */
export const kServerProto = Symbol('webapp.serverPrototypeOf');

export function requestClass(app: AppInternal): typeof IncomingMessage {
  // No constructor of its own: node (and Bun, Deno) construct it with the arguments they construct
  // IncomingMessage with.
  class AppRequest extends IncomingMessage {}
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  Object.defineProperty(AppRequest.prototype, kServerProto, { value: app.request });
  return AppRequest;
}

export function responseClass(app: AppInternal): typeof ServerResponse {
  class AppResponse extends ServerResponse {}
  Object.setPrototypeOf(AppResponse.prototype, app.response);
  Object.defineProperty(AppResponse.prototype, kServerProto, { value: app.response });
  // Not enumerable, as a class method: what `for in` and tools see of a response does not change.
  Object.defineProperty(AppResponse.prototype, 'setHeader', {
    configurable: true,
    writable: true,
    value: setHeaderWithFastStore(app.response),
  });
  return AppResponse as typeof ServerResponse;
}
