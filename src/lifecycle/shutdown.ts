/**
 * Graceful shutdown: `server.shutdown({ timeout })` on the servers webapp creates, and
 * `webapp.shutdown(server, options)` for any node http, https or http2 server. It stops accepting
 * connections, closes idle ones at once and each busy one as soon as its last response is sent (that
 * response says `Connection: close`; an HTTP/2 session gets GOAWAY), serves requests that still
 * arrive on an open connection (or answers them 503 with `Retry-After`), and at the deadline aborts
 * what is left (`req.signal` fires, then the connections are destroyed). The Promise resolves once
 * every connection is gone; nothing of it (timers, listeners) keeps the process alive.
 *
 * The servers webapp creates track their connections from the start (one listener per connection,
 * nothing per request); any other server is drained with what node offers at that point: its idle
 * connections are closed, the busy ones polled until they are idle.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { Duplex } from 'node:stream';
import { webappError } from '../errors/catalogue';
import { closeConnectionAfter, currentResponse, latestRequest } from '../http/node-internals';
import { parseDuration } from './duration';
import { abortRequest, kDeadline } from './signal';

/** Options of `server.shutdown()` / `webapp.shutdown()`. */
export interface ShutdownOptions {
  /**
   * How long busy connections may take, in ms or as '10s' (default 10 s). After it, `req.signal`
   * of every request still running aborts and the remaining connections are destroyed.
   */
  timeout?: number | string;
  /**
   * Answer requests that arrive while draining with 503 and this `Retry-After` (seconds), instead of
   * serving them with `Connection: close`.
   */
  retryAfter?: number;
}

/** What `server.shutdown` and `server.draining` add to the servers webapp creates. */
export interface Shutdownable {
  /**
   * Drains and closes the server (see {@link shutdown}); a second call returns the same Promise.
   * @example
   * process.once('SIGTERM', () => server.shutdown({ timeout: '10s' }));
   */
  shutdown(options?: ShutdownOptions): Promise<void>;
  /** Whether a shutdown has begun: answer readiness probes with 503 once it has. @example server.draining */
  readonly draining: boolean;
}

const DEFAULT_TIMEOUT = 10_000;
const MAX_DELAY = 2 ** 31 - 1;
/** How often a connection webapp could not see is checked for idleness while draining. */
const POLL_INTERVAL = 50;
/** After the deadline's destroys, how long unseen connections have before the drain gives up on them. */
const LEFT_OPEN_GRACE = 1000;

/** An HTTP/2 session, as far as shutdown uses it. */
interface Session {
  close(): void;
  destroy(): void;
  readonly closed: boolean;
  readonly destroyed: boolean;
  on(event: 'close', listener: () => void): unknown;
}

/** The node servers shutdown works on: net.Server subclasses with http's optional members. */
type AnyServer = NetServer & {
  closeIdleConnections?: () => void;
  closeAllConnections?: () => void;
  updateSettings?: unknown;
  addContext?: unknown;
};

interface Drain {
  readonly server: AnyServer;
  /** HTTP/1 connections. */
  readonly sockets: Set<Duplex>;
  readonly sessions: Set<Session>;
  /** Whether the connections were tracked from the server's start (else some are unseen). */
  readonly complete: boolean;
  promise: Promise<void> | undefined;
  draining: boolean;
  /** Set once the server closed: resolves the drain when the last tracked connection has closed too. */
  onEmpty: (() => void) | undefined;
  /** Set while draining a server webapp did not make: settles the drain if unseen connections outlive the deadline. */
  onLeftOpen: (() => void) | undefined;
  /** Tracks an HTTP/2 session until it closes. */
  watchSession(session: Session): void;
}

const drains = new WeakMap<object, Drain>();

/** Starts tracking `server`'s connections (HTTP/1 sockets and HTTP/2 sessions). */
function track(server: AnyServer, complete: boolean): Drain {
  const drain: Drain = {
    server,
    sockets: new Set(),
    sessions: new Set(),
    complete,
    promise: undefined,
    draining: false,
    onEmpty: undefined,
    onLeftOpen: undefined,
    watchSession(session: Session) {
      sessions.add(session);
      session.on('close', forgetSession);
    },
  };
  const sockets = drain.sockets;
  const sessions = drain.sessions;
  drains.set(server, drain);
  // One function per server (not per connection) forgets a closed connection.
  const forgetSocket = function (this: Duplex) {
    sockets.delete(this);
    if (sockets.size === 0) drain.onEmpty?.();
  };
  const forgetSession = function (this: Session) {
    sessions.delete(this);
    if (sessions.size === 0) drain.onEmpty?.();
  };
  const http2 = typeof server.updateSettings === 'function';
  const secure = typeof server.addContext === 'function';
  // A TLS server speaks HTTP over the secured socket; an HTTP/2 one over sessions only (h2c), or over
  // sessions and, with allowHTTP1, HTTP/1 sockets.
  if (secure || !http2) {
    server.on(secure ? 'secureConnection' : 'connection', (socket: Duplex & { alpnProtocol?: unknown }) => {
      if (socket.alpnProtocol === 'h2') return;
      sockets.add(socket);
      socket.on('close', forgetSocket);
    });
  }
  if (http2) {
    server.on('session', (session: Session) => {
      drain.watchSession(session);
      // A session opened while draining (accepted just before the listener closed) is told at once.
      if (drain.draining) session.close();
    });
  }
  return drain;
}

