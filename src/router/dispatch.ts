/**
 * One request's walk through one router's stack, with Express 4 semantics: mount paths stripped
 * from `req.url` and restored, `next('route')` / `next('router')` / `next(err)`, param callbacks,
 * mergeParams, automatic OPTIONS, HEAD through GET routes. Every rule of `next()` lives here.
 *
 * The route index (./route-index) is a cache the walk consults to pass over layers that cannot match
 * the path, and with it the walk skips process_params where no param callback could run. The linear
 * walk (`kLinear`, for the parity suites) takes neither shortcut: it does exactly what Express does.
 * @module
 */
import { Buffer } from 'node:buffer';
import { finishRequest } from '../final-handler';
import { getPathname, getProtohost } from '../http/parse-url';
import type { Next, Req, Res } from '../types/internal';
import type { Layer } from './layer';
import { mergeParams } from './merge-params';
import type { Route } from './route';
import { RouteIndex } from './route-index/route-index';
import { EVERY_LAYER } from './route-index/route-tree';
import type { WatchedStack } from './route-index/watched-stack';

/** What a router exposes to the walk. */
export interface DispatchRouter {
  stack: Layer[];
  params: Record<string, unknown[]>;
  mergeParams: boolean | undefined;
  process_params(layer: Layer, called: Record<string, unknown>, req: Req, res: Res, done: Next): void;
}

/** Where a router keeps its index (see ./route-index). */
export const kIndex = Symbol('webapp.router.index');
/** Set on a router to walk without the index (the reference linear walk, used by the parity suites). */
export const kLinear = Symbol('webapp.router.linear');

export interface IndexHolder {
  index: RouteIndex | undefined;
  /** The router's own stack; the index applies while `router.stack` is still its proxy. */
  readonly watched: WatchedStack;
}

/** Synchronous `next()` calls in a row before the walk continues on a later turn (stack depth bound). */
const SYNC_LIMIT = 100;

export class Dispatch {
  private readonly router: DispatchRouter;
  private readonly holder: IndexHolder | undefined;
  private readonly req: Req;
  private readonly res: Res;
  private readonly out: Next | undefined;
  private readonly stack: Layer[];
  private readonly protohost: string;
  private readonly parentParams: Record<string, unknown> | undefined;
  private readonly parentUrl: string;
  private readonly savedBaseUrl: string | undefined;
  private readonly savedNext: Next | undefined;
  /** Decided on entry, as in Express: a method changed later (method-override) does not count. */
  private readonly isOptions: boolean;
  private idx = 0;
  private removed = '';
  private slashAdded = false;
  private sync = 0;
  private paramCalled: Record<string, unknown> | undefined = undefined;
  private options: string[] | undefined = undefined;
  private index: RouteIndex | undefined;
  /** The index's candidates for `candidatePath` (ascending stack positions) and a cursor into them. */
  private candidatePath: string | undefined = undefined;
  private candidates: readonly number[] = EVERY_LAYER;
  private cursor = 0;
  /** The `next` handed to every layer of this router. */
  readonly next: Next;

  constructor(
    router: DispatchRouter,
    holder: IndexHolder | undefined,
    req: Req,
    res: Res,
    out: Next | undefined,
  ) {
    this.router = router;
    this.holder = holder;
    this.req = req;
    this.res = res;
    this.out = out;
    this.protohost = getProtohost(req.url);
    this.parentParams = req.params;
    this.parentUrl = req.baseUrl || '';
    this.savedBaseUrl = req.baseUrl;
    this.savedNext = req.next;
    this.isOptions = req.method === 'OPTIONS';
    let stack = router.stack;
    let index: RouteIndex | undefined;
    if (holder !== undefined && stack === holder.watched.proxy) {
      // The array behind the proxy: the walk pays nothing for the change tracking.
      stack = holder.watched.array;
      index = selectiveIndex(holder);
    }
    this.stack = stack;
    this.index = index;
    this.next = nextOf(this);
  }

  /** Enters the router. */
  start(): void {
    const req = this.req;
    req.next = this.next;
    req.baseUrl = this.parentUrl;
    req.originalUrl = req.originalUrl || req.url;
    this.advance(undefined);
  }

  /** Leaves the router: restores what it changed on `req`, then continues outside. */
  private done(err: unknown): void {
    const req = this.req;
    req.baseUrl = this.savedBaseUrl as string;
    req.next = this.savedNext as Next;
    req.params = this.parentParams as Record<string, unknown>;
    const options = this.options;
    if (this.isOptions && !err && options !== undefined && options.length !== 0) {
      sendOptionsResponse(this.res, options, this.out ?? ((e) => finishRequest(req, this.res, e)));
      return;
    }
    if (this.out !== undefined) this.out(err);
    else finishRequest(req, this.res, err);
  }

