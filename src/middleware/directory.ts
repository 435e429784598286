/**
 * `webapp.directory(root, options)` — also `require('webappjs/directory')`. Lists the directories under
 * `root` the way serve-index does: HTML, JSON (an array of names) or plain text (a name per line),
 * chosen by the Accept header; files themselves are left to `webapp.static`.
 *
 * Never above the root: the URL path is decoded once and must stay inside `root` after
 * normalisation (`..`, encoded `%2e%2e` or `%2f` → 403; a NUL byte or a malformed escape → 400), and
 * by default a directory reached through a symbolic link that leads out of `root` is refused (403)
 * too. Dot-files are hidden unless `hidden: true`.
 * @module
 */
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import { httpError, webappError } from '../errors/catalogue';
import { acceptsTypes } from '../http/accepts';
import type { Next, Req, Res } from '../types/internal';
import { callableModule } from '../utils/callable-module';
import { markFactory } from '../utils/middleware-factory';
import {
  DEFAULT_STYLE,
  DEFAULT_TEMPLATE,
  type DirectoryEntry,
  type DirectoryLocals,
  renderTemplate,
} from './directory/render';

export type { DirectoryEntry, DirectoryLocals } from './directory/render';

export type DirectoryTemplate = (
  locals: DirectoryLocals,
  callback: (err: Error | null | undefined, html?: string) => void,
) => void;

export interface DirectoryOptions {
  /** List dot-files too (default false). */
  hidden?: boolean;
  /** Show an icon per entry type in the HTML listing (default false). */
  icons?: boolean;
  /** Keeps an entry when it returns true: `(filename, index, list, directoryPath)`. */
  filter?: (filename: string, index: number, list: string[], path: string) => boolean;
  /** HTML layout: `tiles` (default) or `details` (with size and date columns). */
  view?: 'tiles' | 'details';
  /**
   * The HTML page: a file with `{directory}`, `{linked-path}`, `{files}` and `{style}`
   * placeholders, or a function `(locals, callback)`.
   */
  template?: string | DirectoryTemplate;
  /** A CSS file to use instead of the built-in style. */
  stylesheet?: string;
  /** Follow symbolic links that lead outside `root` (default false). */
  followSymlinks?: boolean;
}

const MEDIA_TYPES = ['text/html', 'text/plain', 'application/json'];
/** Entries examined at once: enough to hide latency, few enough not to exhaust file descriptors. */
const STAT_CONCURRENCY = 10;

function pathnameOf(url: string): string {
  const query = url.indexOf('?');
  const hash = url.indexOf('#');
  let end = url.length;
  if (query !== -1) end = query;
  if (hash !== -1 && hash < end) end = hash;
  return url.slice(0, end);
}

function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** Examines every entry with bounded concurrency; an entry that cannot be examined gets a null stat. */
function statAll(directory: string, names: string[], callback: (entries: DirectoryEntry[]) => void): void {
  const entries: DirectoryEntry[] = names.map((name) => ({ name, stat: null }));
  let next = 0;
  let pending = names.length;
  if (pending === 0) {
    callback(entries);
    return;
  }
  const work = (): void => {
    const index = next++;
    if (index >= entries.length) return;
    fs.stat(path.join(directory, entries[index].name), (err, stat) => {
      if (!err) entries[index].stat = stat;
      if (--pending === 0) callback(entries);
      else work();
    });
  };
  for (let i = 0; i < Math.min(STAT_CONCURRENCY, names.length); i++) work();
}

/** Directories first, then by name without regard to case, `..` always on top. */
function compareEntries(a: DirectoryEntry, b: DirectoryEntry): number {
  if (a.name === '..' || b.name === '..') return a.name === b.name ? 0 : a.name === '..' ? -1 : 1;
  const directories = Number(Boolean(b.stat?.isDirectory())) - Number(Boolean(a.stat?.isDirectory()));
  return directories || a.name.toLocaleLowerCase().localeCompare(b.name.toLocaleLowerCase());
}

function sendBody(res: Res, type: string, body: string): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Type', `${type}; charset=utf-8`);
  res.setHeader('Content-Length', Buffer.byteLength(body, 'utf8'));
  res.end(body, 'utf8');
}

/** Whether `target` is `root` or inside it (both absolute and normalised, `root` ending with a separator). */
function inside(root: string, target: string): boolean {
  return (target + path.sep).startsWith(root);
}

function fileTemplate(file: string): DirectoryTemplate {
  return (locals, callback) => {
    fs.readFile(file, 'utf8', (err, text) => {
      if (err) callback(err);
      else callback(null, renderTemplate(text, locals));
    });
  };
}

const defaultTemplate: DirectoryTemplate = (locals, callback) => {
  callback(null, renderTemplate(DEFAULT_TEMPLATE, locals));
};

/**
 * @example
 * app.use('/files', webapp.directory('public', { icons: true, view: 'details' }));
 * app.use('/files', webapp.static('public'));
 */
