/**
 * The mark `webapp.timeout()` leaves on a request whose time ran out and whose 503 went to the error
 * middleware. A router's walk ends through that error; a route's own walk (several handlers) reads
 * the mark, so that a handler calling `next()` late does not run the handlers after it. Requests
 * timed out by connect-timeout carry no mark and continue as in Express.
 * @module
 */
export const kTimedOut = Symbol('webapp.timedOut');

/** Whether `req` was timed out by `webapp.timeout()` with its error passed on. */
export function timedOut(req: object): boolean {
  return (req as { [kTimedOut]?: boolean })[kTimedOut] === true;
}
