/**
 * The Router: a layer stack with Express 4's registration API (`use`, `route`, the method functions,
 * `param`); each request walks it in ./dispatch.
 * @module
 */
import { webappError } from '../errors/catalogue';
import { layerTraced } from '../tracing/channels';
import { traceParam } from '../tracing/layer';
import { recordUse } from '../tracing/mount';
import type { AnyHandler, Next, Req, Res } from '../types/internal';
import { callLater } from '../utils/async-context';
import { deprecate } from '../utils/deprecate';
import { typeName } from '../utils/flatten';
import { Dispatch, type IndexHolder, kIndex, kLinear } from './dispatch';
import { settleReturned } from './handler-call';
import { kRouterMark, Layer } from './layer';
import { methods, methodTable } from './methods';
import type { PathArgument } from './path';
import { Route, type RouteMethod } from './route';
import { createWatchedStack } from './route-index/watched-stack';
import { splitUseArguments } from './use-arguments';

export interface RouterOptions {
  caseSensitive?: boolean;
  mergeParams?: boolean;
  strict?: boolean;
}

type ParamCallback = (req: Req, res: Res, next: Next, value: unknown, name: string) => unknown;
/** `router.param(fn)` (deprecated): turns `(name, callback)` into the callback to use, or returns nothing. */
type ParamTransformer = (name: string, fn: unknown) => unknown;
/** A method of a router named after an HTTP method (`router.get(path, handler)`, …), see ./methods. */
type RouterMethod = (this: Router, path: PathArgument, ...handlers: unknown[]) => Router;

interface ParamCalled {
  error: unknown;
  match: unknown;
  value: unknown;
}

export { kLinear };

/** The methods every router inherits from `webapp.Router` (routerProto, below). */
export interface RouterMethods {
  param(this: Router, name: string | ParamTransformer, fn?: ParamCallback): Router | undefined;
  handle(this: Router, req: Req, res: Res, out?: Next): void;
  process_params(
    this: Router,
    layer: Layer,
    called: Record<string, ParamCalled>,
    req: Req,
    res: Res,
    done: Next,
  ): void;
  use(this: Router, first: unknown, ...rest: unknown[]): Router;
  route(this: Router, path: PathArgument): Route;
}

/**
 * A router: a function `(req, res, next)` with its own state and the methods of {@link RouterMethods};
 * the methods named after HTTP methods are reached through ./methods's `methodTable`.
 */
export interface Router extends RouterMethods {
  (req: Req, res: Res, next: Next): void;
  params: Record<string, ParamCallback[]>;
  _params: ParamTransformer[];
  caseSensitive: boolean | undefined;
  mergeParams: boolean | undefined;
  strict: boolean | undefined;
  stack: Layer[];
  [kIndex]: IndexHolder;
  [kLinear]?: boolean;
  [kRouterMark]: true;
}

/**
 * Creates a router: a function `(req, res, next)` that is also a mini application.
 * @example
 * const router = Router({ mergeParams: true });
 * router.get('/:id', (req, res) => res.json(req.params));
 */
export function createRouter(options?: RouterOptions): Router {
  const opts = options ?? {};
  const router = function router(req: Req, res: Res, next: Next): void {
    (router as Router).handle(req, res, next);
  } as Router;
  Object.setPrototypeOf(router, routerProto);
  router.params = {};
  router._params = [];
  router.caseSensitive = opts.caseSensitive;
  router.mergeParams = opts.mergeParams;
  router.strict = opts.strict;
  const watched = createWatchedStack();
  router.stack = watched.proxy;
  router[kIndex] = { index: undefined, watched };
  router[kRouterMark] = true;
  return router;
}

/**
 * Methods shared by every router: the `Router` function itself is every router's prototype, as in
 * Express 4, so plugins that extend or wrap `webapp.Router.<method>` (express-ws adds `ws`,
 * OpenTelemetry wraps `route` and `use`) reach every router, made before or after.
 */
export const routerProto = createRouter as typeof createRouter & RouterMethods;

/**
 * Registers a callback for a route parameter of this router.
 * @example
 * router.param('id', (req, res, next, id) => { req.user = users[id]; next(); });
 */
