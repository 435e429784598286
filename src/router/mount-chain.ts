/**
 * Entering a chain of routers mounted in one another under plain paths at once.
 *
 * Why: an API laid out as routers — `app.use('/org/:org', org)`, `org.use('/team/:team', team)`,
 * `team.use('/member/:member', member)` — costs, in Express 4's model, one walk per router: its own
 * Dispatch and `next`, the mount's match and params, a `mergeParams` copy, `req.url` sliced and
 * `req.baseUrl` joined, ~2.9k instructions per level in-process. When the only thing a router's walk
 * can do is hand the request to a router mounted under a plain path (the layers it would try first are
 * mounts; the first that matches holds a webapp router; no app code runs on the way), the router at the
 * end of the chain is entered directly, with `req.url`, `req.baseUrl`, `req.params` and `req.next` as
 * the routers between would have left them, and the matches made once along the URL. When that
 * router's walk would go straight to a route, the route is run without it too (./route-entry).
 *
 * The routers passed over are walked only if the request comes back out of the chain (`next()` past
 * the end, an error, `next('router')`): each is then put where it would be after handing the request
 * to its mount (Dispatch#resumeAfter), and the walk goes on from there, restoring `req.url`,
 * `req.baseUrl` and `req.params` on the way out as Express does. What is not repeated is only what no
 * app code can see: those routers' own intermediate `req` writes and the `params`/`path` Express
 * records on a mount layer while it matches.
 *
 * Anything else is left to the walks: a route or `app.use(fn)` in the way, a path that needs decoding
 * or a full parse, OPTIONS (whose Allow list the walks collect), param callbacks on a mount's
 * parameters, tracing, a wrapped `handle`, a replaced stack, regexp or `match`, or a mount path whose
 * match ends at the end of the URL or takes a trailing slash (the child's URL is then rewritten).
 * @module
 */
import { handOffPathname, simplePathname } from '../http/parse-url';
import { layerTraced } from '../tracing/channels';
import type { Next, Req, Res } from '../types/internal';
import { type ChainEntry, Dispatch, hasParamCallbacks, type IndexHolder, kIndex, kLinear } from './dispatch';
import { EmptyParams } from './empty-params';
import { kChainShape, kRouterMark, Layer, MOUNT_UNDECIDED, matchMountAt, mountedAtSlash } from './layer';
import { mergeParams } from './merge-params';
import { chainBuilder, enumeratedNames, enumeratesAs } from './params-builder';
import { plainCapture } from './plain-path';
import { type EnteredParams, type EnteredRouter, RouteEntry, routeAhead, walkFrom } from './route-entry';

/** What the chain reads of a router (./index's Router). */
export interface ChainRouter extends EnteredRouter {
  handle: unknown;
}

/** Marks the `handle` every webapp router inherits: a router whose `handle` is another is called. */
export const kEnteredDirectly = Symbol('webapp.router.enteredDirectly');

/** Layers looked at per router for the mount the request goes to: a longer search is the index's job. */
const MAX_SCAN = 8;

const plainHandleRequest = Layer.prototype.handle_request;

/**
 * Whether a router's first layer could be a mount (not a route, not middleware at '/'): most routers
 * start with one of those and are walked at once. Asked before enterChain, on every router entry.
 */
export function mayStartChain(holder: IndexHolder): boolean {
  const first = holder.watched.array[0];
  return first !== undefined && first.route === undefined && !mountedAtSlash(first);
}

/**
 * Enters `router` and as many routers mounted under it as the request passes through untouched (see
 * the module comment); false when there is not even one, and the caller walks `router` itself.
 */
export function enterChain(
  router: ChainRouter,
  holder: IndexHolder,
  req: Req,
  res: Res,
  out: Next | undefined,
): boolean {
  if (router.stack !== holder.watched.proxy) return false;
  const url = req.url;
  if (typeof url !== 'string' || req.method === 'OPTIONS' || layerTraced()) return false;
  const path = simplePathname(url);
  if (path === undefined) return false;
  const chain = walk(router, holder.watched.array, url, path, req, res, out);
  if (chain === undefined) {
    // simplePathname took the pathname a parent handed this router: hand it back for the Dispatch.
    handOffPathname(url, path);
    return false;
  }
  chain.enter();
  return true;
}

