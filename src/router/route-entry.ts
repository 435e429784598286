/**
 * Running the route a router's walk would go to first, without the walk.
 *
 * Why: most requests end in a route that a router reaches having passed over nothing but other routes
 * (an app's route table, the router at the end of a chain of mounts). The walk that finds it costs a
 * Dispatch — its state, its `next`, the generic loop — yet nothing it does is seen unless the route
 * calls `next`. So the route is found as the walk would find it (routeAhead), run with `req.params`,
 * `req.route` and `req.next` as the walk sets them, and given a `next` that, when called, makes the
 * walk, positioned after the route (Dispatch#resumeAfter), and goes on with it.
 *
 * Left to the walk: middleware before the route, a route whose parameters have param callbacks,
 * OPTIONS (whose Allow list the walk collects), a path that needs decoding, tracing, a replaced stack,
 * a route past the first MAX_SCAN candidates.
 * @module
 */
import { handOffPathname, simplePathname } from '../http/parse-url';
import { layerTraced } from '../tracing/channels';
import type { Next, Req, Res } from '../types/internal';
import {
  Dispatch,
  type DispatchRouter,
  hasParamCallbacks,
  type IndexHolder,
  kIndex,
  kLinear,
  selectiveIndex,
} from './dispatch';
import { EVERY_LAYER } from './index/route-tree';
import { isCompiled, type Layer } from './layer';
import { mergeParams } from './merge-params';

/** What the entry reads of a router (./index's Router). */
export interface EnteredRouter extends DispatchRouter {
  [kIndex]: IndexHolder;
  [kLinear]?: boolean;
}

/** Candidates looked at for the route: a longer search is the walk's. */
const MAX_SCAN = 8;

/**
 * Where the params a router was entered with come from when they were made for the entry and handed to
 * the route as its own (./mount-chain): made again for the walk, if it is made.
 */
export interface EnteredParams {
  enteredParams(): Record<string, unknown> | undefined;
}

/**
 * Where `router`'s walk of `path` (no percent-escape in it) goes first: the stack position of a route
 * it would run before anything else, or — encoded as `-1 - position` (see walkFrom) — the position the
 * walk must be made from, every layer before it passed over as the walk would pass it (so it is not
 * matched twice). As the walk decides: the index's candidates only, when it has any to skip; a route
 * without the method passed over (for HEAD, matched first, as the walk does); a route with it matched;
 * one with parameters run only when no param callback waits for them. Anything else stops the search.
 */
export function routeAhead(router: EnteredRouter, path: string, method: string): number {
  const holder = router[kIndex];
  if (router[kLinear] || router.stack !== holder.watched.proxy) return WALK_ALL;
  const stack = holder.watched.array;
  const index = selectiveIndex(holder);
  const candidates = index === undefined ? EVERY_LAYER : index.lookup(path);
  const all = candidates === EVERY_LAYER;
  const count = all ? stack.length : candidates.length;
  const limit = Math.min(count, MAX_SCAN);
  for (let c = 0; c < limit; c++) {
    const i = all ? c : candidates[c];
    const layer = stack[i];
    const route = layer?.route;
    if (route === undefined || !isCompiled(layer)) return -1 - i;
    if (!route._handles_method(method)) {
      if (method === 'HEAD') layer.match(path);
      continue;
    }
    if (!layer.match(path)) continue;
    return layer.keys.length === 0 || !hasParamCallbacks(router) ? i : -1 - i;
  }
  // Past the candidates looked at: the walk goes on from the next one (or ends).
  return -1 - (limit === count ? stack.length : all ? limit : candidates[limit]);
}

/** routeAhead's answer when nothing was passed over: the walk is made from the start. */
const WALK_ALL = -1;

/** Where the walk starts, from routeAhead's negative answer. */
export function walkFrom(ahead: number): number {
  return -1 - ahead;
}

/** Whether a router's first layer is a route: asked on every router entry, before enterFirstRoute. */
export function mayStartWithRoute(holder: IndexHolder): boolean {
  const first = holder.watched.array[0];
  return first !== undefined && first.route !== undefined;
}

