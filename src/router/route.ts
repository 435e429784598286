/**
 * A route: the handlers registered for one path, by method. `path`, `stack` and `methods` keep
 * Express 4's shape; `dispatch(req, res, done)` runs the handlers that accept the request's method.
 * @module
 */
import { webappError } from '../errors/catalogue';
import { timedOut } from '../lifecycle/timed-out';
import type { AnyHandler, Next, Req, Res } from '../types/internal';
import { flatten } from '../utils/flatten';
import { refuseUncalledFactories } from '../utils/middleware-factory';
import { Layer } from './layer';
import { lowerMethod, methods, methodTable } from './methods';

/** `[object Undefined]` etc.: Route's error messages name the type this way (unlike Router.use's). */
function objectTag(value: unknown): string {
  return Object.prototype.toString.call(value);
}

/** Synchronous `next()` calls in a row before the route continues on a later turn (stack depth bound). */
const SYNC_LIMIT = 100;

/** A method of a route named after an HTTP method (`route.get(handler)`, …). */
export type RouteMethod = (...handlers: unknown[]) => Route;

export class Route {
  // Method handlers (`get`, `post`, …) are installed on the prototype from node's method list; they are
  // reached by name through methodTable (./methods).
  path: unknown;
  stack: Layer[];
  methods: Record<string, boolean>;

  constructor(path: unknown) {
    this.path = path;
    this.stack = [];
    this.methods = {};
  }

  /** Whether the route has a handler for `method` (HEAD is answered by GET unless HEAD has its own). */
  _handles_method(method: string): boolean {
    if (this.methods._all) return true;
    let name = typeof method === 'string' ? lowerMethod(method) : method;
    if (name === 'head' && !this.methods.head) name = 'get';
    return Boolean(this.methods[name]);
  }

  /** The methods listed in an automatic OPTIONS response's Allow header. */
  _options(): string[] {
    const list = Object.keys(this.methods);
    if (this.methods.get && !this.methods.head) list.push('head');
    for (let i = 0; i < list.length; i++) list[i] = list[i].toUpperCase();
    return list;
  }

  /** Runs the route's handlers for `req.method`; `next('route')` leaves the route. */
  dispatch(req: Req, res: Res, done: Next): void {
    const stack = this.stack;
    if (stack.length === 0) {
      done();
      return;
    }
    let method = typeof req.method === 'string' ? lowerMethod(req.method) : req.method;
    if (method === 'head' && !this.methods.head) method = 'get';
    req.route = this;
    let idx = 0;
    let sync = 0;
    const next = (err?: unknown): void => {
      if (err === 'route') {
        done();
        return;
      }
      if (err === 'router') {
        done(err);
        return;
      }
      // A late `next()` of a request webapp.timeout() answered: the rest of the route does not run.
      if (!err && timedOut(req)) return;
      if (++sync > SYNC_LIMIT) {
        setImmediate(next, err);
        return;
      }
      let layer: Layer | undefined;
      while ((layer = stack[idx++]) !== undefined) {
        if (!layer.method || layer.method === method) break;
      }
      if (layer === undefined) done(err);
      else if (err) layer.handle_error(err, req, res, next);
      else layer.handle_request(req, res, next);
      sync = 0;
    };
    next();
  }

  /** Handlers for every method. */
  all(...handlers: unknown[]): this {
    refuseUncalledFactories(handlers, 'all');
    for (const handle of flatten<AnyHandler>(handlers)) {
      if (typeof handle !== 'function') {
        throw webappError('WEBAPP_ROUTE_ALL_NOT_FUNCTION', objectTag(handle));
      }
      const layer = new Layer('/', {}, handle);
      layer.method = undefined;
      this.methods._all = true;
      this.stack.push(layer);
    }
    return this;
  }
}

for (const method of methods) {
  methodTable<RouteMethod>(Route.prototype)[method] = function (this: Route, ...handlers: unknown[]) {
    refuseUncalledFactories(handlers, method);
    for (const handle of flatten<AnyHandler>(handlers)) {
      if (typeof handle !== 'function') {
        // Express 4 throws a plain Error here (a TypeError only in Route.all).
        throw webappError('WEBAPP_ROUTE_METHOD_NOT_FUNCTION', method, objectTag(handle));
      }
      const layer = new Layer('/', {}, handle);
      layer.method = method;
      this.methods[method] = true;
      this.stack.push(layer);
    }
    return this;
  };
}