/** The routers a request passes through untouched, from `router` on, or undefined when not even one. */
function walk(
  router: ChainRouter,
  stack: Layer[],
  url: string,
  path: string,
  req: Req,
  res: Res,
  out: Next | undefined,
): MountChain | undefined {
  // A parameter to decode (which may fail with a 400) is left to the walks.
  if (path.includes('%')) return undefined;
  let current = router;
  let array = stack;
  let at = 0;
  /** Parameters captured so far: the next mount's are numbered from here (see matchMountAt). */
  let captures = 0;
  let mounts: Mounts | undefined;
  for (;;) {
    const limit = Math.min(array.length, MAX_SCAN);
    let layer: Layer | undefined;
    let index = 0;
    let end = -1;
    for (; index < limit; index++) {
      const candidate = array[index];
      if (candidate == null) break;
      end = matchMountAt(candidate, path, at, captures);
      if (end === -1) continue;
      if (end !== MOUNT_UNDECIDED && handsOnDirectly(current, candidate)) layer = candidate;
      break;
    }
    if (layer === undefined) break;
    // Sound: handsOnDirectly checked that the handler is a router createRouter made.
    const child = layer.handle as unknown as ChainRouter;
    (mounts ??= []).push(layer, index, end);
    captures += layer.keys.length;
    at = end;
    current = child;
    const childHolder = child[kIndex];
    if (child.stack !== childHolder.watched.proxy) break;
    array = childHolder.watched.array;
  }
  return mounts === undefined ? undefined : new MountChain(router, current, mounts, url, path, req, res, out);
}

/**
 * Whether `router`'s walk, having matched `layer`, would do nothing but call the webapp router it
 * holds: Layer's own handle_request, a router that still has the inherited `handle`, and no param
 * callback to run for the mount's parameters.
 */
function handsOnDirectly(parent: ChainRouter, layer: Layer): boolean {
  if (layer.handle_request !== plainHandleRequest) return false;
  const fn: unknown = layer.handle;
  if (typeof fn !== 'function') return false;
  const router = fn as { handle?: unknown; [kRouterMark]?: unknown };
  if (router[kRouterMark] !== true) return false;
  const handle = router.handle as { [kEnteredDirectly]?: unknown } | undefined;
  if (typeof handle !== 'function' || handle[kEnteredDirectly] !== true) return false;
  return layer.keys.length === 0 || !hasParamCallbacks(parent);
}

/**
 * The mounts of the routers passed over, three entries each (one array rather than an object per
 * router): the layer the router would have handed the request to, its stack position, and where its
 * match of the path ends (the next one's starts there; the first's at 0).
 */
type Mounts = (Layer | number)[];
const STRIDE = 3;
const mountAt = (mounts: Mounts, j: number): Layer => mounts[j * STRIDE] as Layer;
const indexAt = (mounts: Mounts, j: number): number => mounts[j * STRIDE + 1] as number;
const endAt = (mounts: Mounts, j: number): number => mounts[j * STRIDE + 2] as number;

class MountChain implements EnteredParams {
  private readonly first: ChainRouter;
  private readonly last: ChainRouter;
  private readonly mounts: Mounts;
  /** How many routers are passed over. */
  private readonly count: number;
  private readonly url: string;
  private readonly path: string;
  private readonly end: number;
  private readonly req: Req;
  private readonly res: Res;
  private readonly out: Next | undefined;
  /** What `req` held when the chain was entered (see ChainEntry). */
  private readonly entryParams: Record<string, unknown> | undefined;
  private readonly entryBaseUrl: string | undefined;
  private readonly entryNext: Next | undefined;
  /** The walk of the router that handed the request to the last one, once the request comes back. */
  private resumed: Dispatch | undefined = undefined;
  /** Stands for that walk's `next` until then: the `out` of the last router, and `req.next` in it. */
  readonly exit: Next;
  /** The params the last router was entered with, made again once a walk needs them (materialize). */
  private lastParams: Record<string, unknown> | undefined = undefined;

