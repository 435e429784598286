/**
 * The Router: a layer stack with Express 4 dispatch semantics — mount-path stripping and restoring,
 * `next('route')` / `next('router')` / `next(err)`, param callbacks, mergeParams, automatic OPTIONS,
 * and HEAD served by GET routes. Dispatch walks the stack with a loop (no recursion per skipped
 * layer) and consults a cached index so it does not regex-test layers that cannot match.
 * @module
 */
import { getPathname, getProtohost } from '../http/parse-url';
import type { Next, Req, Res } from '../types/internal';
import { deprecate } from '../utils/deprecate';
import { typeName } from '../utils/flatten';
import { Layer } from './layer';
import { type Candidates, LayerIndex, LayerStack, nextCandidate } from './layer-index';
import { methods } from './methods';
import type { PathArgument } from './path';
import { Route } from './route';
import { splitUseArguments } from './use-arguments';

export interface RouterOptions {
  caseSensitive?: boolean;
  mergeParams?: boolean;
  strict?: boolean;
}

type AnyHandler = (...args: any[]) => unknown;
type ParamCallback = (req: Req, res: Res, next: Next, value: any, name: string) => unknown;
type ParamTransformer = (name: string, fn: any) => ParamCallback | undefined;

interface ParamCalled {
  error: unknown;
  match: unknown;
  value: unknown;
}

const kIndex = Symbol('webapp.router.index');
/** Set on a router to bypass the index (the reference linear matcher, used by the parity suite). */
export const kLinear = Symbol('webapp.router.linear');

export interface Router {
  (req: Req, res: Res, next: Next): void;
  params: Record<string, ParamCallback[]>;
  _params: ParamTransformer[];
  caseSensitive: boolean | undefined;
  mergeParams: boolean | undefined;
  strict: boolean | undefined;
  stack: Layer[];
  [kIndex]?: LayerIndex;
  [kLinear]?: boolean;
  [method: string]: any;
}

/** Methods shared by every router (the prototype of router functions). */
export const routerProto: Record<string, any> = {};

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
  router.stack = new LayerStack();
  return router;
}

Object.setPrototypeOf(routerProto, Function.prototype);

/**
 * Registers a callback for a route parameter of this router.
 * @example
 * router.param('id', (req, res, next, id) => { req.user = users[id]; next(); });
 */
