/**
 * `webapp.static(root, options)`: serves files below `root` for GET and HEAD, through the shared
 * file sender. Missing files and client errors fall through to `next()` unless `fallthrough` is
 * false; a directory without trailing slash is redirected to the slash form.
 * @module
 */
import { Buffer } from 'node:buffer';
import type { Stats } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { httpError, webappError } from '../errors/catalogue';
import { encodeUrl } from '../http/encode-url';
import type { HttpError } from '../http/errors';
import { escapeHtml } from '../http/escape-html';
import { htmlDocument } from '../http/html-document';
import { mime } from '../http/mime';
import { getPathname, queryStringOf } from '../http/parse-url';
import type { Next, Req, Res } from '../types/internal';
import { markFactory } from '../utils/middleware-factory';
import { compileSendOptions, type SendConfig, type SendHandler, type SendOptions, sendPath } from './send';

export interface ServeStaticOptions extends SendOptions {
  /** false: client errors (bad path, not found) and other methods are answered instead of next(). */
  fallthrough?: boolean;
  /** Redirect a directory path without trailing slash to the slash form (default true). */
  redirect?: boolean;
  /** Called as fn(res, path, stat) before the file's headers are set; must be synchronous. */
  setHeaders?: (res: ServerResponse, path: string, stat: Stats) => void;
}

export type StaticMiddleware = (req: Req, res: Res, next: Next) => void;

/**
 * Middleware serving files from `root`.
 * @example
 * app.use(webapp.static('public', { maxAge: '1d', extensions: ['html'] }));
 */
export function serveStatic(root: string, options?: ServeStaticOptions): StaticMiddleware {
  if (!root) throw webappError('WEBAPP_STATIC_ROOT_REQUIRED');
  if (typeof root !== 'string') throw webappError('WEBAPP_STATIC_ROOT_NOT_STRING');
  const opts: ServeStaticOptions = options ?? {};
  const fallthrough = opts.fallthrough !== false;
  const redirect = opts.redirect !== false;
  const setHeaders = opts.setHeaders;
  if (setHeaders && typeof setHeaders !== 'function')
    throw webappError('WEBAPP_STATIC_SET_HEADERS_NOT_FUNCTION');
  // Like Express, invalid sender options surface per request (as next(err)), not at startup.
  let config: SendConfig | undefined;
  let configError: unknown;
  try {
    config = compileSendOptions({
      acceptRanges: opts.acceptRanges,
      cacheControl: opts.cacheControl,
      dotfiles: opts.dotfiles,
      etag: opts.etag,
      extensions: opts.extensions,
      hidden: opts.hidden,
      immutable: opts.immutable,
      index: opts.index,
      lastModified: opts.lastModified,
      maxAge: opts.maxage || opts.maxAge || 0,
      root: resolve(root),
      start: opts.start,
      end: opts.end,
    });
  } catch (err) {
    configError = err;
  }

  return function serveStatic(req: Req, res: Res, next: Next): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      if (fallthrough) {
        next();
        return;
      }
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.setHeader('Content-Length', '0');
      res.end();
      return;
    }
    if (config === undefined) {
      next(configError);
      return;
    }
    let path = getPathname(req) ?? '/';
    // At the mount point itself ("/static" mounted, req.url "/"), send the redirect to "/static/".
    if (path === '/' && !originalPathname(req).endsWith('/')) path = '';
    sendPath(
      req,
      res,
      path,
      config,
      new StaticRequest(req, res, next, path, fallthrough, redirect, setHeaders),
      true,
    );
  };
}

/** The same MIME table res.type uses: `lookup` and `define`. */
serveStatic.mime = mime;

/** Per-request outcome handling of the middleware. */
class StaticRequest implements SendHandler {
  /** Once a file is found, every error is forwarded (it is no longer a miss). */
  private forwardError: boolean;

  constructor(
    readonly req: Req,
    readonly res: Res,
    readonly next: Next,
    readonly path: string,
    readonly fallthrough: boolean,
    readonly redirect: boolean,
    readonly setHeaders: ServeStaticOptions['setHeaders'],
  ) {
    this.forwardError = !fallthrough;
  }

  error(err: HttpError): void {
    if (this.forwardError || !(err.statusCode < 500)) this.next(err);
    else this.next();
  }

  directory(): void {
    if (!this.redirect || this.path.endsWith('/')) {
      this.error(httpError('WEBAPP_STATIC_NOT_FOUND'));
      return;
    }
    const location = redirectLocation(this.req);
    const doc = htmlDocument('Redirecting', `Redirecting to ${escapeHtml(location)}`);
    const res = this.res;
    res.statusCode = 301;
    res.setHeader('Content-Type', 'text/html; charset=UTF-8');
    res.setHeader('Content-Length', Buffer.byteLength(doc));
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Location', location);
    res.end(doc);
  }

  file(): void {
    if (this.fallthrough) this.forwardError = true;
  }

  headers(res: ServerResponse, path: string, stat: Stats): void {
    if (this.setHeaders) this.setHeaders(res, path, stat);
  }
}

function originalPathname(req: Req): string {
  const url = req.originalUrl || req.url;
  return getPathname({ url }) ?? '';
}

/**
 * The original URL with a slash appended to its path. Leading slashes are collapsed and backslashes
 * encoded, so `//evil.example` or `/\evil.example` cannot become a link to another host.
 */
function redirectLocation(req: Req): string {
  const original = { url: req.originalUrl || req.url };
  const pathname = collapseLeadingSlashes(`${getPathname(original) ?? ''}/`);
  const query = queryStringOf(original.url);
  const url = query === null ? pathname : `${pathname}?${query}`;
  return encodeUrl(url).replace(/\\/g, '%5C');
}

function collapseLeadingSlashes(path: string): string {
  let i = 0;
  while (path.charCodeAt(i) === 47) i++;
  return i > 1 ? `/${path.slice(i)}` : path;
}

// Refused when passed uncalled (`app.use(webapp.static)`): src/utils/middleware-factory.ts.
markFactory(serveStatic, 'static');
