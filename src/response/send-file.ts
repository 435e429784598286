/**
 * res.sendFile, res.download and the 3.x-era res.sendfile, built on the shared file sender.
 * @module
 */
import { resolve } from 'node:path';
import { webappError } from '../errors/catalogue';
import { contentDisposition } from '../http/content-disposition';
import type { HttpError } from '../http/errors';
import { connectionGone, whenConnectionGone } from '../lifecycle/connection-gone';
import { compileSendOptions, type SendHandler, type SendOptions, sendPath } from '../static/send';
import type { Res } from '../types/internal';
import { inContext } from '../utils/async-context';
import { deprecate } from '../utils/deprecate';

export interface SendFileOptions extends SendOptions {
  /** Headers to send with the file. */
  headers?: Record<string, string | number | readonly string[]>;
}

export type SendFileCallback = (err?: NodeJS.ErrnoException) => void;

/**
 * Transfers the file at `path`. Without `root`, `path` must be absolute; with it, `path` is resolved
 * inside `root` and may not leave it. Without a callback, errors go to `next(err)` (a directory
 * to `next()`; aborted requests are ignored). With one, it receives the error as Express 4 gives it
 * (ENOENT → status 404, an aborted request → code ECONNABORTED, a socket error → that error,
 * ECONNRESET as ECONNABORTED) and must end the response itself.
 * @example
 * res.sendFile('report.pdf', { root: __dirname + '/files', maxAge: '1h' }, (err) => { ... });
 */
export function sendFile(
  this: Res,
  path: string,
  options?: SendFileOptions | SendFileCallback,
  callback?: SendFileCallback,
): void {
  let done = callback;
  let opts = (options ?? {}) as SendFileOptions;
  if (!path) throw webappError('WEBAPP_RES_SENDFILE_PATH_REQUIRED');
  if (typeof path !== 'string') throw webappError('WEBAPP_RES_SENDFILE_PATH_NOT_STRING');
  if (typeof options === 'function') {
    done = options;
    opts = {};
  }
  if (!opts.root && !isAbsolute(path)) throw webappError('WEBAPP_RES_SENDFILE_PATH_NOT_ABSOLUTE');
  transfer(this, path, opts, false, afterTransfer(this, done));
}

/**
 * The 3.x form of res.sendFile, kept for old code: `path` is URL-decoded and may be relative to the
 * working directory. Warns once that res.sendFile should be used.
 */
export function sendfile(
  this: Res,
  path: string,
  options?: SendFileOptions | SendFileCallback,
  callback?: SendFileCallback,
): void {
  deprecate('WEBAPP_RES_SENDFILE', 'res.sendfile: Use res.sendFile instead');
  let done = callback;
  let opts = (options ?? {}) as SendFileOptions;
  if (typeof options === 'function') {
    done = options;
    opts = {};
  }
  transfer(this, String(path), opts, true, afterTransfer(this, done));
}

/**
 * Transfers the file as an attachment: `Content-Disposition: attachment; filename=...` named after
 * `filename` or the file's own name (overriding any such header in `options.headers`).
 * @example
 * res.download('/srv/reports/q3.pdf', 'Report Q3.pdf');
 */
export function download(
  this: Res,
  path: string,
  filename?: string | SendFileOptions | SendFileCallback | null,
  options?: SendFileOptions | SendFileCallback | null,
  callback?: SendFileCallback,
): void {
  let done = callback;
  let name: unknown = filename;
  let opts: SendFileOptions | null = (options as SendFileOptions | null | undefined) || null;
  if (typeof filename === 'function') {
    done = filename;
    name = null;
    opts = null;
  } else if (typeof options === 'function') {
    done = options;
    opts = null;
  }
  // download(path, options[, fn])
  if (typeof filename === 'object' && (typeof options === 'function' || options === undefined)) {
    name = null;
    opts = filename;
  }
  const headers: Record<string, unknown> = {
    'Content-Disposition': contentDisposition((name || path) as string),
  };
  const userHeaders = opts?.headers;
  if (userHeaders) {
    for (const key of Object.keys(userHeaders)) {
      if (key.toLowerCase() !== 'content-disposition') headers[key] = userHeaders[key];
    }
  }
  // Inherit the caller's options without mutating them.
  const merged = Object.create(opts) as SendFileOptions;
  merged.headers = headers as SendFileOptions['headers'];
  const fullPath = merged.root ? path : resolve(path);
  // Through res.sendFile, which an app may have replaced, as Express does.
  (this.sendFile as typeof sendFile)(fullPath, merged, done);
}

/** Express's notion of absolute: POSIX '/x', Windows 'C:\x' or 'C:/x', and UNC '\\host'. */
function isAbsolute(path: string): boolean {
  if (path[0] === '/') return true;
  if (path[1] === ':' && (path[2] === '\\' || path[2] === '/')) return true;
  return path.startsWith('\\\\');
}