routerProto.param = function param(this: Router, name: string | ParamTransformer, fn?: ParamCallback) {
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
    throw new Error(`invalid param() call for ${name}, got ${callback}`);
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
 * Dispatches a request into the router; `out` is called when no layer ends the response.
 */
routerProto.handle = function handle(this: Router, req: Req, res: Res, out: Next): void {
  let idx = 0;
  const protohost = getProtohost(req.url);
  let removed = '';
  let slashAdded = false;
  let sync = 0;
  let paramCalled: Record<string, ParamCalled> | undefined;
  let options: string[] | undefined;
  const stack = this.stack;
  const parentParams = req.params;
  const parentUrl = req.baseUrl || '';
  const savedBaseUrl = req.baseUrl;
  const savedNext = req.next;
  const isOptions = req.method === 'OPTIONS';

  let index: LayerIndex | undefined;
  let candidates: Candidates | undefined;
  let candidatePath: string | undefined;
  const indexed = !this[kLinear] && stack instanceof LayerStack;
  if (indexed) {
    index = this[kIndex];
    if (index === undefined || !index.fresh(stack))
      index = this[kIndex] = new LayerIndex(stack as LayerStack);
  }

  const done = (err?: unknown): void => {
    req.baseUrl = savedBaseUrl;
    req.next = savedNext;
    req.params = parentParams;
    if (isOptions && !err && options !== undefined && options.length !== 0) {
      sendOptionsResponse(res, options, out);
      return;
    }
    out(err);
  };

  const next = (err?: unknown): void => {
    let layerError = err === 'route' ? null : err;

    if (slashAdded) {
      req.url = req.url.slice(1);
      slashAdded = false;
    }
    if (removed.length !== 0) {
      req.baseUrl = parentUrl;
      req.url = protohost + removed + req.url.slice(protohost.length);
      removed = '';
    }
    if (layerError === 'router') {
      setImmediate(done, null);
      return;
    }
    if (idx >= stack.length) {
      setImmediate(done, layerError);
      return;
    }
    // Deep synchronous chains hop through setImmediate instead of growing the call stack.
    if (++sync > 100) {
      setImmediate(next, err);
      return;
    }
    const path = getPathname(req);
    if (path == null) {
      done(layerError);
      return;
    }

    let layer: Layer | undefined;
    let match: boolean | unknown = false;
    let route: Route | undefined;
    let rebuilt = false;
    while (match !== true && idx < stack.length) {
      if (index !== undefined) {
        if (!index.fresh(stack)) {
          // The stack changed under us (e.g. a route added at run time): re-index and re-look-up.
          index = this[kIndex] = new LayerIndex(stack as LayerStack);
          candidatePath = undefined;
        }
        if (candidatePath !== path) {
          candidates ??= { bucket: [], wild: [], b: 0, w: 0 };
          index.lookup(path, candidates);
          candidatePath = path;
        }
        const position = nextCandidate(candidates!, idx, stack.length);
        // The skipped layers and the candidate must be the ones indexed: `stack[i] = layer` and a
        // replaced `layer.regexp` bypass the stack's versioning.
        if (!index.unchanged(stack, idx, position === -1 ? stack.length : position + 1)) {
          if (rebuilt) {
            // Still changed right after a rebuild (a `regexp` getter that never returns the same
            // object): finish this request with a linear scan rather than loop.
            index = undefined;
            continue;
          }
          index = this[kIndex] = new LayerIndex(stack as LayerStack);
          candidatePath = undefined;
          rebuilt = true;
          continue;
        }
        rebuilt = false;
        if (position === -1) {
          idx = stack.length;
          break;
        }
        idx = position;
      }
      layer = stack[idx++];
      match = matchLayer(layer, path);
      route = layer.route;
      if (typeof match !== 'boolean') layerError = layerError || match;
      if (match !== true) continue;
      if (!route) continue;
      // Routes never handle errors: an error skips them.
      if (layerError) {
        match = false;
        continue;
      }
      const method = req.method;
      const hasMethod = route._handles_method(method);
      if (!hasMethod && method === 'OPTIONS') appendMethods((options ??= []), route._options());
      if (!hasMethod && method !== 'HEAD') match = false;
    }

    if (match !== true || layer === undefined) {
      done(layerError);
      return;
    }
    if (route) req.route = route;
    req.params = this.mergeParams ? mergeParams(layer.params!, parentParams) : layer.params!;
    const layerPath = layer.path!;
    const matched = layer;
    const matchedRoute = route;
    const error = layerError;

    if (matched.keys.length === 0 || !hasParamCallbacks(this)) {
      afterParams(matched, matchedRoute, error, layerPath, path);
      return;
    }
    paramCalled ??= {};
    this.process_params(matched, paramCalled, req, res, (paramErr?: unknown) => {
      if (paramErr) next(error || paramErr);
      else afterParams(matched, matchedRoute, error, layerPath, path);
    });
  };

  const afterParams = (
    layer: Layer,
    route: Route | undefined,
    layerError: unknown,
    layerPath: string,
    path: string,
  ): void => {
    if (route) layer.handle_request(req, res, next);
    else trimPrefix(layer, layerError, layerPath, path);
    sync = 0;
  };

  const trimPrefix = (layer: Layer, layerError: unknown, layerPath: string, path: string): void => {
    if (layerPath.length !== 0) {
      // A layer whose match is not a real prefix (a user RegExp) is skipped, as in Express.
      if (layerPath !== path.slice(0, layerPath.length)) {
        next(layerError);
        return;
      }
      const c = path[layerPath.length];
      if (c && c !== '/' && c !== '.') {
        next(layerError);
        return;
      }
      removed = layerPath;
      req.url = protohost + req.url.slice(protohost.length + removed.length);
      if (!protohost && req.url[0] !== '/') {
        req.url = `/${req.url}`;
        slashAdded = true;
      }
      req.baseUrl = parentUrl + (removed[removed.length - 1] === '/' ? removed.slice(0, -1) : removed);
    }
    if (layerError) layer.handle_error(layerError, req, res, next);
    else layer.handle_request(req, res, next);
  };

  req.next = next;
  req.baseUrl = parentUrl;
  req.originalUrl = req.originalUrl || req.url;
  next();
};

/**
 * Express 4's method for running param callbacks, kept for code that calls or wraps it; dispatch
 * calls it only for layers that have keys when param callbacks exist (Express calls it always).
 */
routerProto.process_params = function process_params(
  this: Router,
  layer: Layer,
  called: Record<string, ParamCalled>,
  req: Req,
  res: Res,
  done: Next,
): void {
  if (layer.keys.length === 0) {
    done();
    return;
  }
  processParams(this, layer, called, req, res, done);
};

function hasParamCallbacks(router: Router): boolean {
  for (const _ in router.params) return true;
  return false;
}

/** Runs this router's param callbacks for the layer's keys, once per value per request. */
function processParams(
  router: Router,
  layer: Layer,
  called: Record<string, ParamCalled>,
  req: Req,
  res: Res,
  done: Next,
): void {
  const params = router.params;
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
      const ret = fn(req, res, paramCallback, paramValue, key.name as string);
      if (
        ret !== null &&
        typeof ret === 'object' &&
        typeof (ret as PromiseLike<unknown>).then === 'function'
      ) {
        (ret as PromiseLike<unknown>).then(undefined, (reason: unknown) =>
          paramCallback(reason || new Error('Rejected promise')),
        );
      }
    } catch (e) {
      paramCallback(e);
    }
  };

  param();
}

