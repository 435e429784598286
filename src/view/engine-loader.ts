/**
 * Loads a template engine by module name for an extension that has no registered engine
 * (`app.render('page.pug')` → `require('pug')`), the way Express 4 does, with webapp's own export name first.
 * @module
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { webappError } from '../errors/catalogue';

/** The engine signature every Express 4 engine implements. */
export type EngineFn = (
  path: string,
  options: Record<string, unknown>,
  callback: (err: Error | null, html?: string) => void,
) => void;

/**
 * The places an engine module is looked up, in order:
 * 1. the process's working directory, because that is where an application (CommonJS or ESM, whose
 *    `require.main` is undefined) normally keeps its node_modules and runs from;
 * 2. the entry script (`require.main`), for apps started from another directory;
 * 3. webapp's own location, which is what Express does and which finds engines installed next to webapp.
 * Built lazily: engines load once per extension per app, and the working directory may change before that.
 */
function requirers(): NodeJS.Require[] {
  const list: NodeJS.Require[] = [createRequire(path.join(process.cwd(), 'noop.js'))];
  const main = require.main;
  if (main?.filename) list.push(createRequire(main.filename));
  list.push(require);
  return list;
}

/** True when `err` says that `id` itself (not something it requires) cannot be found. */
function isNotFound(thrown: unknown, id: string): boolean {
  const err = thrown as { code?: unknown; message?: unknown } | null | undefined;
  return (
    err != null &&
    err.code === 'MODULE_NOT_FOUND' &&
    typeof err.message === 'string' &&
    err.message.startsWith(`Cannot find module '${id}'`)
  );
}

/** Requires `id` from the first place that can resolve it; errors raised while loading it propagate. */
export function requireFromApp(id: string): unknown {
  const list = requirers();
  let lastError: unknown;
  for (const req of list) {
    let resolved: string;
    try {
      resolved = req.resolve(id);
    } catch (err) {
      // Only "not found here" moves on to the next place; anything else (a bad id) is the caller's error.
      if (!isNotFound(err, id)) throw err;
      lastError = err;
      continue;
    }
    return req(resolved);
  }
  throw lastError;
}

/**
 * Returns the engine function exported by module `name`: `__webapp`, else `__express`.
 * @throws Error `Module "name" does not provide a view engine.` (Express 4's text) when neither is a function.
 */
export function loadEngine(name: string): EngineFn {
  const mod = requireFromApp(name) as { __webapp?: unknown; __express?: unknown } | null | undefined;
  const fn = mod != null && typeof mod.__webapp === 'function' ? mod.__webapp : mod?.__express;
  if (typeof fn !== 'function') {
    throw webappError('WEBAPP_VIEW_ENGINE_MISSING', name);
  }
  return fn as EngineFn;
}
