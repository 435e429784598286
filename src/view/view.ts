/**
 * The default `view` setting: finds a template file and renders it with the engine for its extension.
 * The constructor contract `new View(name, { defaultEngine, root, engines })` with `.path` and
 * `.render(options, callback)` is public: engines such as nunjucks replace the class through `app.set('view', …)`.
 * @module
 */
import fs from 'node:fs';
import path from 'node:path';
import { webappError } from '../errors/catalogue';
import { type EngineFn, loadEngine } from './engine-loader';

export interface ViewOptions {
  /** The `view engine` setting: the extension used when `name` has none, with or without the dot. */
  defaultEngine?: string;
  /** The `views` setting: one directory or several searched in order. */
  root: string | string[];
  /** The application's engine table (`app.engines`), keyed by extension with the dot. Filled on demand. */
  engines: Record<string, EngineFn>;
}

/** Stats `file` without throwing; `undefined` when it cannot be read (missing, not a directory, bad name). */
function statFile(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * A view: the resolved template path plus the engine that renders it.
 * @see https://expressjs.com/en/4x/api.html#app.render
 * @example
 * app.set('view', class MyView extends View {});
 */
export class View {
  /** The name given to render, unchanged. */
  name: string;
  /** The file extension used for this view (from the name, else from the default engine), with the dot. */
  ext: string;
  defaultEngine: string | undefined;
  root: string | string[];
  /** The engine function for `ext`. */
  engine: EngineFn;
  /** Absolute path of the template, or `undefined` when no file was found. */
  path: string | undefined;

  /**
   * @throws Error `No default engine was specified and no extension was provided.` (Express 4's text)
   * @throws Error `Module "x" does not provide a view engine.` when the engine has to be loaded and cannot be.
   */
  constructor(name: string, options: ViewOptions) {
    const opts = options ?? ({} as ViewOptions);
    this.name = name;
    this.defaultEngine = opts.defaultEngine;
    this.root = opts.root;
    this.ext = path.extname(name);

    if (!this.ext && !this.defaultEngine) {
      throw webappError('WEBAPP_VIEW_NO_ENGINE');
    }

    let fileName = name;
    if (!this.ext) {
      const engine = String(this.defaultEngine);
      this.ext = engine[0] === '.' ? engine : `.${engine}`;
      fileName += this.ext;
    }

    // Loaded once per extension: the app's engine table is the cache, as in Express.
    let engine = opts.engines[this.ext];
    if (!engine) {
      engine = loadEngine(this.ext.slice(1));
      opts.engines[this.ext] = engine;
    }
    this.engine = engine;

    this.path = this.lookup(fileName);
  }

  /**
   * Finds `name` in each root in turn: `<root>/<name>`, then `<root>/<name without ext>/index<ext>`.
   * Absolute names ignore the roots (path.resolve semantics).
   */
  lookup(name: string): string | undefined {
    const roots = Array.isArray(this.root) ? this.root : [this.root];
    for (let i = 0; i < roots.length; i++) {
      const loc = path.resolve(roots[i], name);
      const found = this.resolve(path.dirname(loc), path.basename(loc));
      if (found) return found;
    }
    return undefined;
  }

  /** Resolves `file` inside `dir`, trying the `index<ext>` form second. Kept overridable, as in Express. */
  resolve(dir: string, file: string): string | undefined {
    const direct = path.join(dir, file);
    if (statFile(direct)?.isFile()) return direct;

    const index = path.join(dir, path.basename(file, this.ext), `index${this.ext}`);
    if (statFile(index)?.isFile()) return index;

    return undefined;
  }

  /** Renders the template with `options` (the merged locals); the engine reports to `callback`. */
  render(options: Record<string, unknown>, callback: (err: Error | null, html?: string) => void): void {
    this.engine(this.path as string, options, callback);
  }
}
