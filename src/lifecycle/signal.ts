/**
 * `req.signal`: an AbortSignal per request, aborted when nobody will read the response any more —
 * the client went away before it was complete (reason: an `ECONNABORTED` error), `webapp.timeout()`
 * ran out (its `ETIMEDOUT` error), or a shutdown's deadline came (`WEBAPP_SHUTDOWN_DEADLINE`).
 * Created on first read: a request that never reads it costs nothing.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { webappError } from '../errors/catalogue';
import { serverOf } from '../http/node-internals';
import { connectionGone, whenConnectionGone } from './connection-gone';

const kController = Symbol('webapp.requestAbortController');
/** A reason recorded before anyone read `req.signal`: the signal is born aborted with it. */
const kReason = Symbol('webapp.requestAbortReason');
/** Set on a connection (socket or HTTP/2 session) closed by a shutdown's deadline. */
export const kDeadline = Symbol('webapp.shutdownDeadline');

interface SignalHolder {
  [kController]?: AbortController;
  [kReason]?: unknown;
  res?: ServerResponse;
  stream?: { session?: object };
}

type Req = IncomingMessage & SignalHolder;

type Marked = object & { [kDeadline]?: boolean };

/** The connection of `req` (an HTTP/2 session, or the socket), seen while it is open. */
function connectionOf(req: Req): Marked | undefined {
  return (req.stream?.session ?? req.socket ?? undefined) as Marked | undefined;
}

/** Why `connection` went away: a shutdown's deadline (marked on it or its server), or the client. */
function goneReason(connection: Marked | undefined): Error {
  const server = serverOf(connection) as Marked | undefined;
  if (connection?.[kDeadline] === true || server?.[kDeadline] === true) {
    return webappError('WEBAPP_SHUTDOWN_DEADLINE');
  }
  return webappError('ECONNABORTED');
}

/** The signal of `req`, created (and wired to its connection) on first call. */
export function requestSignal(req: Req): AbortSignal {
  const existing = req[kController];
  if (existing !== undefined) return existing.signal;
  const controller = new AbortController();
  req[kController] = controller;
  const res = req.res;
  const connection = connectionOf(req);
  if (kReason in req) {
    controller.abort(req[kReason]);
  } else if (connectionGone(req, res)) {
    controller.abort(goneReason(connection));
  } else if (!res?.writableFinished) {
    whenConnectionGone(req, res, () => controller.abort(goneReason(connection)));
  }
  return controller.signal;
}

/**
 * Aborts `req.signal` with `reason` (a no-op when already aborted); when it has not been read yet,
 * it will be aborted when it is.
 * @example
 * abortRequest(req, err);
 */
export function abortRequest(req: IncomingMessage, reason: unknown): void {
  const holder = req as Req;
  const controller = holder[kController];
  if (controller !== undefined) controller.abort(reason);
  else if (!(kReason in holder)) holder[kReason] = reason;
}

/** Defines `signal` on a request prototype: a getter, not enumerable, so enumerating never creates one. */
export function installRequestSignal(proto: object): void {
  Object.defineProperty(proto, 'signal', {
    configurable: true,
    enumerable: false,
    get(this: Req): AbortSignal {
      return requestSignal(this);
    },
  });
}