  /** @internal `next(err)`: puts back what the last layer's match changed, then finds and runs the next layer. */
  advance(err: unknown): void {
    const req = this.req;
    let layerError = err === 'route' ? null : err;

    if (this.slashAdded) {
      req.url = req.url.slice(1);
      this.slashAdded = false;
    }
    if (this.removed.length !== 0) {
      req.baseUrl = this.parentUrl;
      req.url = this.protohost + this.removed + req.url.slice(this.protohost.length);
      this.removed = '';
    }
    if (layerError === 'router') {
      setImmediate(finishLater, this, null);
      return;
    }
    const stack = this.stack;
    if (this.idx >= stack.length) {
      setImmediate(finishLater, this, layerError);
      return;
    }
    if (++this.sync > SYNC_LIMIT) {
      setImmediate(this.next, err);
      return;
    }
    const path = getPathname(req);
    if (path == null) {
      this.done(layerError);
      return;
    }

    let layer: Layer | undefined;
    let match: unknown = false;
    let route: Route | undefined;
    while (match !== true && this.idx < stack.length) {
      this.skipToCandidate(path);
      if (this.idx >= stack.length) break;
      layer = stack[this.idx++];
      match = matchLayer(layer, path);
      route = layer.route;
      if (typeof match !== 'boolean') layerError = layerError || match;
      if (match !== true || route === undefined) continue;
      // Routes never handle errors.
      if (layerError) {
        match = false;
        continue;
      }
      const method = req.method;
      if (!route._handles_method(method)) {
        if (method === 'OPTIONS') appendMethods((this.options ??= []), route._options());
        // HEAD goes on to the route, which answers with its GET handlers or passes.
        if (method !== 'HEAD') match = false;
      }
    }

    if (match !== true || layer === undefined) {
      this.done(layerError);
      return;
    }
    if (route) req.route = route;
    req.params = this.router.mergeParams ? mergeParams(layer.params!, this.parentParams) : layer.params!;
    const layerPath = layer.path!;
    // process_params with no callback to run continues at once: skipped then, but in the linear walk.
    if (this.holder !== undefined && (layer.keys.length === 0 || !hasParamCallbacks(this.router))) {
      this.runLayer(layer, route, layerError, layerPath, path);
    } else {
      this.router.process_params(layer, (this.paramCalled ??= {}), req, this.res, (paramErr?: unknown) => {
        if (paramErr) this.next(layerError || paramErr);
        else this.runLayer(layer, route, layerError, layerPath, path);
      });
    }
    // Back from the layer's synchronous part: the chain of nested next() calls has unwound.
    this.sync = 0;
  }

  /** Moves `idx` to the first layer at or after it that the index says may match `path`. */
  private skipToCandidate(path: string): void {
    let index = this.index;
    if (index === undefined) return;
    if (!index.fresh()) {
      // The stack or a layer's regexp changed (e.g. a route added at run time): re-index.
      index =
        this.index =
        (this.holder as IndexHolder).index =
          new RouteIndex((this.holder as IndexHolder).watched);
      this.candidatePath = undefined;
    }
    if (this.candidatePath !== path) {
      this.candidates = index.lookup(path);
      this.cursor = 0;
      this.candidatePath = path;
    }
    const candidates = this.candidates;
    if (candidates === EVERY_LAYER) return;
    let c = this.cursor;
    while (c < candidates.length && candidates[c] < this.idx) c++;
    this.cursor = c;
    this.idx = c === candidates.length ? this.stack.length : candidates[c];
  }

  private runLayer(
    layer: Layer,
    route: Route | undefined,
    layerError: unknown,
    layerPath: string,
    path: string,
  ): void {
    const req = this.req;
    if (route !== undefined) {
      layer.handle_request(req, this.res, this.next);
      return;
    }
    if (layerPath.length !== 0) {
      // A match that is not a prefix of the path (a user RegExp) is passed over, as in Express.
      if (!path.startsWith(layerPath)) {
        this.next(layerError);
        return;
      }
      // Only a '/' or a '.' (or the end) may follow a mount path.
      const c = path.charCodeAt(layerPath.length);
      if (path.length > layerPath.length && c !== 47 && c !== 46) {
        this.next(layerError);
        return;
      }
      const protohost = this.protohost;
      this.removed = layerPath;
      req.url = protohost + req.url.slice(protohost.length + layerPath.length);
      if (!protohost && req.url.charCodeAt(0) !== 47) {
        req.url = `/${req.url}`;
        this.slashAdded = true;
      }
      req.baseUrl =
        this.parentUrl +
        (layerPath.charCodeAt(layerPath.length - 1) === 47 ? layerPath.slice(0, -1) : layerPath);
    }
    if (layerError) layer.handle_error(layerError, req, this.res, this.next);
    else layer.handle_request(req, this.res, this.next);
  }

  /** @internal for setImmediate */
  finish(err: unknown): void {
    this.done(err);
  }
}

/**
 * The `next` of a walk. Made here, not as an arrow in the constructor: on node 20 an arrow capturing
 * `this`, stored on `this` from unoptimized code, kept each request alive through the next scavenge
 * (test/router/dispatch-retention.test.ts).
 */
function nextOf(dispatch: Dispatch): Next {
  return (err?: unknown) => dispatch.advance(err);
}

/**
 * The router's index, brought up to date, when it can pass over layers: a small table's index answers
 * "every layer" to every lookup, and the walk does without it.
 */
function selectiveIndex(holder: IndexHolder): RouteIndex | undefined {
  let index = holder.index;
  if (index === undefined || !index.fresh()) index = holder.index = new RouteIndex(holder.watched);
  return index.selective ? index : undefined;
}

/** Leaving the router at the end of the stack happens on a later turn, as in Express 4. */
function finishLater(dispatch: Dispatch, err: unknown): void {
  dispatch.finish(err);
}

function hasParamCallbacks(router: DispatchRouter): boolean {
  for (const _ in router.params) return true;
  return false;
}

function matchLayer(layer: Layer, path: string): unknown {
  try {
    return layer.match(path);
  } catch (err) {
    return err;
  }
}

function appendMethods(list: string[], addition: string[]): void {
  for (const method of addition) if (!list.includes(method)) list.push(method);
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