export function directory(root: string, options?: DirectoryOptions) {
  if (!root || typeof root !== 'string') throw webappError('WEBAPP_DIRECTORY_ROOT_REQUIRED');
  const opts = options || {};
  const rootPath = path.normalize(path.resolve(root) + path.sep);
  const hidden = Boolean(opts.hidden);
  const icons = Boolean(opts.icons);
  const filter = opts.filter;
  if (filter !== undefined && typeof filter !== 'function')
    throw webappError('WEBAPP_DIRECTORY_FILTER_NOT_FUNCTION');
  const view = opts.view || 'tiles';
  const template =
    typeof opts.template === 'function'
      ? opts.template
      : typeof opts.template === 'string'
        ? fileTemplate(opts.template)
        : defaultTemplate;
  const stylesheet = opts.stylesheet;
  const followSymlinks = Boolean(opts.followSymlinks);
  /** The root with its own symbolic links resolved, found on first use (it may not exist yet at startup). */
  let realRoot: string | undefined;

  /** Calls back with whether the directory, links resolved, is still under the root. */
  function checkRealPath(
    directoryPath: string,
    callback: (err: NodeJS.ErrnoException | null, ok?: boolean) => void,
  ) {
    if (followSymlinks) {
      callback(null, true);
      return;
    }
    const withRoot = (resolvedRoot: string) => {
      fs.realpath(directoryPath, (err, resolved) => {
        if (err) callback(err);
        else callback(null, inside(resolvedRoot, resolved));
      });
    };
    if (realRoot !== undefined) {
      withRoot(realRoot);
      return;
    }
    fs.realpath(rootPath, (err, resolved) => {
      if (err) {
        callback(err);
        return;
      }
      realRoot = path.normalize(resolved + path.sep);
      withRoot(realRoot);
    });
  }

  function render(
    req: Req,
    res: Res,
    next: Next,
    names: string[],
    directoryPath: string,
    urlDirectory: string,
    showUp: boolean,
  ): void {
    const type = acceptsTypes(req, MEDIA_TYPES) as string | false;
    if (!type) {
      next(httpError('WEBAPP_DIRECTORY_NOT_ACCEPTABLE'));
      return;
    }
    statAll(directoryPath, names, (entries) => {
      if (type !== 'text/html') {
        entries.sort(compareEntries);
        const list = entries.map((entry) => entry.name);
        if (type === 'application/json') sendBody(res, 'application/json', JSON.stringify(list));
        else sendBody(res, 'text/plain', `${list.join('\n')}\n`);
        return;
      }
      if (showUp) entries.push({ name: '..', stat: null });
      entries.sort(compareEntries);
      const withStyle = (style: string) => {
        const locals: DirectoryLocals = {
          directory: urlDirectory,
          displayIcons: icons,
          fileList: entries,
          path: directoryPath,
          style,
          viewName: view,
        };
        let done = false;
        try {
          template(locals, (err, html) => {
            if (done) return;
            done = true;
            if (err) next(err);
            else sendBody(res, 'text/html', String(html));
          });
        } catch (err) {
          if (!done) {
            done = true;
            next(err);
          }
        }
      };
      if (stylesheet === undefined) {
        withStyle(DEFAULT_STYLE);
        return;
      }
      fs.readFile(stylesheet, 'utf8', (err, style) => {
        if (err) next(err);
        else withStyle(style);
      });
    });
  }

  return function directory(req: Req, res: Res, next: Next): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = req.method === 'OPTIONS' ? 200 : 405;
      res.setHeader('Allow', 'GET, HEAD, OPTIONS');
      res.setHeader('Content-Length', '0');
      res.end();
      return;
    }
    const dir = decodePath(pathnameOf(req.url));
    if (dir === null) {
      next(httpError('WEBAPP_DIRECTORY_PATH_MALFORMED'));
      return;
    }
    // The URL the client used (with the mount path), for the links; decoded the same way.
    const urlDirectory = decodePath(pathnameOf(req.originalUrl || req.url));
    const directoryPath = path.normalize(path.join(rootPath, dir));
    if (directoryPath.includes('\0') || urlDirectory === null) {
      next(httpError('WEBAPP_DIRECTORY_PATH_MALFORMED'));
      return;
    }
    if (!inside(rootPath, directoryPath)) {
      next(httpError('WEBAPP_DIRECTORY_FORBIDDEN'));
      return;
    }
    const showUp = path.normalize(path.resolve(directoryPath) + path.sep) !== rootPath;

    fs.stat(directoryPath, (statError, stat) => {
      if (statError) {
        if (statError.code === 'ENOENT' || statError.code === 'ENOTDIR') next();
        else {
          (statError as NodeJS.ErrnoException & { status?: number }).status =
            statError.code === 'ENAMETOOLONG' ? 414 : 500;
          next(statError);
        }
        return;
      }
      if (!stat.isDirectory()) {
        next();
        return;
      }
      checkRealPath(directoryPath, (realError, ok) => {
        if (realError) {
          next(realError.code === 'ENOENT' ? undefined : realError);
          return;
        }
        if (!ok) {
          next(httpError('WEBAPP_DIRECTORY_FORBIDDEN'));
          return;
        }
        fs.readdir(directoryPath, (readError, found) => {
          if (readError) {
            next(readError);
            return;
          }
          let names = hidden ? found : found.filter((name) => name[0] !== '.');
          if (filter) names = names.filter((name, index, list) => filter(name, index, list, directoryPath));
          // Code-point order first, so names equal without case keep a stable order.
          names.sort();
          render(req, res, next, names, directoryPath, urlDirectory, showUp);
        });
      });
    });
  };
}

export default directory;

// Refused when passed uncalled (`app.use(webapp.directory)`): src/utils/middleware-factory.ts.
markFactory(directory, 'directory');

// `require('webappjs/directory')` is the middleware itself, as with its npm counterpart.
callableModule(module, directory);
