/**
 * Publishing `tracing:webapp.layer:*` around a layer's run. Called by the router only when
 * `layerTraced()` says someone listens, so none of this runs (or allocates) otherwise.
 *
 * Events for one layer, all with the same context object:
 * - `start` and `end` around the synchronous call of the handler (`error` between them if it throws);
 * - `error` when it throws, its promise rejects, or it passes an error to `next`;
 * - `asyncStart` / `asyncEnd` once, when the layer is done: when it calls `next` (the rest of the chain
 *   runs between the two, as for node's traceCallback) or when its promise settles, whichever is first.
 * @module
 */
import { settleReturned } from '../router/handler-call';
import type { Next, Req, Res } from '../types/internal';
import { layerChannels } from './channels';
import { currentLayerHook } from './hook';
import { isRouter, mountedAppOf, mountPathOf, pathText } from './mount';
import type { LayerContext, LayerType } from './types';

type RequestFn = (req: Req, res: Res, next: Next) => unknown;
type ErrorFn = (err: unknown, req: Req, res: Res, next: Next) => unknown;
type ParamFn = (req: Req, res: Res, next: Next, value: unknown, name: string) => unknown;
/** A layer's handler: which of the three it is, and so which arguments it takes, says the `kind` beside it. */
type AnyHandler = RequestFn | ErrorFn | ParamFn;

/** The parts of a router layer tracing reads (the router's Layer class has them). */
interface LayerLike {
  name: string;
  route?: { path?: unknown; stack?: unknown } | undefined;
}

/** Per request: the route templates of the routers and sub-apps it is inside, innermost last. */
const mountStacks = new WeakMap<object, string[]>();

function mountStackOf(req: Req): string[] {
  let stack = mountStacks.get(req);
  if (stack === undefined) {
    stack = [];
    mountStacks.set(req, stack);
  }
  return stack;
}

/** Joins route templates: `/api` + `/users/:id` → `/api/users/:id`; a bare '/' adds nothing. */
export function joinRoute(base: string, path: string): string {
  if (path === '/' || path === '') return base === '' ? '/' : base;
  if (base === '' || base === '/') return path[0] === '/' ? path : `/${path}`;
  if (path[0] !== '/') return `${base}/${path}`;
  return base[base.length - 1] === '/' ? base + path.slice(1) : base + path;
}

enum Kind {
  Request = 0,
  Error = 1,
  Param = 2,
}

/** One traced layer run: the context, the real `next`, and whether the layer is done. */
class LayerRun {
  readonly ctx: LayerContext;
  readonly out: Next;
  /** The request's mount stack when this layer pushed onto it (routers and sub-apps). */
  readonly mounts: string[] | undefined;
  /** Handed to the handler in place of `out`. */
  readonly next: Next;
  private left = false;
  private settled = false;
  /** Whether `req.next` was the layer's `next` (router layers): it then is the wrapper while the layer runs. */
  private readonly swapped: boolean;

  /** The layer's prototype, for the rejection rule (../router/handler-call). */
  readonly handlerOwner: object | undefined;

  constructor(ctx: LayerContext, out: Next, mounts: string[] | undefined, handlerOwner: object | undefined) {
    this.handlerOwner = handlerOwner;
    this.ctx = ctx;
    this.out = out;
    this.mounts = mounts;
    const next = (err?: unknown) => this.leave(err);
    this.next = next;
    const req = ctx.req;
    this.swapped = req.next === out;
    if (this.swapped) req.next = next;
  }

  /** The layer called `next` (or failed): publish, then continue in the chain. */
  leave(err: unknown): void {
    if (this.left) {
      this.out(err);
      return;
    }
    this.left = true;
    if (this.swapped && this.ctx.req.next === this.next) this.ctx.req.next = this.out;
    if (this.mounts !== undefined) this.mounts.pop();
    const ctx = this.ctx;
    if (isError(err) && err !== ctx.error) {
      ctx.error = err;
      layerChannels.error.publish(ctx);
    }
    if (this.settled) {
      proceed(this, err);
      return;
    }
    this.settled = true;
    layerChannels.asyncStart.runStores(ctx, continueAfterLayer, undefined, this, err);
  }

  /** The handler's promise fulfilled. */
  fulfilled(value: unknown): void {
    if (this.settled) return;
    this.settled = true;
    const ctx = this.ctx;
    ctx.result = value;
    layerChannels.asyncStart.publish(ctx);
    layerChannels.asyncEnd.publish(ctx);
  }
}

function continueAfterLayer(run: LayerRun, err: unknown): void {
  try {
    proceed(run, err);
  } finally {
    layerChannels.asyncEnd.publish(run.ctx);
  }
}

function proceed(run: LayerRun, err: unknown): void {
  const hook = currentLayerHook();
  if (hook === undefined) run.out(err);
  else hook.proceed(run.ctx, () => run.out(err));
}

/** What `next` treats as an error: anything but nothing, 'route' and 'router'. */
function isError(err: unknown): boolean {
  return err !== undefined && err !== null && err !== 'route' && err !== 'router';
}

const THREW = { error: undefined as unknown };

/**
 * Runs inside the start channel's stores: the handler's call, with the arguments its kind takes, then
 * `end`. Returns THREW (holding the error) when it threw. Kept flat (few stack frames between the
 * handler and `Layer.handle`: express-rate-limit looks for that frame in a bounded stack trace).
 */
