/**
 * Knowing that a response will never be delivered because its connection is gone, whether the
 * response was being written or still queued behind pipelined requests. Node tells a response it
 * is writing ('close' before 'finish'), but never tells a queued one: only its request hears of
 * it (node destroys every request waiting on a closed socket). Used by the file sender (to close
 * the file at once) and by `req.signal` (to abort).
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The events a connection-like object emits; anything else is not listened to. */
interface Listenable {
  once(event: 'close', listener: () => void): unknown;
  removeListener(event: 'close', listener: () => void): unknown;
}

function listenable(value: unknown): value is Listenable {
  const candidate = value as Partial<Listenable> | null | undefined;
  return typeof candidate?.once === 'function' && typeof candidate.removeListener === 'function';
}

/** Whether the connection of `res` is already gone while `res` is not complete. */
export function connectionGone(req: IncomingMessage, res: ServerResponse | undefined): boolean {
  if (res?.writableFinished) return false;
  if (res?.destroyed) return true;
  return (req.socket as { destroyed?: boolean } | null | undefined)?.destroyed === true;
}

/**
 * Calls `gone` once if the connection goes away before `res` finishes. Returns the function that
 * stops listening (called by itself once `res` is complete or `gone` has run).
 * @example
 * const stop = whenConnectionGone(req, res, () => file.destroy());
 */
export function whenConnectionGone(
  req: IncomingMessage,
  res: ServerResponse | undefined,
  gone: () => void,
): () => void {
  let socket: Listenable | undefined;
  let settled = false;
  const stop = (): void => {
    if (settled) return;
    settled = true;
    res?.removeListener('close', onResponseClose);
    req.removeListener('close', onRequestClose);
    socket?.removeListener('close', onSocketClose);
  };
  const fire = (): void => {
    if (settled) return;
    stop();
    gone();
  };
  const onResponseClose = (): void => {
    if (res?.writableFinished) stop();
    else fire();
  };
  const onSocketClose = (): void => {
    if (res?.writableFinished) stop();
    else fire();
  };
  const onRequestClose = (): void => {
    if (res?.writableFinished) {
      stop();
      return;
    }
    if (connectionGone(req, res)) {
      fire();
      return;
    }
    watchSocket();
  };
  // The request ended normally (its body read) while its response waits behind others: only the
  // socket can still say it went away.
  const watchSocket = (): void => {
    const candidate: unknown = req.socket;
    if (socket === undefined && listenable(candidate) && res?.socket == null) {
      socket = candidate;
      candidate.once('close', onSocketClose);
    }
  };
  res?.once('close', onResponseClose);
  if (req.destroyed) watchSocket();
  else req.once('close', onRequestClose);
  return stop;
}
