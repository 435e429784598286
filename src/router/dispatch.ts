/**
 * One request's walk through one router's stack, with Express 4 semantics: mount paths stripped
 * from `req.url` and restored, `next('route')` / `next('router')` / `next(err)`, param callbacks,
 * mergeParams, automatic OPTIONS, HEAD through GET routes.
 *
 * All per-request state lives on this object, so a dispatch costs one object and one `next` closure
 * (the function handlers receive), and nothing is added to `req` beyond what Express sets.
 * @module
 */
import { Buffer } from 'node:buffer';
import { finishRequest } from '../final-handler';
import { getPathname, getProtohost, handOffPathname, simplePathname } from '../http/parse-url';
import type { Next, Req, Res } from '../types/internal';
import { EmptyParams } from './empty-params';
import { RouteIndex } from './index/route-index';
import { EVERY_LAYER } from './index/route-tree';
import type { WatchedStack } from './index/watched-stack';
import {
  handsToRouter,
  isCompiled,
  type Layer,
  matchesEveryPath,
  matchesPrefix,
  runMiddleware,
} from './layer';
import { mergeParams } from './merge-params';
import type { Route } from './route';

/** What a router exposes to the dispatch loop. */
export interface DispatchRouter {
  stack: Layer[];
  params: Record<string, unknown[]>;
  mergeParams: boolean | undefined;
  process_params(layer: Layer, called: Record<string, unknown>, req: Req, res: Res, done: Next): void;
}

/** Where a router keeps its index (see ./index/route-index). */
export const kIndex = Symbol('webapp.router.index');
/** Set on a router to bypass the index (the reference linear matcher, used by the parity suite). */
export const kLinear = Symbol('webapp.router.linear');

export interface IndexHolder {
  index: RouteIndex | undefined;
  /** The router's own stack; the index applies while `router.stack` is still its proxy. */
  readonly watched: WatchedStack;
}

/** What `req` held when a router was entered: restored when it is left. */
export interface ChainEntry {
  params: Record<string, unknown> | undefined;
  baseUrl: string | undefined;
  next: Next | undefined;
}

