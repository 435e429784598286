/**
 * Types of `webappjs/timeout`: the middleware is the module itself (as connect-timeout is);
 * `req.timedout`, `req.clearTimeout()` and `req.signal` are typed by webapp's Request already.
 * @module
 */
import type { TimeoutOptions as Options } from '../lifecycle';
import type { NodeHandler } from '../middleware-options';

/**
 * Times requests out after `time` (ms or a string such as '5s'; default 5 s): sets `req.timedout`,
 * aborts `req.signal`, emits 'timeout' on the request and, unless `{ respond: false }`, passes a 503
 * error with `code: 'ETIMEDOUT'` and `timeout` to the error middleware.
 * @example
 * app.use(timeout('5s'));
 */
declare function timeout(time?: number | string, options?: Options): NodeHandler;

/** The module as `require` gives it: the middleware with every member. */
type TimeoutModule = typeof timeout;

declare namespace timeout {
  /** Options of `timeout()`. @example const o: timeout.TimeoutOptions = { respond: false }; */
  export type TimeoutOptions = Options;
  // The module's values, as members: `import { timeout } from …`, `import * as m from …`.
  /** The middleware factory itself. @example timeout.timeout('1s') */
  export const timeout: (time?: number | string, options?: Options) => NodeHandler;
  /** The middleware, for `import timeout from …` without esModuleInterop. @example timeout.default */
  const _default: TimeoutModule;

  export { _default as default };
}

export = timeout;