  constructor(
    first: ChainRouter,
    last: ChainRouter,
    mounts: Mounts,
    url: string,
    path: string,
    req: Req,
    res: Res,
    out: Next | undefined,
  ) {
    this.first = first;
    this.last = last;
    this.mounts = mounts;
    const count = mounts.length / STRIDE;
    this.count = count;
    this.url = url;
    this.path = path;
    this.end = endAt(mounts, count - 1);
    this.req = req;
    this.res = res;
    this.out = out;
    this.entryParams = req.params;
    this.entryBaseUrl = req.baseUrl;
    this.entryNext = req.next;
    this.exit = exitOf(this);
  }

  /** Enters the last router as the ones before it would have. */
  enter(): void {
    const req = this.req;
    const url = this.url;
    const end = this.end;
    const stripped = url.slice(end);
    const path = url.length === this.path.length ? stripped : this.path.slice(end);
    req.originalUrl = req.originalUrl || url;
    const baseUrl = (this.entryBaseUrl || '') + url.slice(0, end);
    req.baseUrl = baseUrl;
    req.url = stripped;
    // Made before any route is matched: they are read from the bounds the mounts' matches left.
    // Undefined only when no router of the chain has parameters or merges: as the walks would leave it.
    const params = this.params(this.entryParams);
    const last = this.last;
    const ahead = routeAhead(last, path, req.method);
    if (ahead >= 0) {
      const entry = new RouteEntry(last, req, this.res, this.exit, ahead, params, baseUrl, this.exit, this);
      try {
        entry.run();
      } catch (err) {
        this.exit(err);
      }
      return;
    }
    req.params = params as Record<string, unknown>;
    req.next = this.exit;
    handOffPathname(stripped, path);
    try {
      new Dispatch(last, last[kLinear] ? undefined : last[kIndex], req, this.res, this.exit).start(
        walkFrom(ahead),
      );
    } catch (err) {
      // Where the router passed over would have caught it: around its layer's handler.
      this.exit(err);
    }
  }

  /**
   * `req.params` as the last router is entered with: each level's, merged as its router says — made
   * by the builder compiled for the chain when it has one, else merged level by level.
   */
  private params(entryParams: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
    const last = mountAt(this.mounts, this.count - 1);
    let shape = last[kChainShape] as ChainShape | null | undefined;
    if (shape !== UNSTABLE && (shape === undefined || !this.fits(shape, entryParams))) {
      const misses = shape === undefined ? 0 : shape.misses + 1;
      shape = last[kChainShape] = misses > MAX_SHAPES ? UNSTABLE : this.shape(entryParams, misses);
    }
    if (shape?.build !== undefined) return shape.build(entryParams, this.path);
    let params = entryParams;
    let capture = 0;
    for (let j = 0; j < this.count; j++) {
      const layer = mountAt(this.mounts, j);
      const own = captured(layer, this.path, capture);
      capture += layer.keys.length;
      params = this.routerAt(j).mergeParams ? mergeParams(own, params) : own;
    }
    return params;
  }

  /** The router that holds mount `j`. */
  private routerAt(j: number): ChainRouter {
    if (j === 0) return this.first;
    // Sound: every mount of the chain holds a router createRouter made (see walk).
    return mountAt(this.mounts, j - 1).handle as unknown as ChainRouter;
  }

  /** Whether the params of this chain are made as `shape` says. */
  private fits(shape: ChainShape, entryParams: unknown): boolean {
    const count = this.count;
    const layers = shape.layers;
    if (layers.length !== count) return false;
    const { merges, names } = shape;
    const mounts = this.mounts;
    let router = this.first;
    let n = 0;
    for (let j = 0; j < count; j++) {
      const layer = mountAt(mounts, j);
      if (layers[j] !== layer || merges[j] === !router.mergeParams) return false;
      const keys = layer.keys;
      for (let i = 0; i < keys.length; i++) if (keys[i].name !== names[n++]) return false;
      // Sound: every mount of the chain holds a router createRouter made (see walk).
      router = layer.handle as unknown as ChainRouter;
    }
    const parentNames = shape.parentNames;
    if (parentNames === undefined) return true;
    if (typeof entryParams !== 'object' || entryParams === null) return parentNames === null;
    return parentNames !== null && enumeratesAs(entryParams, parentNames);
  }

