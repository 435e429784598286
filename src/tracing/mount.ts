/**
 * What tracing needs to know about mounts, recorded when `use` is called (setup time, never per
 * request): each `use` layer's path as written, and which layers run a mounted sub-app. Also the
 * `webapp.initialization` and `webapp.mount` messages.
 * @module
 */
import { initializationChannel, mountChannel } from './channels';

/** `use` layer → its mount path as written ('/api', '/users/:id'). */
const mountPaths = new WeakMap<object, string>();
/** The function `app.use` mounts for a sub-app → that sub-app. */
const mountedApps = new WeakMap<object, object>();
/** An app's router → the app, while someone listens to `webapp.mount` (so mounts name the app). */
const routerOwners = new WeakMap<object, object>();

/** A path argument (string, RegExp, array of them) as text, the way route templates are reported. */
export function pathText(path: unknown): string {
  if (typeof path === 'string') return path;
  if (Array.isArray(path)) return path.map(pathText).join(',');
  if (path instanceof RegExp || typeof path === 'number') return String(path);
  return '/';
}

/** Records the mount path of a layer created by `router.use` (and publishes router mounts). */
export function recordUse(router: object, layer: object, path: unknown, fn: unknown): void {
  const text = pathText(path);
  if (text !== '/') mountPaths.set(layer, text);
  if (mountChannel.hasSubscribers && isRouter(fn)) {
    mountChannel.publish({ parent: routerOwners.get(router) ?? router, child: fn, path: text });
  }
}

/** The mount path a `use` layer was created with ('/' when it has none or was not created by `use`). */
export function mountPathOf(layer: object): string {
  return mountPaths.get(layer) ?? '/';
}

/**
 * Records, from `app.use`, the function that runs a mounted sub-app and publishes the mount; also
 * remembers whose router `router` is, so routers mounted on an app name the app as their parent.
 */
export function recordAppUse(
  app: object,
  router: object,
  path: unknown,
  sub: object | undefined,
  wrapper: object | undefined,
): void {
  if (sub !== undefined && wrapper !== undefined) mountedApps.set(wrapper, sub);
  if (!mountChannel.hasSubscribers) return;
  routerOwners.set(router, app);
  if (sub !== undefined) mountChannel.publish({ parent: app, child: sub, path: pathText(path) });
}

/** The sub-app `fn` runs, if it is the mount function of one. */
export function mountedAppOf(fn: unknown): object | undefined {
  return typeof fn === 'function' ? mountedApps.get(fn) : undefined;
}

/** A webapp router (or anything with a router's shape: `handle` and a `stack`). */
export function isRouter(fn: unknown): boolean {
  if (typeof fn !== 'function') return false;
  const candidate = fn as { handle?: unknown; stack?: unknown };
  return typeof candidate.handle === 'function' && Array.isArray(candidate.stack);
}

/** Publishes `webapp.initialization` for a new app. */
export function publishInitialization(app: object): void {
  if (initializationChannel.hasSubscribers) initializationChannel.publish({ app });
}
