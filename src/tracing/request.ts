/**
 * Publishing `tracing:webapp.request:*` around a request's dispatch through an app. Called by
 * `app.handle` only when `requestTraced()` says someone listens.
 *
 * - `start` / `end` around the synchronous part of the dispatch;
 * - `error` when an error reaches the end of the app (its final handler, or the parent of a sub-app);
 * - `asyncStart` / `asyncEnd` once, when the app is done with the request: when a sub-app hands it
 *   back to its parent, when the final handler runs, or when the response closes, whichever is first.
 * @module
 */
import { finishRequest } from '../final-handler';
import type { Next, Req, Res } from '../types/internal';
import { requestChannels } from './channels';
import type { RequestContext } from './types';

interface RouterLike {
  handle(req: Req, res: Res, out: Next): void;
}

class RequestRun {
  readonly ctx: RequestContext;
  private readonly callback: Next | undefined;
  private done = false;
  readonly out: Next;
  readonly onClose: () => void;

  constructor(ctx: RequestContext, callback: Next | undefined) {
    this.ctx = ctx;
    this.callback = callback;
    this.out = (err?: unknown) => this.finish(err);
    this.onClose = () => this.closed();
  }

  /** The app's router ended: an error goes on `error`, then the request leaves the app. */
  finish(err: unknown): void {
    const ctx = this.ctx;
    if (this.done) {
      this.continueOut(err);
      return;
    }
    this.done = true;
    ctx.res.removeListener('close', this.onClose);
    if (err !== undefined && err !== null) {
      ctx.error = err;
      requestChannels.error.publish(ctx);
    }
    requestChannels.asyncStart.runStores(ctx, continueAfterApp, undefined, this, err);
  }

  continueOut(err: unknown): void {
    if (this.callback !== undefined) this.callback(err);
    else finishRequest(this.ctx.req, this.ctx.res, err);
  }

  /** The response closed before the app's router ended (it answered, or the client went away). */
  closed(): void {
    if (this.done) return;
    this.done = true;
    requestChannels.asyncStart.publish(this.ctx);
    requestChannels.asyncEnd.publish(this.ctx);
  }
}

function continueAfterApp(run: RequestRun, err: unknown): void {
  try {
    run.continueOut(err);
  } finally {
    requestChannels.asyncEnd.publish(run.ctx);
  }
}

function dispatch(router: RouterLike, req: Req, res: Res, run: RequestRun): void {
  const ctx = run.ctx;
  try {
    router.handle(req, res, run.out);
  } catch (err) {
    ctx.error = err;
    requestChannels.error.publish(ctx);
    throw err;
  } finally {
    requestChannels.end.publish(ctx);
  }
}

/** Dispatches `req` through `app`'s router with the request channels; `callback` as in `app.handle`. */
export function traceRequest(
  app: object,
  router: object,
  req: Req,
  res: Res,
  callback: Next | undefined,
): void {
  const ctx: RequestContext = { req, res, app };
  const run = new RequestRun(ctx, callback);
  if (!res.writableFinished) res.once('close', run.onClose);
  requestChannels.start.runStores(ctx, dispatch, undefined, router as RouterLike, req, res, run);
}
