/**
 * The file sender shared by `webapp.static` and `res.sendFile`/`res.download`: maps a path to a file
 * under an optional root (refusing anything outside it), applies the dotfile policy, index files and
 * extension fallbacks, then answers with validators, conditional-request handling (304/412), byte
 * ranges (206/416) and the body, through the response's own writeHead/write/end so wrapping
 * middleware (compression, sessions) sees every byte.
 *
 * Small files come from the shared {@link fileCache} in one `res.end(buffer)`; others are streamed
 * with `fs.createReadStream`, destroyed (closing the descriptor) as soon as the connection is gone.
 *
 * Outcomes are reported to a {@link SendHandler}; the sender never writes error pages itself.
 * @module
 */
import { createReadStream, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { type HttpErrorCode, httpError, webappError } from '../errors/catalogue';
import type { HttpError } from '../http/errors';
import { isFresh } from '../http/fresh';
import { mime } from '../http/mime';
import { connectionGone, whenConnectionGone } from '../lifecycle/connection-gone';
import { ms } from '../utils/ms';
import { isConditional, isRangeFresh, preconditionFailed } from './conditional';
import { type FileCache, type FileInfo, fileCache } from './file-cache';
import { isBytesRange, MALFORMED, parseByteRanges, UNSATISFIABLE } from './range';

/** Options understood by the sender (the `send` options Express passes through). */
export interface SendOptions {
  /** Answer Range requests (default true). */
  acceptRanges?: boolean;
  /** Set `Cache-Control` (default true). */
  cacheControl?: boolean;
  /** Dotfile policy; when undefined only a final dot segment is hidden. */
  dotfiles?: 'allow' | 'deny' | 'ignore' | string;
  /** Set a weak ETag (default true). */
  etag?: boolean;
  /** Extensions tried, in order, when the path has none and is not found, e.g. ['html']. */
  extensions?: string | string[] | false;
  /** Legacy switch: with `dotfiles` undefined, true allows a final dot segment. */
  hidden?: boolean;
  /** Add `immutable` to `Cache-Control` (default false). */
  immutable?: boolean;
  /** Index file(s) for a path ending in '/', default 'index.html'; false disables. */
  index?: string | string[] | false;
  /** Set `Last-Modified` (default true). */
  lastModified?: boolean;
  /** `max-age` in milliseconds or an ms string such as '1d' (default 0, at most one year). */
  maxAge?: number | string;
  /** Alias of `maxAge`. */
  maxage?: number | string;
  /** Directory the path is resolved in; the path may then never leave it. */
  root?: string;
  /** First byte of the file to send (default 0). */
  start?: number;
  /** Last byte of the file to send (inclusive). */
  end?: number;
}

export type DotfilesPolicy = 'allow' | 'deny' | 'ignore';

/** Options normalised once (per middleware, or per res.sendFile call). */
export interface SendConfig {
  readonly root: string | null;
  /** `root` followed by a separator: every served path starts with it. */
  readonly rootPrefix: string;
  readonly dotfiles: DotfilesPolicy | undefined;
  readonly hidden: boolean;
  readonly etag: boolean;
  readonly lastModified: boolean;
  readonly acceptRanges: boolean;
  /** Full `Cache-Control` value, or undefined when disabled. */
  readonly cacheControl: string | undefined;
  readonly extensions: readonly string[];
  readonly index: readonly string[];
  readonly start: number;
  readonly end: number | undefined;
  readonly cache: FileCache;
}

/** Receives the outcome of a transfer. */
export interface SendHandler {
  /** Something failed before or while sending; nothing was written for the error itself. */
  error(err: HttpError): void;
  /** The path names a directory (and no index file was requested). */
  directory(path: string): void;
  /** A file was found; nothing has been written yet. */
  file?(path: string, stat: Stats): void;
  /** Chance to set headers before the sender sets its own (it keeps any already present). */
  headers?(res: ServerResponse, path: string, stat: Stats): void;
  /** The body is about to be written. */
  stream?(): void;
  /** The whole body was handed to the response. */
  end?(): void;
}

const MAX_MAXAGE = 365 * 24 * 60 * 60 * 1000;

/** Validates and normalises options; throws TypeError like Express for invalid ones. */
export function compileSendOptions(
  options: SendOptions | undefined | null,
  cache: FileCache = fileCache,
): SendConfig {
  const opts: SendOptions = options ?? {};
  const dotfiles = opts.dotfiles;
  if (dotfiles !== undefined && dotfiles !== 'allow' && dotfiles !== 'deny' && dotfiles !== 'ignore') {
    throw webappError('WEBAPP_STATIC_DOTFILES_INVALID');
  }
  const maxAge = parseMaxAge(opts.maxAge || opts.maxage);
  const root = opts.root ? resolve(opts.root) : null;
  const cacheControl =
    opts.cacheControl === undefined || opts.cacheControl
      ? `public, max-age=${Math.floor(maxAge / 1000)}${opts.immutable ? ', immutable' : ''}`
      : undefined;
  return {
    root,
    rootPrefix: root === null ? '' : root.endsWith(sep) ? root : root + sep,
    dotfiles,
    hidden: Boolean(opts.hidden),
    etag: opts.etag === undefined || Boolean(opts.etag),
    lastModified: opts.lastModified === undefined || Boolean(opts.lastModified),
    acceptRanges: opts.acceptRanges === undefined || Boolean(opts.acceptRanges),
    cacheControl,
    extensions: opts.extensions === undefined ? [] : stringList(opts.extensions, 'extensions option'),
    index: opts.index === undefined ? ['index.html'] : stringList(opts.index, 'index option'),
    start: typeof opts.start === 'number' && opts.start > 0 ? opts.start : 0,
    end: typeof opts.end === 'number' ? opts.end : undefined,
    cache,
  };
}

/** `maxAge` as clamped milliseconds: numbers, numeric strings and ms strings; anything else is 0. */
export function parseMaxAge(value: unknown): number {
  const parsed = typeof value === 'string' ? ms(value) : Number(value);
  if (parsed === undefined || Number.isNaN(parsed)) return 0;
  return Math.min(Math.max(0, parsed), MAX_MAXAGE);
}

function stringList(value: unknown, name: string): string[] {
  const list: unknown[] = value ? ([] as unknown[]).concat(value) : [];
  for (const item of list) {
    if (typeof item !== 'string') throw webappError('WEBAPP_STATIC_OPTION_NOT_STRINGS', name);
  }
  return list as string[];
}

/**
 * Sends the file that `urlPath` names. `decode`: whether `urlPath` is percent-encoded (URLs) or a
 * plain file path (res.sendFile).
 */
export function sendPath(
  req: IncomingMessage,
  res: ServerResponse,
  urlPath: string,
  config: SendConfig,
  handler: SendHandler,
  decode: boolean,
): void {
  new Transfer(req, res, urlPath, config, handler).start(decode);
}

class Transfer {
  /** Set once an error was reported, so a throwing error handler cannot trigger a second report. */
  private failed = false;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly urlPath: string,
    readonly config: SendConfig,
    readonly handler: SendHandler,
  ) {}

  start(decode: boolean): void {
    let path = this.urlPath;
    if (decode && path.includes('%')) {
      try {
        path = decodeURIComponent(path);
      } catch {
        this.refuse('WEBAPP_STATIC_PATH_MALFORMED');
        return;
      }
    }
    if (path.includes('\0')) {
      this.refuse('WEBAPP_STATIC_PATH_MALFORMED');
      return;
    }
    const { config } = this;
    let full: string;
    let relative: string;
    if (config.root !== null) {
      // Relative to the root, whatever the path looks like ('/etc/x' is root/etc/x).
      relative = path ? normalize(`.${sep}${path}`) : path;
      if (hasParentSegment(relative)) {
        this.refuse('WEBAPP_STATIC_PATH_FORBIDDEN');
        return;
      }
      full = normalize(join(config.root, relative));
      // Belt and braces: the checks above already keep the path inside the root.
      if (full !== config.root && !full.startsWith(config.rootPrefix)) {
        this.refuse('WEBAPP_STATIC_PATH_FORBIDDEN');
        return;
      }
    } else {
      if (hasParentSegment(path)) {
        this.refuse('WEBAPP_STATIC_PATH_FORBIDDEN');
        return;
      }
      relative = normalize(path);
      full = resolve(path);
    }
    const access = this.dotfileAccess(relative);
    if (access === 'deny') {
      this.refuse('WEBAPP_STATIC_DOTFILE_DENIED');
      return;
    }
    if (access === 'ignore') {
      this.refuse('WEBAPP_STATIC_NOT_FOUND');
      return;
    }
    if (config.index.length > 0 && this.urlPath.endsWith('/')) {
      this.tryIndex(full, 0, null);
    } else {
      this.tryFile(full);
    }
  }

  /** What the dotfile policy says about a path whose segments are separated by `sep`. */
  private dotfileAccess(path: string): DotfilesPolicy {
    let anyDot = false;
    let lastDot = false;
    let segmentStart = 0;
    for (let i = 0; i <= path.length; i++) {
      if (i === path.length || path[i] === sep) {
        const isDot = i - segmentStart > 1 && path.charCodeAt(segmentStart) === 46;
        anyDot ||= isDot;
        lastDot = isDot;
        segmentStart = i + 1;
      }
    }
    if (!anyDot) return 'allow';
    const policy = this.config.dotfiles;
    if (policy !== undefined) return policy;
    // Default: only a final dot segment is hidden, so /.well-known/x is served.
    return lastDot && !this.config.hidden ? 'ignore' : 'allow';
  }

  private tryFile(path: string): void {
    this.config.cache.stat(path, (err, stats) => {
      this.guard(() => {
        if (err) {
          if (err.code === 'ENOENT' && !extname(path) && !path.endsWith(sep)) this.tryExtension(path, 0, err);
          else this.statError(err);
        } else if (stats!.isDirectory()) {
          this.handler.directory(path);
        } else {
          this.found(path, stats!);
        }
      });
    });
  }

  private tryExtension(path: string, i: number, lastError: NodeJS.ErrnoException | null): void {
    const { extensions } = this.config;
    if (i >= extensions.length) {
      if (lastError) this.statError(lastError);
      else this.refuse('WEBAPP_STATIC_NOT_FOUND');
      return;
    }
    const candidate = `${path}.${extensions[i]}`;
    this.config.cache.stat(candidate, (err, stats) => {
      this.guard(() => {
        if (err) this.tryExtension(path, i + 1, err);
        else if (stats!.isDirectory()) this.tryExtension(path, i + 1, null);
        else this.found(candidate, stats!);
      });
    });
  }

  private tryIndex(dir: string, i: number, lastError: NodeJS.ErrnoException | null): void {
    const { index } = this.config;
    if (i >= index.length) {
      if (lastError) this.statError(lastError);
      else this.refuse('WEBAPP_STATIC_NOT_FOUND');
      return;
    }
    const candidate = join(dir, index[i]);
    this.config.cache.stat(candidate, (err, stats) => {
      this.guard(() => {
        if (err) this.tryIndex(dir, i + 1, err);
        else if (stats!.isDirectory()) this.tryIndex(dir, i + 1, null);
        else this.found(candidate, stats!);
      });
    });
  }

  /**
   * Runs a step inside an fs callback; a throw (e.g. from a user's setHeaders or an invalid header
   * value) becomes a 500 error instead of an uncaught exception. A throw from the error handler
   * itself has nowhere left to go and is dropped rather than crashing the process.
   */
  private guard(step: () => void): void {
    try {
      step();
    } catch (err) {
      if (!this.failed)
        this.fail(500, err instanceof Error ? err : webappError('WEBAPP_NON_ERROR_THROWN', err));
    }
  }

  private found(path: string, stats: Stats): void {
    this.handler.file?.(path, stats);
    this.respond(path, stats);
  }

  private respond(path: string, stats: Stats): void {
    const { req, res, config } = this;
    if (res.headersSent) {
      this.fail(500, webappError('WEBAPP_STATIC_HEADERS_SENT'));
      return;
    }
    this.handler.headers?.(res, path, stats);
    if (config.acceptRanges && !res.getHeader('Accept-Ranges')) res.setHeader('Accept-Ranges', 'bytes');
    if (config.cacheControl !== undefined && !res.getHeader('Cache-Control')) {
      res.setHeader('Cache-Control', config.cacheControl);
    }
    const info = config.cache.info(path, stats);
    if (config.lastModified && !res.getHeader('Last-Modified'))
      res.setHeader('Last-Modified', info.lastModified);
    if (config.etag && !res.getHeader('ETag')) res.setHeader('ETag', info.etag);
    if (!res.getHeader('Content-Type')) res.setHeader('Content-Type', contentType(path));

    const headers = req.headers;
    if (isConditional(headers)) {
      const etag = res.getHeader('ETag');
      const lastModified = res.getHeader('Last-Modified');
      if (preconditionFailed(headers, etag, lastModified)) {
        this.refuse('WEBAPP_STATIC_PRECONDITION_FAILED');
        return;
      }
      const status = res.statusCode;
      if (((status >= 200 && status < 300) || status === 304) && isFresh(headers, etag, lastModified)) {
        res.removeHeader('Content-Encoding');
        res.removeHeader('Content-Language');
        res.removeHeader('Content-Length');
        res.removeHeader('Content-Range');
        res.removeHeader('Content-Type');
        res.statusCode = 304;
        res.end();
        return;
      }
    }

    let offset = config.start;
    let length = Math.max(0, stats.size - offset);
    if (config.end !== undefined) {
      const bytes = config.end - offset + 1;
      if (length > bytes) length = Math.max(0, bytes);
    }

    const range = headers.range;
    if (config.acceptRanges && isBytesRange(range)) {
      let ranges = parseByteRanges(length, range);
      if (!isRangeFresh(headers, res.getHeader('ETag'), res.getHeader('Last-Modified'))) ranges = MALFORMED;
      if (ranges === UNSATISFIABLE) {
        const contentRange = `bytes */${length}`;
        res.setHeader('Content-Range', contentRange);
        this.refuse('WEBAPP_STATIC_RANGE_NOT_SATISFIABLE', { headers: { 'Content-Range': contentRange } });
        return;
      }
      // Several ranges are answered with the whole file, as Express does (no multipart).
      if (ranges !== MALFORMED && ranges.length === 1) {
        const { start, end } = ranges[0];
        res.statusCode = 206;
        res.setHeader('Content-Range', `bytes ${start}-${end}/${length}`);
        offset += start;
        length = end - start + 1;
      }
    }

    res.setHeader('Content-Length', length);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    this.body(path, info, offset, length);
  }

  private body(path: string, info: FileInfo, offset: number, length: number): void {
    if (length === 0) {
      this.sendBuffer(undefined);
      return;
    }
    const cached = info.body;
    if (cached !== undefined) {
      this.sendBuffer(
        offset === 0 && length === cached.length ? cached : cached.subarray(offset, offset + length),
      );
      return;
    }
    const cache = this.config.cache;
    if (!cache.canHold(info)) {
      this.stream(path, offset, length);
      return;
    }
    cache.load(path, info, (loaded) => {
      this.guard(() => {
        if (loaded === undefined) this.stream(path, offset, length);
        else
          this.sendBuffer(
            offset === 0 && length === loaded.length ? loaded : loaded.subarray(offset, offset + length),
          );
      });
    });
  }

  private sendBuffer(chunk: Buffer | undefined): void {
    const res = this.res;
    // The client is gone (e.g. while the file was read): nothing to write to.
    if (res.destroyed) return;
    this.handler.stream?.();
    // Node re-encodes Content-Disposition as UTF-8 when end(data) writes the head (so "é" in a
    // filename arrives garbled); writing the head first keeps its Latin-1 bytes.
    if (chunk !== undefined && !res.headersSent && res.hasHeader('Content-Disposition'))
      res.writeHead(res.statusCode);
    res.end(chunk);
    this.handler.end?.();
  }

  private stream(path: string, offset: number, length: number): void {
    const { req, res } = this;
    // Told first, so that the handler reads any close that follows as an abort.
    this.handler.stream?.();
    // The client is gone (also for a response queued behind pipelined ones, which node never tells):
    // do not even open the file.
    if (connectionGone(req, res)) return;
    const file = createReadStream(path, { start: offset, end: offset + length - 1 });
    // Also when the response is queued behind pipelined ones: node never tells it the socket closed.
    const stopWatching = whenConnectionGone(req, res, () => file.destroy());
    file.on('error', (err: NodeJS.ErrnoException) => {
      stopWatching();
      file.destroy();
      this.guard(() => this.statError(err));
    });
    file.on('end', () => {
      stopWatching();
      this.guard(() => this.handler.end?.());
    });
    file.pipe(res);
  }

  private statError(err: NodeJS.ErrnoException): void {
    const code = err.code;
    this.fail(code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG' ? 404 : 500, err);
  }

  /** Fails with `cause` (an fs error, a throw) made an HTTP error of `status`, its message not exposed. */
  private fail(status: number, cause: Error): void {
    this.failed = true;
    const err = cause as HttpError;
    err.status = status;
    err.statusCode = status;
    err.expose = false;
    this.handler.error(err);
  }

  /** Fails with the catalogue's HTTP error `code`. */
  private refuse(code: StaticRefusal, props?: Record<string, unknown>): void {
    this.failed = true;
    this.handler.error(httpError(code, props));
  }
}

/** The HTTP errors a static send can end with, short of an fs error. */
type StaticRefusal = Extract<HttpErrorCode, `WEBAPP_STATIC_${string}`>;

/** True when a `..` segment appears, with either slash as separator. */
function hasParentSegment(path: string): boolean {
  let i = path.indexOf('..');
  while (i !== -1) {
    const before = i === 0 ? 47 : path.charCodeAt(i - 1);
    const after = i + 2 === path.length ? 47 : path.charCodeAt(i + 2);
    if ((before === 47 || before === 92) && (after === 47 || after === 92)) return true;
    i = path.indexOf('..', i + 1);
  }
  return false;
}

/**
 * Content-Type for a file name, as Express 4's file sender builds it: the type from `webapp.static.mime`
 * and the charset `mime.charsets.lookup` gives it (UTF-8 for text, JavaScript and JSON).
 */
export function contentType(path: string): string {
  const type = mime.lookup(path);
  const charset = mime.charsets.lookup(type);
  return charset ? `${type}; charset=${charset}` : type;
}
