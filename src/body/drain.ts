/**
 * Reading off a request body nobody will use, so that the client gets the response: a client still
 * sending when the server answers and closes the connection meets EPIPE/ECONNRESET instead of the
 * answer, and on keep-alive the next request cannot start before this body has been read. Shared by
 * the body parsers and the 3.x multipart parser.
 *
 * Bounded: the bytes are discarded as they arrive (never buffered), and after {@link DRAIN_LIMIT} of
 * them the connection is given up — the response says `Connection: close`, or, if it is already out,
 * the socket is closed — rather than reading an unbounded body.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { headerNumber } from '../http/content-length';
import { headerText } from '../http/header-value';
import { beforeBodyDump, holdConnection, keepsConnection } from '../http/node-internals';
import { inContext } from '../utils/async-context';

/** Most body bytes read off and discarded before the connection is given up instead. */
export const DRAIN_LIMIT = 8 * 1024 * 1024;

/** The rest of the body will not be read: close the connection after the response, or now. */
function giveUp(req: IncomingMessage, res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
  else destroyConnection(req.socket);
}

/** The connection as other code may build it: any Duplex, possibly without some methods. */
type Connection = Partial<Pick<Duplex, 'destroy' | 'end' | 'once' | 'destroyed' | 'writableFinished'>>;

function destroyConnection(socket: Connection | null | undefined): void {
  if (typeof socket?.destroy === 'function') socket.destroy();
}

/** Closes the connection once what was written to it has gone out (documented Duplex methods only). */
function closeAfterWrites(socket: Connection | null | undefined): void {
  if (!socket || socket.destroyed) return;
  if (socket.writableFinished || typeof socket.end !== 'function' || typeof socket.once !== 'function') {
    destroyConnection(socket);
    return;
  }
  socket.once('finish', () => destroyConnection(socket));
  socket.end();
}

function overLimit(req: IncomingMessage): boolean {
  const declared = headerText(req.headers['content-length']);
  return declared !== undefined && headerNumber(declared) > DRAIN_LIMIT;
}

function unfinished(req: IncomingMessage): boolean {
  return !(req.readableEnded || req.destroyed || req.complete);
}

/**
 * Reads the rest of `req` and discards it, then calls `callback` (in the caller's async context) once
 * the request has ended or was torn down — or at once, after giving the connection up, when more than
 * {@link DRAIN_LIMIT} bytes are declared or have come.
 * @example
 * drain(req, res, () => next(err)); // the error response can be read by a client still sending
 */
export function drain(req: IncomingMessage, res: ServerResponse, callback: () => void): void {
  if (!unfinished(req)) {
    callback();
    return;
  }
  if (overLimit(req)) {
    giveUp(req, res);
    callback();
    return;
  }
  const resume = inContext(callback);
  let received = 0;
  const done = (): void => {
    req.removeListener('data', onData);
    req.removeListener('end', done);
    req.removeListener('close', done);
    resume();
  };
  const onData = (chunk: Buffer): void => {
    received += chunk.length;
    if (received > DRAIN_LIMIT) {
      giveUp(req, res);
      done();
    }
  };
  req.on('data', onData);
  req.on('end', done);
  req.on('close', done);
  req.resume();
}

function noop(): void {}

/**
 * For a body refused without reading it, answered at once: once the response is out, the rest of the
 * body is read off and discarded (bounded as {@link drain}), and a connection that is to close after
 * the response is held open until the body is in, so a client still sending reads the answer rather
 * than a reset. Nothing is read before the response: a later parser may still take the body.
 */
export function discardAfterResponse(req: IncomingMessage, res: ServerResponse): void {
  // HTTP/2 streams are refused on their own; nothing to hold.
  if (req.httpVersionMajor !== 1 || !unfinished(req) || res.headersSent) return;
  if (overLimit(req)) {
    giveUp(req, res);
    return;
  }
  const socket = req.socket;
  // node closes the connection right after the response when the client asked for it (or spoke
  // HTTP/1.0): that close is made here instead, once the body has been read off.
  const closeWhenDrained = !keepsConnection(res);
  if (closeWhenDrained) {
    holdConnection(res);
    res.removeHeader('Connection');
  }
  // Ahead of node's own 'finish' listener, which would otherwise dump the body unbounded (and unseen).
  beforeBodyDump(res, () => {
    drain(req, res, closeWhenDrained ? () => closeAfterWrites(socket) : noop);
  });
}