function matchLayer(layer: Layer, path: string): boolean | unknown {
  try {
    return layer.match(path);
  } catch (err) {
    return err;
  }
}

function appendMethods(list: string[], addition: string[]): void {
  for (const method of addition) if (!list.includes(method)) list.push(method);
}

/** Parent params under the child's; numeric (unnamed) child captures shift past the parent's. */
function mergeParams(params: Record<string, any>, parent: unknown): Record<string, any> {
  if (typeof parent !== 'object' || !parent) return params;
  const merged: Record<string, any> = Object.assign({}, parent);
  if (!(0 in params) || !(0 in parent)) return Object.assign(merged, params);
  let i = 0;
  let o = 0;
  while (i in params) i++;
  while (o in parent) o++;
  for (i--; i >= 0; i--) {
    params[i + o] = params[i];
    if (i < o) delete params[i];
  }
  return Object.assign(merged, params);
}

function sendOptionsResponse(res: Res, options: string[], next: Next): void {
  try {
    const body = options.join(',');
    if (typeof res.set === 'function' && typeof res.send === 'function') {
      res.set('Allow', body);
      res.send(body);
    } else {
      res.setHeader('Allow', body);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.end(body);
    }
  } catch (err) {
    next(err);
  }
}

/**
 * Adds middleware, optionally under a mount path (matched at segment boundaries and stripped from
 * `req.url` while the middleware runs).
 */
routerProto.use = function use(this: Router, first: unknown, ...rest: unknown[]) {
  const { path, handlers } = splitUseArguments(first, rest);
  const callbacks = handlers as AnyHandler[];
  if (callbacks.length === 0) throw new TypeError('Router.use() requires a middleware function');
  for (const fn of callbacks) {
    if (typeof fn !== 'function') {
      throw new TypeError(`Router.use() requires a middleware function but got a ${typeName(fn)}`);
    }
    const layer = new Layer(path, { sensitive: this.caseSensitive, strict: false, end: false }, fn);
    layer.route = undefined;
    this.stack.push(layer);
  }
  return this;
};

/** Creates a route for `path` whose handlers are chained by method. */
routerProto.route = function route(this: Router, path: PathArgument): Route {
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
  routerProto[method] = function (this: Router, path: PathArgument, ...handlers: unknown[]) {
    const route = this.route(path);
    route[method](...handlers);
    return this;
  };
}
