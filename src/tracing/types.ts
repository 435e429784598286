/**
 * The messages published on webapp's diagnostics channels (see ./channels).
 * @module
 */
import type { Req, Res } from '../types/internal';

/** What kind of layer a `tracing:webapp.layer:*` context describes. */
export type LayerType = 'middleware' | 'request_handler' | 'router' | 'app' | 'param' | 'error_handler';

/**
 * The context of `tracing:webapp.layer:*`: one object per layer run, the same for all five events.
 * As with node's own TracingChannel, `error` is set before `error` is published and `result` when an
 * async handler's promise fulfills.
 */
export interface LayerContext {
  req: Req;
  res: Res;
  /** The router layer (or route layer) being run. */
  layer: object;
  /** The function's name; the full route for request handlers; the parameter for param callbacks. */
  name: string;
  type: LayerType;
  /**
   * The route template joined across mount points (`/api/users/:id`) for request handlers, param
   * callbacks and a route's error handlers; for other layers the joined mount path (`/api`, `/` at the root).
   */
  route: string;
  /** The layer's own path: its mount path (`use`), or its route's path. */
  path: string;
  error?: unknown;
  result?: unknown;
}

/** The context of `tracing:webapp.request:*`: one request's dispatch through one app. */
export interface RequestContext {
  req: Req;
  res: Res;
  app: object;
  error?: unknown;
}

/** Published on `webapp.initialization` when an application is created. */
export interface InitializationMessage {
  app: object;
}

/** Published on `webapp.mount` when an app or a router is mounted with `use`. */
export interface MountMessage {
  parent: object;
  child: object;
  path: string;
}