/**
 * Enters `router` at the route the request goes to first, when its walk would go straight there (see
 * the module comment); else walks it from where that search stopped. False when the search could not
 * be made, and the caller walks the router.
 */
export function enterFirstRoute(router: EnteredRouter, req: Req, res: Res, out: Next | undefined): boolean {
  const url = req.url;
  if (typeof url !== 'string') return false;
  const path = simplePathname(url);
  if (path === undefined) return false;
  if (req.method === 'OPTIONS' || path.includes('%') || layerTraced()) {
    // simplePathname took the pathname a parent handed this router: hand it back for the walk.
    handOffPathname(url, path);
    return false;
  }
  const ahead = routeAhead(router, path, req.method);
  if (ahead >= 0) {
    const baseUrl = req.baseUrl;
    req.baseUrl = baseUrl || '';
    req.originalUrl = req.originalUrl || url;
    new RouteEntry(router, req, res, out, ahead, req.params, baseUrl, req.next, undefined).run();
    return true;
  }
  handOffPathname(url, path);
  const holder = router[kIndex];
  new Dispatch(router, router[kLinear] ? undefined : holder, req, res, out).start(walkFrom(ahead));
  return true;
}

export class RouteEntry {
  private readonly router: EnteredRouter;
  private readonly req: Req;
  private readonly res: Res;
  private readonly out: Next | undefined;
  private readonly at: number;
  /** What `req` held as the router was entered (its params: see `source`). */
  private readonly params: Record<string, unknown> | undefined;
  private readonly baseUrl: string | undefined;
  private readonly savedNext: Next | undefined;
  /** Set when `params` were made for this entry (the route may have them as its own). */
  private readonly source: EnteredParams | undefined;
  /** The router's walk, once the route calls `next`. */
  private walk: Dispatch | undefined = undefined;
  /** The walk's `next`, the route's and `req.next` in the router. */
  readonly next: Next;

  constructor(
    router: EnteredRouter,
    req: Req,
    res: Res,
    out: Next | undefined,
    at: number,
    params: Record<string, unknown> | undefined,
    baseUrl: string | undefined,
    savedNext: Next | undefined,
    source: EnteredParams | undefined,
  ) {
    this.router = router;
    this.req = req;
    this.res = res;
    this.out = out;
    this.at = at;
    this.params = params;
    this.baseUrl = baseUrl;
    this.savedNext = savedNext;
    this.source = source;
    this.next = nextOf(this);
  }

  /** Runs the route as the walk would: its params, `req.route`, `req.next`. */
  run(): void {
    const req = this.req;
    // Sound: routeAhead found the route there, in the router's own array.
    const layer = this.router[kIndex].watched.array[this.at];
    req.params = this.routeParams(layer);
    req.next = this.next;
    req.route = layer.route;
    layer.handle_request(req, this.res, this.next);
  }

  /**
   * The route's own params merged over the router's as the walk merges them. Params made for this
   * entry are seen by nothing else: with nothing to add to them, they are the copy the merge makes.
   */
  private routeParams(layer: Layer): Record<string, unknown> {
    // Sound: the route's layer matched, which sets its params.
    const own = layer.params as Record<string, unknown>;
    if (!this.router.mergeParams) return own;
    if (this.source !== undefined && layer.keys.length === 0) return this.params ?? own;
    return mergeParams(own, this.params, layer);
  }

  /** @internal through `next`: the walk, made where it would be after the route, goes on. */
  resume(err: unknown): void {
    let walk = this.walk;
    if (walk === undefined) {
      const router = this.router;
      walk = new Dispatch(router, router[kIndex], this.req, this.res, this.out);
      const params = this.source !== undefined ? this.source.enteredParams() : this.params;
      walk.resumeAfter(this.at, '', { params, baseUrl: this.baseUrl, next: this.savedNext }, this.next);
      this.walk = walk;
    }
    walk.advance(err);
  }
}

/** The entry's `next`, made outside the class for the reason ./dispatch's nextOf gives. */
function nextOf(entry: RouteEntry): Next {
  return (err?: unknown) => entry.resume(err);
}
