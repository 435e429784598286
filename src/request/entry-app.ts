/**
 * The application a request entered first: the root app of its dispatch. Express 4 parses
 * `req.query` when the request enters that app (with its `query parser`, on the URL as it arrived)
 * and ends the dispatch with that app's final handler (with its `env`). webapp parses the query
 * lazily and finishes at the end, when `req.app` may name a sub-app (mounted with `router.use(app)`
 * or used as a route handler); both look here instead.
 * @module
 */
import type { AppInternal, Req } from '../types/internal';

/** Set once per request: by the request class of `app.listen` servers, otherwise by `app.handle`. */
export const kEntryApp = Symbol('webapp.entryApp');

type Stamped = Req & { [kEntryApp]?: AppInternal };

/** Records `app` as the request's entry app unless it already has one. */
export function enterApp(req: Req, app: AppInternal): void {
  const stamped = req as Stamped;
  if (stamped[kEntryApp] === undefined) stamped[kEntryApp] = app;
}

/**
 * The request's entry app, or `req.app` for a request that never went through `app.handle`.
 * @example
 * entryApp(req).get('env') // the root app's env, even inside a sub-app
 */
export function entryApp(req: Req): AppInternal {
  const app = (req as Stamped)[kEntryApp];
  return app !== undefined ? app : req.app;
}
