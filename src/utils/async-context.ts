/**
 * Keeping the caller's async context (AsyncLocalStorage stores) across the places where webapp itself
 * schedules a continuation that node would otherwise run in another context: request-body events run
 * in the context of the HTTP parser, a shared in-flight `fs.stat` in the context of whoever started it,
 * a socket's 'close' in the connection's.
 *
 * Only asynchronous paths are bound, never a synchronous `next()`. Binding costs one AsyncResource
 * (a few field writes when no async hook is enabled; with an AsyncLocalStorage in use, the store copy
 * that node makes for any async resource).
 * @module
 */
import { AsyncResource } from 'node:async_hooks';

/**
 * `fn`, to be called later, bound to the async context active now: wherever it is called from, it runs
 * with the stores that were active when it was bound.
 * @example
 * collect(req, inContext(next)); // next runs with the store of the middleware that called us
 */
export function inContext<A extends [unknown?, unknown?]>(fn: (...args: A) => void): (...args: A) => void {
  const resource = new AsyncResource('webapp');
  const call = fn as (...args: unknown[]) => void;
  // Up to two arguments, passed on as they came, without a rest parameter (a third of the cost).
  return function bound(a?: unknown, b?: unknown): void {
    const count = arguments.length;
    if (count === 0) resource.runInAsyncScope(call, undefined);
    else if (count === 1) resource.runInAsyncScope(call, undefined, a);
    else resource.runInAsyncScope(call, undefined, a, b);
  } as (...args: A) => void;
}

/**
 * A `next` for user code that may call it now or later (a param callback): called before `call`
 * returns, it costs nothing; called later, it runs in the context that was active when `call` ran.
 * @example
 * callLater((next) => fn(req, res, next, value), continueWith);
 */
export function callLater<R>(call: (next: (err?: unknown) => void) => R, then: (err?: unknown) => void): R {
  let scope: AsyncResource | undefined;
  let called = false;
  const next = (err?: unknown): void => {
    called = true;
    if (scope !== undefined) scope.runInAsyncScope(then, undefined, err);
    else then(err);
  };
  try {
    return call(next);
  } finally {
    if (!called) scope = new AsyncResource('webapp');
  }
}