routerProto.param = function param(name, fn) {
  if (typeof name === 'function') {
    deprecate('WEBAPP_ROUTER_PARAM_FN', 'router.param(fn): Refactor to use path params');
    this._params.push(name);
    return;
  }
  let callback: unknown = fn;
  if (name[0] === ':') {
    deprecate(
      'WEBAPP_ROUTER_PARAM_COLON',
      `router.param(${JSON.stringify(name)}, fn): Use router.param(${JSON.stringify(name.slice(1))}, fn) instead`,
    );
    name = name.slice(1);
  }
  for (const transform of this._params) {
    const ret = transform(name, callback);
    if (ret) callback = ret;
  }
  if (typeof callback !== 'function') {
    throw webappError('WEBAPP_ROUTER_PARAM_NOT_FUNCTION', name, callback);
  }
  // Own properties only: a parameter named `toString` or `constructor` must not find
  // Object.prototype's member (Express 4 throws there).
  let list = Object.hasOwn(this.params, name) ? this.params[name] : undefined;
  if (list === undefined) {
    list = [];
    Object.defineProperty(this.params, name, {
      configurable: true,
      enumerable: true,
      writable: true,
      value: list,
    });
  }
  list.push(callback as ParamCallback);
  return this;
};

/**
 * Dispatches a request into the router; `out` is called when no layer ends the response (without
 * `out`, as for a root application, the final handler answers).
 */
routerProto.handle = function handle(req, res, out) {
  new Dispatch(this, this[kLinear] ? undefined : this[kIndex], req, res, out).start();
};

/**
 * Runs this router's param callbacks for the layer's keys, once per value per request. Express 4's
 * method, kept for code that calls or wraps it; dispatch calls it only for layers that have keys when
 * param callbacks exist (Express calls it always).
 */
routerProto.process_params = function process_params(layer, called, req, res, done) {
  const params = this.params;
  const keys = layer.keys;
  let i = 0;
  let paramIndex = 0;
  let key: (typeof keys)[number];
  let paramValue: unknown;
  let callbacks: ParamCallback[] | undefined;
  let state: ParamCalled;

  const param = (err?: unknown): void => {
    if (err) {
      done(err);
      return;
    }
    if (i >= keys.length) {
      done();
      return;
    }
    paramIndex = 0;
    key = keys[i++];
    const name = key.name;
    paramValue = req.params[name];
    callbacks = Object.hasOwn(params, name) ? params[name as string] : undefined;
    const previous = called[name];
    if (paramValue === undefined || !callbacks) {
      param();
      return;
    }
    // Same value already processed (or failed) in this request: reuse the outcome.
    if (previous && (previous.match === paramValue || (previous.error && previous.error !== 'route'))) {
      req.params[name] = previous.value;
      param(previous.error);
      return;
    }
    called[name] = state = { error: null, match: paramValue, value: paramValue };
    paramCallback();
  };

  const paramCallback = (err?: unknown): void => {
    const fn = callbacks![paramIndex++];
    state.value = req.params[key.name];
    if (err) {
      state.error = err;
      param(err);
      return;
    }
    if (!fn) {
      param();
      return;
    }
    try {
      if (layerTraced()) {
        traceParam(layer, fn, req, res, paramCallback, paramValue, key.name as string);
        return;
      }
      // A callback that calls next later (a lookup) continues in the async context it was called in.
      // express-async-errors wraps param callbacks too (through router.param), as it wraps layer handlers.
      callLater(
        (next) => settleReturned(fn(req, res, next, paramValue, key.name as string), next, Layer.prototype),
        paramCallback,
      );
    } catch (e) {
      paramCallback(e);
    }
  };

  param();
};

/**
 * Adds middleware, optionally under a mount path (matched at segment boundaries and stripped from
 * `req.url` while the middleware runs).
 */
routerProto.use = function use(first, ...rest) {
  const { path, handlers } = splitUseArguments(first, rest);
  const callbacks = handlers as AnyHandler[];
  if (callbacks.length === 0) throw webappError('WEBAPP_ROUTER_USE_NO_MIDDLEWARE');
  for (const fn of callbacks) {
    if (typeof fn !== 'function') {
      throw webappError('WEBAPP_ROUTER_USE_NOT_FUNCTION', typeName(fn));
    }
    const layer = new Layer(path, { sensitive: this.caseSensitive, strict: false, end: false }, fn);
    layer.route = undefined;
    recordUse(this, layer, path, fn);
    this.stack.push(layer);
  }
  return this;
};

/** Creates a route for `path` whose handlers are chained by method. */
routerProto.route = function route(path) {
  const route = new Route(path);
  const layer = new Layer(
    path,
    { sensitive: this.caseSensitive, strict: this.strict, end: true },
    route.dispatch.bind(route),
  );
  layer.route = route;
  this.stack.push(layer);
  return route;
};

for (const method of [...methods, 'all']) {
  methodTable<RouterMethod>(routerProto)[method] = function (
    this: Router,
    path: PathArgument,
    ...handlers: unknown[]
  ) {
    const route = this.route(path);
    methodTable<RouteMethod>(route)[method](...handlers);
    return this;
  };
}
