/**
 * The public types of the production lifecycle: graceful shutdown (`server.shutdown()`,
 * `webapp.shutdown()`) and request timeouts (`webapp.timeout()`).
 * Part of `webappjs/core` (./core.ts re-exports every name).
 * @example
 * import type { ShutdownOptions } from 'webappjs/core';
 * @module
 */

import type * as http from 'node:http';

/**
 * Options of `server.shutdown()` and `webapp.shutdown(server)`.
 * @example
 * const options: ShutdownOptions = { timeout: '10s' };
 */
export interface ShutdownOptions {
  /**
   * How long busy connections may take, in ms or as a string such as '10s' (default 10 s). After
   * it, `req.signal` of every request still running aborts and the remaining connections are destroyed.
   * @example
   * server.shutdown({ timeout: 5000 })
   */
  timeout?: number | string | undefined;
  /**
   * Answer the requests that still arrive while draining with 503 and this `Retry-After` (seconds),
   * instead of serving them with `Connection: close`.
   * @example
   * server.shutdown({ retryAfter: 5 })
   */
  retryAfter?: number | undefined;
}

/**
 * What the servers webapp creates (`app.listen()`, `webappjs/http2`) have beyond node's.
 * @example
 * const server: http.Server & Shutdownable = app.listen(3000);
 */
export interface Shutdownable {
  /**
   * Stops accepting connections, lets the busy ones finish their response (then closes them), closes
   * the idle ones at once, and resolves once every connection is gone; at the timeout, what is left
   * is aborted. A second call returns the same Promise.
   * @example
   * process.once('SIGTERM', () => server.shutdown({ timeout: '10s' }));
   */
  shutdown(options?: ShutdownOptions): Promise<void>;
  /**
   * Whether a shutdown has begun: a readiness endpoint answers 503 once it has.
   * @example
   * app.get('/ready', (req, res) => res.sendStatus(server.draining ? 503 : 200));
   */
  readonly draining: boolean;
}

/**
 * The server `app.listen()` returns: node's http.Server with `shutdown()` and `draining`.
 * @example
 * const server: ListeningServer = app.listen(3000);
 */
export type ListeningServer = http.Server & Shutdownable;

/**
 * Options of `webapp.timeout(time, options)`.
 * @example
 * app.use(webapp.timeout('5s', { respond: false } satisfies TimeoutOptions));
 */
export interface TimeoutOptions {
  /**
   * Pass the 503 `ETIMEDOUT` error to `next` when the time runs out (default true); with false, only
   * `req.timedout`, `req.signal` and the request's 'timeout' event tell.
   * @example
   * webapp.timeout(1000, { respond: false })
   */
  respond?: boolean | undefined;
}