/**
 * Gives a server webapp creates `shutdown()` and `draining`, tracking its connections from now on,
 * and installs the app's `shutdown signals` setting. Returns the server.
 * @example
 * return withShutdown(http.createServer(options, app), app);
 */
export function withShutdown<S extends object>(
  server: S,
  app?: { get(name: string): unknown },
): S & Shutdownable {
  // Sound: every caller passes a node server (http, https or http2), a net.Server subclass.
  const target = server as unknown as AnyServer;
  const drain = track(target, true);
  Object.defineProperties(server, {
    shutdown: {
      configurable: true,
      writable: true,
      value: (options?: ShutdownOptions) => shutdown(target, options),
    },
    draining: { configurable: true, get: () => drain.draining },
  });
  if (app) installSignals(target, app);
  return server as S & Shutdownable;
}

/**
 * Drains and closes `server`: see the module's description. Throws for bad options (a RangeError
 * with code `WEBAPP_SHUTDOWN_TIMEOUT_INVALID`); rejects with `WEBAPP_SHUTDOWN_NOT_LISTENING` for a
 * server that is not listening; a second call returns the first call's Promise.
 * @example
 * await webapp.shutdown(server, { timeout: '10s' });
 */
export function shutdown(server: unknown, options?: ShutdownOptions): Promise<void> {
  if (!(server instanceof NetServer)) throw webappError('WEBAPP_SHUTDOWN_SERVER_INVALID');
  const timeout =
    options?.timeout === undefined
      ? DEFAULT_TIMEOUT
      : parseDuration(options.timeout, 'WEBAPP_SHUTDOWN_TIMEOUT_INVALID');
  const retryAfter = options?.retryAfter;
  if (retryAfter !== undefined && !(Number.isInteger(retryAfter) && retryAfter >= 0)) {
    throw webappError('WEBAPP_SHUTDOWN_RETRY_AFTER_INVALID', String(retryAfter));
  }
  const target = server as AnyServer;
  const existing = drains.get(target);
  if (existing?.promise !== undefined) return existing.promise;
  if (!target.listening) return Promise.reject(webappError('WEBAPP_SHUTDOWN_NOT_LISTENING'));
  const drain = existing ?? track(target, false);
  drain.promise = run(drain, Math.min(timeout, MAX_DELAY), retryAfter);
  return drain.promise;
}

/** Whether a shutdown of `server` has begun. @example isDraining(server) */
export function isDraining(server: object): boolean {
  return drains.get(server)?.draining === true;
}

function run(drain: Drain, timeout: number, retryAfter: number | undefined): Promise<void> {
  const { server } = drain;
  drain.draining = true;
  return new Promise<void>((resolve, reject) => {
    let poll: NodeJS.Timeout | undefined;
    const deadline = setTimeout(onDeadline, timeout, drain);
    // Only the connections keep the process alive, never the drain's own timers.
    deadline.unref();
    const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
      closeSessionOf(drain, req);
      if (retryAfter === undefined) serveClosing(req, res);
      else refuse(req, res, retryAfter);
    };
    const settle = (err?: Error): void => {
      drain.onEmpty = undefined;
      drain.onLeftOpen = undefined;
      clearTimeout(deadline);
      if (poll !== undefined) clearInterval(poll);
      server.removeListener('request', onRequest);
      if (err) reject(err);
      else resolve();
    };
    server.close(() => {
      // node counts a destroyed socket out before it emits 'close': its response hears of it later.
      if (drain.sockets.size === 0 && drain.sessions.size === 0) settle();
      else drain.onEmpty = settle;
    });
    if (retryAfter !== undefined) {
      // The server is going away: its request handlers are replaced, so no app sees these requests.
      for (const listener of server.listeners('request')) {
        server.removeListener('request', listener as (...args: unknown[]) => void);
      }
      server.on('request', onRequest);
    } else {
      // Before the app's own listener, so that a response sent at once still says `Connection: close`.
      server.prependListener('request', onRequest);
    }
    for (const socket of drain.sockets) drainSocket(server, socket);
    for (const session of drain.sessions) if (!session.closed) session.close();
    closeIdle(server);
    if (!drain.complete) {
      poll = setInterval(closeIdle, POLL_INTERVAL, server);
      poll.unref();
      // Connections opened before the call that webapp never saw (HTTP/2 sessions that sent nothing
      // since) cannot be closed: the drain says so rather than wait for them.
      drain.onLeftOpen = () =>
        server.getConnections((_err, count) => {
          if (drain.onLeftOpen !== undefined) settle(webappError('WEBAPP_SHUTDOWN_CONNECTIONS_LEFT', count));
        });
    }
  });
}