function startLayer(
  run: LayerRun,
  kind: Kind,
  fn: AnyHandler,
  err: unknown,
  value: unknown,
  paramName: string,
): unknown {
  const ctx = run.ctx;
  const hook = currentLayerHook();
  let ret: unknown;
  let threw = false;
  try {
    if (hook !== undefined)
      ret = hook.run(ctx, () => callHandler(kind, fn, err, ctx, run.next, value, paramName));
    else if (kind === Kind.Request) ret = (fn as RequestFn)(ctx.req, ctx.res, run.next);
    else if (kind === Kind.Error) ret = (fn as ErrorFn)(err, ctx.req, ctx.res, run.next);
    else ret = (fn as ParamFn)(ctx.req, ctx.res, run.next, value, paramName);
  } catch (thrown) {
    threw = true;
    ret = thrown;
    ctx.error = thrown;
    layerChannels.error.publish(ctx);
  }
  layerChannels.end.publish(ctx);
  if (threw) {
    THREW.error = ret;
    return THREW;
  }
  return ret;
}

function callHandler(
  kind: Kind,
  fn: AnyHandler,
  err: unknown,
  ctx: LayerContext,
  next: Next,
  value: unknown,
  paramName: string,
): unknown {
  if (kind === Kind.Request) return (fn as RequestFn)(ctx.req, ctx.res, next);
  if (kind === Kind.Error) return (fn as ErrorFn)(err, ctx.req, ctx.res, next);
  return (fn as ParamFn)(ctx.req, ctx.res, next, value, paramName);
}

/** After the synchronous part: a throw goes to `next`, a promise is watched. */
function afterStart(run: LayerRun, ret: unknown): void {
  if (ret === THREW) {
    const thrown = THREW.error;
    THREW.error = undefined;
    run.leave(thrown);
    return;
  }
  settleReturned(ret, run.next, run.handlerOwner, (result: unknown) => run.fulfilled(result));
}

/**
 * Runs a router layer's handler (`handle_request`, or `handle_error` when `isErrorCall`) with the
 * layer channels. The layer of a route (its handlers are traced one by one) runs untraced.
 */
export function traceLayer(
  layer: LayerLike,
  fn: AnyHandler,
  err: unknown,
  req: Req,
  res: Res,
  next: Next,
  isErrorCall: boolean,
): void {
  const kind = isErrorCall ? Kind.Error : Kind.Request;
  if (!isErrorCall && layer.route !== undefined) {
    runUntraced(kind, fn, err, req, res, next, Object.getPrototypeOf(layer));
    return;
  }
  const mounts = mountStackOf(req);
  const base = mounts.length === 0 ? '' : mounts[mounts.length - 1];
  const current = req.route as LayerLike['route'];
  let type: LayerType;
  let name: string;
  let route: string;
  let path: string;
  let pushed: string[] | undefined;
  if (current != null && Array.isArray(current.stack) && current.stack.includes(layer)) {
    path = pathText(current.path);
    route = joinRoute(base, path);
    type = isErrorCall ? 'error_handler' : 'request_handler';
    name = isErrorCall ? layer.name : route;
  } else {
    path = mountPathOf(layer);
    route = joinRoute(base, path);
    name = layer.name;
    if (isErrorCall) type = 'error_handler';
    else if (mountedAppOf(fn) !== undefined) type = 'app';
    else if (isRouter(fn)) type = 'router';
    else type = 'middleware';
    if (type === 'app' || type === 'router') {
      mounts.push(route === '/' ? '' : route);
      pushed = mounts;
    }
  }
  const ctx: LayerContext = { req, res, layer, name, type, route, path };
  const run = new LayerRun(ctx, next, pushed, Object.getPrototypeOf(layer));
  afterStart(
    run,
    layerChannels.start.runStores(ctx, startLayer, undefined, run, kind, fn, err, undefined, ''),
  );
}

/** Runs a param callback of a router with the layer channels (`type: 'param'`). */
export function traceParam(
  layer: LayerLike,
  fn: AnyHandler,
  req: Req,
  res: Res,
  next: Next,
  value: unknown,
  paramName: string,
): void {
  const mounts = mountStackOf(req);
  const base = mounts.length === 0 ? '' : mounts[mounts.length - 1];
  const path = layer.route != null ? pathText(layer.route.path) : mountPathOf(layer);
  const route = joinRoute(base, path);
  const ctx: LayerContext = { req, res, layer, name: paramName, type: 'param', route, path };
  const run = new LayerRun(ctx, next, undefined, Object.getPrototypeOf(layer));
  afterStart(
    run,
    layerChannels.start.runStores(
      ctx,
      startLayer,
      undefined,
      run,
      Kind.Param,
      fn,
      undefined,
      value,
      paramName,
    ),
  );
}

/** A layer's call exactly as the router makes it untraced. */
function runUntraced(
  kind: Kind,
  fn: AnyHandler,
  err: unknown,
  req: Req,
  res: Res,
  next: Next,
  owner: object | undefined,
): void {
  try {
    const ret =
      kind === Kind.Error ? (fn as ErrorFn)(err, req, res, next) : (fn as RequestFn)(req, res, next);
    settleReturned(ret, next, owner);
  } catch (thrown) {
    next(thrown);
  }
}