export class Dispatch {
  private readonly router: DispatchRouter;
  private readonly holder: IndexHolder | undefined;
  private readonly req: Req;
  private readonly res: Res;
  private readonly out: Next | undefined;
  private readonly stack: Layer[];
  private protohost: string;
  private parentParams: Record<string, unknown> | undefined;
  private parentUrl: string;
  private savedBaseUrl: string | undefined;
  private savedNext: Next | undefined;
  /** Decided on entry, as in Express: a method changed later (method-override) does not count. */
  private isOptions: boolean;
  private idx = 0;
  private removed = '';
  private slashAdded = false;
  private sync = 0;
  private paramCalled: Record<string, unknown> | undefined = undefined;
  private options: string[] | undefined = undefined;
  private index: RouteIndex | undefined;
  private candidatePath: string | undefined = undefined;
  private urlSeen: string | undefined = undefined;
  private pathSeen: string | null | undefined = undefined;
  /** Whether `pathSeen` came without a full parse (see handOffPathname). */
  private pathSimple = false;
  /** The index's candidates for `candidatePath` (ascending stack positions) and a cursor into them. */
  private candidates: readonly number[] = EVERY_LAYER;
  private cursor = 0;
  /** The `next` handed to every layer (see resumeAfter for the one case it is not this walk's own). */
  next: Next;

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
    let stack = router.stack;
    const url = req.url;
    // Origin-form URLs (nearly all) decided here: getProtohost's bytecode, inlined into every router
    // entry, would count against what V8 inlines there (the whole constructor, see selectiveIndex).
    this.protohost = typeof url === 'string' && url.charCodeAt(0) === 47 ? '' : getProtohost(url);
    this.parentParams = req.params;
    this.parentUrl = req.baseUrl || '';
    this.savedBaseUrl = req.baseUrl;
    this.savedNext = req.next;
    this.isOptions = req.method === 'OPTIONS';
    let index: RouteIndex | undefined;
    if (holder !== undefined && stack === holder.watched.proxy) {
      // Read the array behind the proxy: the walk itself pays nothing for the change tracking.
      stack = holder.watched.array;
      index = selectiveIndex(holder);
    }
    this.stack = stack;
    this.index = index;
    this.next = nextOf(this);
  }

  /** Enters the router; its walk starts at stack position `from` (see ./route-entry's routeAhead). */
  start(from = 0): void {
    this.idx = from;
    const req = this.req;
    req.next = this.next;
    req.baseUrl = this.parentUrl;
    req.originalUrl = req.originalUrl || req.url;
    this.advance(undefined);
  }

  /**
   * Puts this walk where it would be had the router been entered with `entry` and handed the request
   * to the layer at stack position `mounted`, stripping `removed` from a URL that starts with '/': for
   * ./mount-chain and ./route-entry, which enter routers without walking them, when the request comes
   * back out to the walk. With `next`, that function (which must continue this walk) stands for the
   * walk's own `next` from then on: the one the layer at `mounted` was given, so that every layer sees
   * the same `next`, as in Express.
   */
  resumeAfter(mounted: number, removed: string, entry: ChainEntry, next?: Next): void {
    this.protohost = '';
    this.parentParams = entry.params;
    this.savedBaseUrl = entry.baseUrl;
    this.parentUrl = entry.baseUrl || '';
    this.savedNext = entry.next;
    this.isOptions = false;
    this.idx = mounted + 1;
    this.removed = removed;
    if (next !== undefined) this.next = next;
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

  private pathname(): string | null | undefined {
    const url = this.req.url;
    if (url !== this.urlSeen) {
      this.urlSeen = url;
      const simple = typeof url === 'string' ? simplePathname(url) : undefined;
      this.pathSimple = simple !== undefined;
      this.pathSeen = simple ?? getPathname(this.req);
    }
    return this.pathSeen;
  }

  /**
   * @internal `next()` from app.use middleware to more of the same (most calls), with nothing to restore
   * and the path already known for this URL: runs the next layer and answers true. Else false, and the
   * general walk (advance) decides, with the same answer at more cost. Small, so V8 inlines it into
   * `next` (see nextOf).
   */
  step(): boolean {
    if (this.sync >= 100 || this.slashAdded || this.removed.length !== 0) return false;
    const stack = this.stack;
    const idx = this.idx;
    const layer = idx < stack.length ? stack[idx] : undefined;
    const req = this.req;
    if (
      layer == null ||
      layer.route !== undefined ||
      !matchesEveryPath(layer) ||
      req.url !== this.urlSeen ||
      this.pathSeen == null
    ) {
      return false;
    }
    this.sync++;
    this.idx = idx + 1;
    req.params = everyPathParams(this.router, this.parentParams, layer);
    if (handsToRouter(layer) && this.pathSimple) handOffPathname(req.url, this.pathSeen);
    runMiddleware(layer, req, this.res, this.next);
    this.sync = 0;
    return true;
  }

  /** @internal Continues the walk, in general (`next` tries `step` first). */
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
    // Deep synchronous chains hop through setImmediate instead of growing the call stack.
    if (++this.sync > 100) {
      setImmediate(this.next, err);
      return;
    }
    const path = this.pathname();
    if (path == null) {
      this.done(layerError);
      return;
    }

    let layer: Layer | undefined;
    let match: unknown = false;
    let route: Route | undefined;
    while (match !== true && this.idx < stack.length) {
      layer = stack[this.idx];
      if (!layerError && layer != null && matchesEveryPath(layer) && layer.route === undefined) {
        // Most of a typical stack: app.use(fn) middleware. It matches every path (so the index, which
        // only ever skips layers, has nothing to say), and there is nothing to strip or resolve.
        this.idx++;
        req.params = everyPathParams(this.router, this.parentParams, layer);
        // A router mounted at '/' asks for the pathname of the same URL: tell it.
        if (handsToRouter(layer) && this.pathSimple) handOffPathname(req.url, path);
        runMiddleware(layer, req, this.res, this.next);
        this.sync = 0;
        return;
      }
      const index = this.index;
      if (index !== undefined) {
        if (!index.fresh()) {
          // The stack or a layer's regexp changed (e.g. a route added at run time): re-index.
          this.reindex();
          continue;
        }
        if (this.candidatePath !== path) {
          this.candidates = index.lookup(path);
          this.cursor = 0;
          this.candidatePath = path;
        }
        const candidates = this.candidates;
        if (candidates !== EVERY_LAYER) {
          // Skip to the first candidate at or after idx: every layer in between cannot match.
          let c = this.cursor;
          const idx = this.idx;
          while (c < candidates.length && candidates[c] < idx) c++;
          this.cursor = c;
          if (c === candidates.length) {
            this.idx = stack.length;
            break;
          }
          this.idx = candidates[c];
        }
      }
      layer = stack[this.idx++];
      route = layer.route;
      let hasMethod = true;
      if (route !== undefined) {
        // Routes never handle errors: an error skips them, and their match could only repeat it.
        if (layerError) continue;
        // A route without the method is passed over without matching its path when the answer cannot
        // differ: not OPTIONS (which collects the Allow list) or HEAD (served by GET), and a match that
        // cannot fail with a 400 (no percent-escape to decode, the layer's own compiled matcher).
        const method = req.method;
        hasMethod = route._handles_method(method);
        if (
          !hasMethod &&
          method !== 'OPTIONS' &&
          method !== 'HEAD' &&
          !path.includes('%') &&
          isCompiled(layer)
        ) {
          continue;
        }
      }
      match = matchLayer(layer, path);
      if (typeof match !== 'boolean') layerError = layerError || match;
      if (match !== true || route === undefined || hasMethod) continue;
      const method = req.method;
      if (method === 'OPTIONS') appendMethods((this.options ??= []), route._options());
      if (method !== 'HEAD') match = false;
    }

    if (match !== true || layer === undefined) {
      this.done(layerError);
      return;
    }
    if (route) req.route = route;
    req.params = this.router.mergeParams
      ? mergeParams(layer.params!, this.parentParams, layer)
      : layer.params!;
    const layerPath = layer.path!;

    if (layer.keys.length === 0 || !hasParamCallbacks(this.router)) {
      if (layerError || (!route && layerPath.length !== 0)) {
        this.afterParams(layer, route, layerError, layerPath, path);
        return;
      }
      // The common case inline: a route, or middleware mounted at '/' (nothing to strip).
      layer.handle_request(req, this.res, this.next);
      this.sync = 0;
      return;
    }
    this.runParamCallbacks(layer, route, layerError, layerPath, path);
  }

  /*
   * Kept out of `advance`: a closure there would make V8 allocate a context for every call of
   * `advance` (one per layer per request), created or not.
   */
  private runParamCallbacks(
    layer: Layer,
    route: Route | undefined,
    layerError: unknown,
    layerPath: string,
    path: string,
  ): void {
    this.router.process_params(layer, (this.paramCalled ??= {}), this.req, this.res, (paramErr?: unknown) => {
      if (paramErr) this.next(layerError || paramErr);
      else this.afterParams(layer, route, layerError, layerPath, path);
    });
  }

  private reindex(): void {
    const holder = this.holder as IndexHolder;
    const index = new RouteIndex(holder.watched);
    this.index = index;
    holder.index = index;
    this.candidatePath = undefined;
  }

  private afterParams(
    layer: Layer,
    route: Route | undefined,
    layerError: unknown,
    layerPath: string,
    path: string,
  ): void {
    if (route) layer.handle_request(this.req, this.res, this.next);
    else this.trimPrefix(layer, layerError, layerPath, path);
    this.sync = 0;
  }

  private trimPrefix(layer: Layer, layerError: unknown, layerPath: string, path: string): void {
    const req = this.req;
    if (layerPath.length !== 0) {
      // A layer whose match is not a real prefix (a user RegExp) is skipped, as in Express. Asked only
      // of those that can: on a sliced string the native compare cost ~500 instructions per level.
      if (!matchesPrefix(layer) && !path.startsWith(layerPath)) {
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
      const url = req.url;
      this.removed = layerPath;
      let stripped = protohost + url.slice(protohost.length + layerPath.length);
      if (!protohost && stripped.charCodeAt(0) !== 47) {
        stripped = `/${stripped}`;
        this.slashAdded = true;
      }
      req.url = stripped;
      // The child router's pathname is the rest of this one: tell it, rather than have it scan.
      if (protohost === '' && this.pathSimple && url === this.urlSeen && path === this.pathSeen) {
        if (url.length === path.length) {
          handOffPathname(stripped, stripped);
        } else {
          const rest = path.slice(layerPath.length);
          handOffPathname(stripped, this.slashAdded ? `/${rest}` : rest);
        }
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

/*
 * The `next` of a dispatch, made here rather than as an arrow function in the constructor. In node 20's
 * V8, an arrow function that captures `this` and is stored on `this` from unoptimized code (every
 * server's warm-up) kept each request alive through the next scavenge: the young generation grew to
 * its maximum in the first second under load and set off V8's pretenuring (bench/README.md, echo). A
 * closure over a parameter of another function does not, and stays as cheap to call.
 */
function nextOf(dispatch: Dispatch): Next {
  // `step` is inlined here, and with it the middleware it runs (see ./layer's runMiddleware): a chain of
  // them costs one frame a middleware. `advance`, too big to inline, would add one each.
  return (err?: unknown) => {
    if (err !== undefined || !dispatch.step()) dispatch.advance(err);
  };
}

/**
 * The router's index, brought up to date, when it can skip layers. A small table's index answers "every
 * layer" to every lookup: the walk does without it. Should the stack grow during this request, the plain
 * walk is still right (the index only ever skips). Kept out of the constructor, which V8 inlines into
 * every router entry: its size counts against what else those callers can inline.
 */
export function selectiveIndex(holder: IndexHolder): RouteIndex | undefined {
  let index = holder.index;
  if (index === undefined || !index.fresh()) index = holder.index = new RouteIndex(holder.watched);
  return index.selective ? index : undefined;
}

/** Leaving the router at the end of the stack happens on a later turn, as in Express 4. */
function finishLater(dispatch: Dispatch, err: unknown): void {
  dispatch.finish(err);
}

export function hasParamCallbacks(router: DispatchRouter): boolean {
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

/** `req.params` for a layer that matches every path: empty, or the parent's when the router merges them. */
function everyPathParams(
  router: DispatchRouter,
  parent: Record<string, unknown> | undefined,
  layer: Layer,
): Record<string, unknown> {
  return router.mergeParams ? mergeParams(new EmptyParams(), parent, layer) : new EmptyParams();
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