/** An HTTP/2 request while draining, on a session webapp had not seen: its session gets GOAWAY too. */
function closeSessionOf(drain: Drain, req: IncomingMessage): void {
  if (req.httpVersionMajor !== 2) return;
  const session = (req as IncomingMessage & { stream?: { session?: Session } }).stream?.session;
  if (session === undefined || drain.sessions.has(session)) return;
  drain.watchSession(session);
  if (!session.closed) session.close();
}

/** A request that arrives on an open connection while draining: served, then the connection closes. */
function serveClosing(req: IncomingMessage, res: ServerResponse): void {
  if (req.httpVersionMajor === 1 && !res.headersSent) closeConnectionAfter(res);
}

function refuse(req: IncomingMessage, res: ServerResponse, retryAfter: number): void {
  if (req.httpVersionMajor === 1) closeConnectionAfter(res);
  res.statusCode = 503;
  res.setHeader('Retry-After', String(retryAfter));
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('Service Unavailable');
}

/** The response of `req` that is not complete yet, as webapp links them (`req.res`). */
function pendingResponseOf(req: IncomingMessage | undefined): ServerResponse | undefined {
  const res = (req as (IncomingMessage & { res?: unknown }) | undefined)?.res as ServerResponse | undefined;
  return res != null && typeof res.writableFinished === 'boolean' && !res.writableFinished ? res : undefined;
}

/**
 * A connection open when the drain began: idle ones are left to closeIdle; a busy one has its last
 * response say `Connection: close`, or, when that response's head is already out, is closed once it
 * is idle again.
 */
function drainSocket(server: AnyServer, socket: Duplex): void {
  const current = currentResponse(socket);
  const target =
    pendingResponseOf(latestRequest(socket)) ?? (current?.writableFinished ? undefined : current);
  if (target === undefined) return;
  if (!target.headersSent) {
    closeConnectionAfter(target);
    return;
  }
  target.once('close', () => {
    closeIdle(server);
    // A server without node's idle tracking: nothing else will close it.
    if (typeof server.closeIdleConnections !== 'function' && currentResponse(socket) === undefined)
      socket.end();
  });
}

function closeIdle(server: AnyServer): void {
  server.closeIdleConnections?.();
}

/** The deadline: abort what is still running, then destroy every remaining connection. */
function onDeadline(drain: Drain): void {
  // For the connections webapp did not see: req.signal finds the mark on their server.
  (drain.server as AnyServer & { [kDeadline]?: boolean })[kDeadline] = true;
  const reason = webappError('WEBAPP_SHUTDOWN_DEADLINE');
  for (const socket of drain.sockets) {
    (socket as Duplex & { [kDeadline]?: boolean })[kDeadline] = true;
    const current = currentResponse(socket) as (ServerResponse & { req?: IncomingMessage }) | undefined;
    if (current?.req) abortRequest(current.req, reason);
    const latest = latestRequest(socket);
    if (latest !== undefined && pendingResponseOf(latest) !== undefined) abortRequest(latest, reason);
  }
  for (const session of drain.sessions) (session as Session & { [kDeadline]?: boolean })[kDeadline] = true;
  for (const socket of drain.sockets) socket.destroy();
  for (const session of drain.sessions) session.destroy();
  drain.server.closeAllConnections?.();
  if (drain.onLeftOpen !== undefined) setTimeout(drain.onLeftOpen, LEFT_OPEN_GRACE).unref();
}

/** The `shutdown signals` setting: the signals that start a shutdown of the app's servers. */
function installSignals(server: AnyServer, app: { get(name: string): unknown }): void {
  const setting = app.get('shutdown signals');
  if (setting === undefined || setting === null || setting === false) return;
  const signals = typeof setting === 'string' ? [setting] : setting;
  if (
    !Array.isArray(signals) ||
    signals.length === 0 ||
    !signals.every((name) => typeof name === 'string' && /^SIG[A-Z0-9]+$/.test(name))
  ) {
    throw webappError('WEBAPP_SETTING_SHUTDOWN_SIGNALS_INVALID', describe(setting));
  }
  const timeoutSetting = app.get('shutdown timeout');
  const options: ShutdownOptions = {};
  if (timeoutSetting !== undefined) {
    options.timeout = parseDuration(timeoutSetting, 'WEBAPP_SHUTDOWN_TIMEOUT_INVALID');
  }
  const onSignal = (): void => {
    // Not listening (any more): there is nothing to drain, and nothing to report to.
    shutdown(server, options).catch(() => {});
  };
  const remove = (): void => {
    for (const name of signals as NodeJS.Signals[]) process.removeListener(name, onSignal);
  };
  // Only a server that listens takes the signals (one that failed to listen never does), until it
  // closes: the signals then have their default meaning again.
  server.once('listening', () => {
    for (const name of signals as NodeJS.Signals[]) process.on(name, onSignal);
    server.once('close', remove);
  });
}

function describe(value: unknown): string {
  return typeof value === 'string' || Array.isArray(value) ? JSON.stringify(value) : String(value);
}
