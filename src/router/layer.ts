/**
 * A layer: one entry of a router's stack (middleware, a route, or one handler inside a route).
 * Its public fields keep Express 4's shape (`handle`, `name`, `params`, `path`, `regexp`, `keys`,
 * `route`, `method`) because tools such as express-list-endpoints read them.
 *
 * A layer matches through one matcher, chosen when its path is compiled (./matchers); assigning
 * `layer.regexp` swaps it for Express's own rule over the new regexp.
 * @module
 */
import { layerTraced } from '../tracing/channels';
import { traceLayer } from '../tracing/layer';
import type { AnyHandler, Next, Req, Res } from '../types/internal';
import { settleReturned } from './handler-call';
import { compileMatcher, type LayerRegExp, type Matcher, matchRegExp, matchSlash } from './matchers';
import type { PathArgument, PathKey, PathOptions } from './path';
import type { Route } from './route';
import { type PathPlan, planPath } from './route-index/path-plan';

export type { LayerRegExp };

const kRegExp = Symbol('webapp.layer.regexp');
const kCompiled = Symbol('webapp.layer.compiled');
const kMatcher = Symbol('webapp.layer.matcher');
const kPlans = Symbol('webapp.layer.plans');
/** Marks the functions createRouter makes. */
export const kRouterMark = Symbol('webapp.router');

/**
 * Counts replacements of any layer's `regexp`, so a router's index (which places layers by the path
 * they were compiled from) knows in O(1) that it must be rebuilt.
 */
export const regexpClock = { epoch: 0 };

/*
 * `layer.regexp` is an enumerable own accessor, read and assigned exactly like Express's data property;
 * assignment swaps the matcher and ticks the clock. It is not configurable: a redefinition
 * (Object.defineProperty) would slip past the clock, so it throws instead of silently misrouting.
 */
const regexpDescriptor: PropertyDescriptor = {
  configurable: false,
  enumerable: true,
  get(this: Layer): LayerRegExp {
    return this[kRegExp];
  },
  set(this: Layer, value: LayerRegExp) {
    this[kRegExp] = value;
    this[kMatcher] = value === this[kCompiled].regexp ? this[kCompiled].matcher : matchRegExp;
    regexpClock.epoch++;
  },
};

export class Layer {
  // Assigned in the constructor, not defined as a field, so an accessor a plugin puts on the prototype
  // (express-async-errors) sees every handler, as it does on Express.
  declare handle: AnyHandler;
  name: string;
  params: Record<string, unknown> | undefined;
  path: string | undefined;
  declare regexp: LayerRegExp;
  keys: PathKey[];
  /** The route of a `router.route()` layer; undefined for middleware and for a route's own handlers. */
  route?: Route;
  method?: string;
  [kRegExp]: LayerRegExp;
  /** What the path compiled to: the regexp tools read and the matcher that runs it. */
  [kCompiled]: { regexp: LayerRegExp; matcher: Matcher };
  [kMatcher]: Matcher;
  /** Where the router's index places the layer (see index/path-plan.ts); null: a candidate for any path. */
  [kPlans]: PathPlan[] | null;

  constructor(path: PathArgument, options: PathOptions | undefined, fn: AnyHandler) {
    const opts = options ?? {};
    this.handle = fn;
    this.name = fn.name || '<anonymous>';
    this.params = undefined;
    this.path = undefined;
    const compiled = compileMatcher(path, opts);
    this.keys = compiled.keys;
    this[kRegExp] = compiled.regexp;
    this[kCompiled] = compiled;
    this[kMatcher] = compiled.matcher;
    Object.defineProperty(this, 'regexp', regexpDescriptor);
    this[kPlans] = planPath(path, opts.end !== false);
  }

  /** Runs an error-handling middleware (four parameters); other handlers are skipped. */
  handle_error(error: unknown, req: Req, res: Res, next: Next): void {
    const fn = this.handle;
    if (fn.length !== 4) {
      next(error);
      return;
    }
    if (layerTraced()) {
      traceLayer(this, fn, error, req, res, next, true);
      return;
    }
    try {
      settleReturned(fn(error, req, res, next), next, Layer.prototype);
    } catch (err) {
      next(err);
    }
  }

  /** Runs a request handler (up to three parameters); error handlers are skipped. */
  declare handle_request: (req: Req, res: Res, next: Next) => void;

  /**
   * Tests `path` against the layer; on success sets `this.params` and `this.path` (the matched part).
   * Throws a 400 error when a parameter is not valid percent-encoding.
   */
  match(path: string | null | undefined): boolean {
    if (path != null && this[kMatcher](this, path)) return true;
    this.params = undefined;
    this.path = undefined;
    return false;
  }
}

// Assigned as a function named `handle` so stack frames read `Layer.handle [as handle_request]`
// exactly as in Express 4: express-rate-limit looks for that frame to detect limiters created
// inside a request handler.
Layer.prototype.handle_request = function handle(this: Layer, req: Req, res: Res, next: Next): void {
  const fn = this.handle;
  if (fn.length > 3) {
    next();
    return;
  }
  if (layerTraced()) {
    traceLayer(this, fn, undefined, req, res, next, false);
    return;
  }
  try {
    settleReturned(fn(req, res, next), next, Layer.prototype);
  } catch (err) {
    next(err);
  }
};

const compiledMatch = Layer.prototype.match;

/**
 * Where the router's index places the layer, or null (a candidate for every path) when its `regexp`
 * or `match` is no longer the one compiled from its path: code that replaces them gets exactly what it
 * asked for. Objects that are not webapp layers are candidates for every path too.
 */
export function layerPlans(layer: Layer): PathPlan[] | null {
  if (layer.match !== compiledMatch || layer[kCompiled] === undefined) return null;
  if (layer[kRegExp] !== layer[kCompiled].regexp) return null;
  return layer[kPlans] ?? null;
}

/** Whether `layer` is middleware at '/' as compiled: it matches every path (the index cannot narrow it). */
export function matchesEveryPath(layer: Layer): boolean {
  return layer[kMatcher] === matchSlash && layer.match === compiledMatch;
}