/** What happens once a transfer settles: the user's callback, or next() for errors worth reporting. */
function afterTransfer(res: Res, done: SendFileCallback | undefined): SendFileCallback {
  const next = res.req.next;
  return (err?: NodeJS.ErrnoException) => {
    if (done) {
      try {
        done(err);
      } catch (thrown) {
        // A throwing callback must not take the process down.
        next(thrown);
      }
      return;
    }
    if (err && err.code === 'EISDIR') {
      next();
      return;
    }
    // A client that went away or a failed socket write has nobody left to tell.
    if (err && err.code !== 'ECONNABORTED' && err.syscall !== 'write') next(err);
  };
}

function transfer(
  res: Res,
  path: string,
  options: SendFileOptions,
  decode: boolean,
  settle: SendFileCallback,
): void {
  const config = compileSendOptions(options);
  // The outcome arrives from fs and socket events: the callback runs in the caller's async context.
  const handler = new FileTransfer(res, options.headers, inContext(settle));
  if (res.destroyed || res.writableEnded || connectionGone(res.req, res)) {
    // Nothing can be sent: report it like a request aborted mid-way.
    handler.aborted = true;
    setImmediate(() => handler.finish(abortedError()));
    return;
  }
  res.on('close', handler.onClose);
  handler.watchSocket();
  // A response queued behind pipelined ones hears nothing when the socket closes; its request does.
  handler.stopWatching = whenConnectionGone(res.req, res, handler.onGone);
  sendPath(res.req, res, path, config, handler, decode);
}

/** Tracks one res.sendFile transfer and settles it exactly once. */
class FileTransfer implements SendHandler {
  aborted = false;
  stopWatching: (() => void) | undefined;
  private settled = false;
  /** Whether onSocketError listens on the socket. */
  private watching = false;
  /** undefined: no file yet; false: file found, no body (HEAD, 304); true: body under way. */
  private streaming: boolean | undefined;

  /** The connection, kept: node detaches it from the response once the response finishes or closes. */
  private readonly socket: Res['socket'];

  constructor(
    readonly res: Res,
    readonly extraHeaders: SendFileOptions['headers'],
    readonly settle: SendFileCallback,
  ) {
    this.socket = res.socket;
  }

  /**
   * The response closed before it finished: the client went away or the socket failed — before the
   * head, mid-body or after the last write alike. A response without a body (HEAD, 304) was complete.
   */
  readonly onClose = (): void => {
    if (this.settled) return;
    if (this.streaming === false) this.finish();
    else this.finish(abortedError());
  };

  /** The connection went away before the response finished (also for one queued behind others). */
  readonly onGone = (): void => {
    this.finish(abortedError());
  };

  /**
   * The connection failed: the callback gets the socket's error as Express 4 hands it over, an
   * ECONNRESET as an abort (ECONNABORTED) and any other error as it is.
   */
  readonly onSocketError = (err: NodeJS.ErrnoException): void => {
    this.finish(err?.code === 'ECONNRESET' ? abortedError() : err);
  };

  /**
   * The response finished. Node also emits 'finish' when the socket was destroyed under the last
   * write (without an error): that is an abort too.
   */
  readonly onFinish = (): void => {
    this.finish(this.socket?.destroyed ? abortedError() : undefined);
  };

  /** Listens for the connection's errors; not on HTTP/2, whose socket is the session's and shared. */
  watchSocket(): void {
    const socket = this.socket;
    if (this.res.req.httpVersionMajor === 2 || typeof socket?.on !== 'function') return;
    this.watching = true;
    socket.on('error', this.onSocketError);
  }

  finish(err?: NodeJS.ErrnoException): void {
    if (this.settled) return;
    this.settled = true;
    this.stopWatching?.();
    this.res.removeListener('close', this.onClose);
    this.res.removeListener('finish', this.onFinish);
    if (this.watching) this.socket!.removeListener('error', this.onSocketError);
    this.settle(err);
  }

  error(err: HttpError): void {
    this.finish(err);
  }

  directory(): void {
    this.finish(webappError('EISDIR'));
  }

  file(): void {
    this.streaming = false;
  }

  headers(res: Res): void {
    const extra = this.extraHeaders;
    if (!extra) return;
    for (const key of Object.keys(extra)) res.setHeader(key, extra[key]);
  }

  stream(): void {
    this.streaming = true;
  }

  /**
   * The whole body was handed to the response: it succeeded once the response finishes, not before
   * (Express 4 reports success as soon as its file stream ended, a race with the connection's close
   * that a file sent from memory would always win: see docs/differences.md).
   */
  end(): void {
    if (this.res.writableFinished) this.onFinish();
    else if (!this.settled) this.res.once('finish', this.onFinish);
  }
}

function abortedError(): NodeJS.ErrnoException {
  return webappError('ECONNABORTED');
}
