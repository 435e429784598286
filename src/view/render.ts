/**
 * app.render: merges the locals, finds (or reuses) the view and renders it, reporting to one callback.
 * @module
 */
import { webappError } from '../errors/catalogue';
import type { AppInternal } from '../types/internal';

export type RenderCallback = (err: Error | null, html?: string) => void;

/** What app.render needs of a view: any `view` class (the setting) may supply it. */
interface RenderableView {
  /** The template's file, falsy when the view was not found. */
  path?: unknown;
  /** The directories that were searched (for the not-found message). */
  root?: unknown;
  render(options: Record<string, unknown>, callback: RenderCallback): void;
}

type ViewClass = new (
  name: string,
  options: { defaultEngine: unknown; root: unknown; engines: unknown },
) => RenderableView;

/** Copies the enumerable properties of `source` (own and inherited, like Express's merge) into `target`. */
function mergeInto(target: Record<string, unknown>, source: object): void {
  for (const key in source) {
    // A `__proto__` key (e.g. from parsed JSON) would replace the prototype of the options object.
    if (key === '__proto__') continue;
    target[key] = (source as Record<string, unknown>)[key];
  }
}

/** Builds the Express 4 error for a view that was not found; `err.view` carries the view. */
function lookupError(name: string, view: RenderableView): Error & { view?: unknown } {
  const root = view.root;
  const where =
    Array.isArray(root) && root.length > 1
      ? `directories "${root.slice(0, -1).join('", "')}" or "${root[root.length - 1]}"`
      : `directory "${root}"`;
  const err: Error & { view?: unknown } = webappError('WEBAPP_VIEW_NOT_FOUND', name, where);
  err.view = view;
  return err;
}

/**
 * Renders view `name` for `app`. `options` is the raw options of the call; `options._locals` (set by
 * res.render to `res.locals`) ranks between `app.locals` and the call's own options.
 *
 * Unlike Express 4, errors from building the view (no default engine, engine module missing or not an
 * engine, a broken `view` class) go to `callback` instead of being thrown, so `res.render(view, cb)` sees
 * them. The callback runs at most once: later calls from a misbehaving engine are ignored, and an error
 * thrown after it ran (by the callback itself or by the engine) propagates to the caller instead of
 * calling it a second time. Synchronous engines call back synchronously, as in Express 4 (no dezalgo).
 */
export function renderView(
  app: AppInternal,
  name: string,
  options: Record<string, unknown>,
  callback: RenderCallback,
): void {
  if (typeof callback !== 'function') {
    throw webappError('WEBAPP_APP_RENDER_NO_CALLBACK');
  }

  let called = false;
  const done: RenderCallback = (err, html) => {
    if (called) return;
    called = true;
    callback(err, html);
  };

  const opts = options != null && typeof options === 'object' ? options : {};
  const renderOptions: Record<string, unknown> = {};
  mergeInto(renderOptions, app.locals);
  if (opts._locals) mergeInto(renderOptions, opts._locals);
  mergeInto(renderOptions, opts);

  // Engines read `options.cache` to cache their compiled templates too.
  if (renderOptions.cache == null) renderOptions.cache = app.enabled('view cache');

  const cache = app.cache;
  let view: RenderableView | undefined;
  if (renderOptions.cache && Object.hasOwn(cache, name)) view = cache[name] as RenderableView | undefined;

  if (!view) {
    try {
      const View = app.get('view') as ViewClass;
      view = new View(name, {
        defaultEngine: app.get('view engine'),
        root: app.get('views'),
        engines: app.engines,
      });
    } catch (err) {
      done(err as Error);
      return;
    }

    if (!view.path) {
      done(lookupError(name, view));
      return;
    }

    if (renderOptions.cache && name !== '__proto__') cache[name] = view;
  }

  try {
    view.render(renderOptions, done);
  } catch (err) {
    if (called) throw err;
    done(err as Error);
  }
}
