/**
 * What a handler's return value means: a returned promise (any thenable) that rejects is an error for
 * `next` (a falsy reason becomes an Error), unless a plugin that wraps every layer handler
 * (express-async-errors) passes rejections on itself. The one home of that rule: layers, param
 * callbacks and tracing all settle what their handlers return here.
 * @module
 */
import { webappError } from '../errors/catalogue';
import type { Next } from '../types/internal';
import { inContext } from '../utils/async-context';

/**
 * Whether a plugin has turned `handle` on `owner` (Layer.prototype) into an accessor that wraps every
 * handler as it is stored: express-async-errors does (and wraps param callbacks through
 * `router.param`), and its wrapper passes a rejection to `next`.
 */
export function rejectionsForwardedOn(owner: object | undefined): boolean {
  return owner !== undefined && typeof Object.getOwnPropertyDescriptor(owner, 'handle')?.set === 'function';
}

/**
 * Settles what a handler (or param callback) returned. `owner` is the prototype of the layer it runs
 * for (see {@link rejectionsForwardedOn}); `fulfilled` is told of a fulfilled promise.
 * @example
 * settleReturned(fn(req, res, next), next, Layer.prototype);
 */
export function settleReturned(
  ret: unknown,
  next: Next,
  owner: object | undefined,
  fulfilled?: (value: unknown) => void,
): void {
  if (ret === null || typeof ret !== 'object' || typeof (ret as PromiseLike<unknown>).then !== 'function')
    return;
  const forwarded = rejectionsForwardedOn(owner);
  if (forwarded && fulfilled === undefined) return;
  // Forwarded by the plugin: the derived promise's rejection is still ours to handle (as a no-op).
  let rejected: (reason: unknown) => void = ignore;
  if (!forwarded) {
    const forward = (reason: unknown): void => next(reason || webappError('WEBAPP_PROMISE_REJECTED'));
    // A native promise runs its reactions in this context already; another thenable (Bluebird's own
    // scheduler…) may not, so the error middleware is reached in this request's async context.
    rejected = ret instanceof Promise ? forward : inContext(forward);
  }
  (ret as PromiseLike<unknown>).then(fulfilled, rejected);
}

function ignore(): void {}
