/**
 * `webapp.timeout(time, options)` — also `require('webappjs/timeout')`, in place of connect-timeout,
 * with its API: `time` in ms or as '5s', `req.timedout`, `req.clearTimeout()`, a 'timeout' event on
 * the request and, with `respond` (the default), a 503 error (`code: 'ETIMEDOUT'`, `timeout`) passed
 * to the error middleware. Beyond it: `req.signal` aborts with that error, so the work can stop; a
 * response already started is left alone (the timer stops when the head is written); and a handler
 * that calls `next()` after its request timed out does not run the rest of the chain
 * (../lifecycle/timed-out).
 * @module
 */
import { httpError } from '../errors/catalogue';
import { parseDuration } from '../lifecycle/duration';
import { abortRequest } from '../lifecycle/signal';
import { kTimedOut } from '../lifecycle/timed-out';
import type { Next, Req, Res } from '../types/internal';
import { callableModule } from '../utils/callable-module';
import { onHeaders } from './on-headers';

export interface TimeoutOptions {
  /** Pass the 503 `ETIMEDOUT` error to `next` when the time runs out (default true). */
  respond?: boolean;
}

/** The longest delay a node timer takes (about 24.8 days); longer ones are clamped to it. */
const MAX_DELAY = 2 ** 31 - 1;
const DEFAULT_DELAY = 5000;

/** The request's running timer, so a second `timeout()` on the way replaces the first. */
const kTimer = Symbol('webapp.timeoutTimer');

type TimedReq = Req & {
  [kTimer]?: NodeJS.Timeout;
  [kTimedOut]?: boolean;
  timedout?: boolean;
  clearTimeout?: () => void;
};

/**
 * Times requests out after `time` (ms or a string such as '5s'; default 5 s).
 * @example
 * app.use(webapp.timeout('5s'));
 * app.use((err, req, res, next) => { if (err.code === 'ETIMEDOUT') res.status(503).send('Try again'); else next(err); });
 */
export function timeout(time?: number | string, options?: TimeoutOptions) {
  const delay = Math.min(
    time === undefined ? DEFAULT_DELAY : parseDuration(time, 'WEBAPP_TIMEOUT_INVALID'),
    MAX_DELAY,
  );
  const respond = options?.respond !== false;

  return function timeout(req: Req, res: Res, next: Next): void {
    const timed = req as TimedReq;
    // A route with several handlers gives them a `next` of its own walk, not the router's.
    const inRoute = next !== req.next;
    const previous = timed[kTimer];
    if (previous !== undefined) clearTimeout(previous);
    const timer = setTimeout(() => {
      timed[kTimer] = undefined;
      // Finished or started: nothing to time out (the head hook stops the timer, this is a backstop).
      if (res.headersSent || res.writableEnded) return;
      timed.timedout = true;
      const err = httpError('ETIMEDOUT', { timeout: delay });
      abortRequest(req, err);
      req.emit('timeout', delay);
      // Into the innermost walk the request is in, so that the error ends every walk on its way out
      // and a late `next()` finds its walk over instead of running the rest of it: this route's own
      // walk, or else the walk of the router the request is in now (`req.next`), maybe nested deeper.
      if (!respond) return;
      timed[kTimedOut] = true;
      (inRoute || typeof req.next !== 'function' ? next : req.next)(err);
    }, delay);
    // The connection keeps the process alive while the request lasts; the timer alone must not.
    timer.unref();
    timed[kTimer] = timer;
    const stop = (): void => {
      clearTimeout(timer);
      if (timed[kTimer] === timer) timed[kTimer] = undefined;
    };
    timed.timedout = false;
    timed.clearTimeout = stop;
    onHeaders(res, stop);
    res.once('close', stop);
    next();
  };
}

export default timeout;

// `require('webappjs/timeout')` is the middleware itself, as connect-timeout is.
callableModule(module, timeout);