  private shape(entryParams: unknown, misses: number): ChainShape {
    const layers: Layer[] = [];
    const merges: boolean[] = [];
    for (let j = 0; j < this.count; j++) {
      layers.push(mountAt(this.mounts, j));
      merges.push(Boolean(this.routerAt(j).mergeParams));
    }
    const names = layers.flatMap((layer) => layer.keys.map((key) => key.name));
    // The params start afresh at the last router that does not merge; before it, only captures count.
    const start = merges.lastIndexOf(false);
    const parentNames =
      start !== -1
        ? undefined
        : typeof entryParams === 'object' && entryParams !== null
          ? enumeratedNames(entryParams)
          : null;
    const first = layers.slice(0, Math.max(start, 0)).reduce((count, layer) => count + layer.keys.length, 0);
    const own = names.slice(first);
    const build = own.every((name) => typeof name === 'string')
      ? chainBuilder(
          parentNames ?? null,
          own as string[],
          own.map((_, i) => first + i),
          readCapture,
        )
      : undefined;
    return { layers, merges, names, parentNames, build, misses };
  }

  /** @internal through `exit`: the request comes back out of the last router. */
  resume(err: unknown): void {
    const req = this.req;
    if (this.resumed === undefined) this.materialize();
    const resumed = this.resumed as Dispatch;
    if (req.next === this.exit) req.next = resumed.next;
    resumed.next(err);
  }

  /** The params the last router was entered with, for its walk (see ./route-entry's EnteredParams). */
  enteredParams(): Record<string, unknown> | undefined {
    if (this.resumed === undefined) this.materialize();
    return this.lastParams;
  }

  /**
   * The walks of the routers passed over, each where it was left (the innermost in `resumed`), and
   * the params the last router was entered with (in `lastParams`).
   */
  private materialize(): void {
    const req = this.req;
    const res = this.res;
    const mounts = this.mounts;
    let out = this.out;
    let entry: ChainEntry = { params: this.entryParams, baseUrl: this.entryBaseUrl, next: this.entryNext };
    let dispatch: Dispatch | undefined;
    for (let j = 0; j < this.count; j++) {
      const router = this.routerAt(j);
      const layer = mountAt(mounts, j);
      const at = j === 0 ? 0 : endAt(mounts, j - 1);
      const end = endAt(mounts, j);
      const holder = router[kLinear] ? undefined : router[kIndex];
      dispatch = new Dispatch(router, holder, req, res, out);
      const removed = this.url.slice(at, end);
      dispatch.resumeAfter(indexAt(mounts, j), removed, entry);
      // The params this router gave its mount, matched again (the first match's bounds are gone).
      const own =
        matchMountAt(layer, this.path, at, 0) === end ? captured(layer, this.path, 0) : new EmptyParams();
      const params = router.mergeParams ? mergeParams(own, entry.params) : own;
      entry = { params, baseUrl: (entry.baseUrl || '') + removed, next: dispatch.next };
      out = dispatch.next;
    }
    this.resumed = dispatch;
    this.lastParams = entry.params;
  }
}

/**
 * What a chain's params are made from, remembered on its last mount: the mounts, whether each router
 * merges, the parameter names, and for-in's names on the params the chain was entered with when they
 * are part of the result (null: they were not an object).
 */
interface ChainShape {
  readonly layers: readonly Layer[];
  readonly merges: readonly boolean[];
  readonly names: readonly unknown[];
  readonly parentNames: readonly string[] | null | undefined;
  readonly build: ((parent: unknown, path: string) => Record<string, unknown>) | undefined;
  readonly misses: number;
}
/** A last mount whose chains keep changing shape: merged level by level. */
const UNSTABLE = null;
const MAX_SHAPES = 4;
const readCapture = (path: string, i: number): unknown => plainCapture(path, i);

/** The chain's `exit`, made outside the class for the reason ./dispatch's nextOf gives. */
function exitOf(chain: MountChain): Next {
  return (err?: unknown) => chain.resume(err);
}

/** The params a mount's match gives, from its captures numbered from `first` (see matchMountAt). */
function captured(layer: Layer, path: string, first: number): Record<string, unknown> {
  const keys = layer.keys;
  // As Layer#match makes them: an empty object of the small kind, or one filled in key order.
  if (keys.length === 0) return new EmptyParams();
  const own: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) own[keys[i].name] = plainCapture(path, first + i);
  return own;
}
