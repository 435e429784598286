/**
 * The last handler of a root application: 404 `Cannot METHOD /path` when nothing answered, or the
 * error page for an unhandled error. The HTML documents are byte-identical to Express 4's, since
 * clients and tests compare them.
 * @module
 */
import { Buffer } from 'node:buffer';
import { STATUS_CODES } from 'node:http';
import { drain } from './body/drain';
import { stackAsExpress } from './errors/catalogue';
import { encodeUrl } from './http/encode-url';
import { escapeHtml } from './http/escape-html';
import { setTrustedHeader } from './http/header-store';
import { htmlDocument } from './http/html-document';
import { getPathname } from './http/parse-url';
import { entryApp } from './request/entry-app';
import type { Req, Res } from './types/internal';

export interface FinalHandlerOptions {
  env: string;
  onerror?: (err: unknown, req: Req, res: Res) => void;
}

/**
 * The end of a root application's dispatch: the app's `env` decides how much of an error is shown,
 * and unhandled errors are logged (except when env is `test`).
 */
export function finishRequest(req: Req, res: Res, err: unknown): void {
  // The root app's env, as Express reads it on entry: a sub-app's must not decide what a client sees.
  const app = entryApp(req) as { get?: (name: string) => unknown } | undefined;
  const env = typeof app?.get === 'function' ? String(app.get('env')) : process.env.NODE_ENV || 'development';
  finalHandler(req, res, err, { env, onerror: env === 'test' ? undefined : logError });
}

function logError(err: unknown): void {
  let text: string;
  try {
    text = (err as Error)?.stack || String(err);
  } catch {
    // e.g. Object.create(null): no toString. Logging must never throw (it runs in setImmediate).
    text = Object.prototype.toString.call(err);
  }
  console.error(text);
}

/** Responds for a request that fell off the end of the stack (`err` undefined) or failed with `err`. */
export function finalHandler(req: Req, res: Res, err: unknown, options: FinalHandlerOptions): void {
  // Nothing to say once a response is under way without an error.
  if (!err && res.headersSent) return;
  let status: number;
  let headers: Record<string, unknown> | undefined;
  let message: string;
  if (err) {
    const fromError = errorStatus(err);
    if (fromError === undefined) {
      status = res.statusCode >= 400 && res.statusCode <= 599 ? res.statusCode : 500;
    } else {
      status = fromError;
      headers = errorHeaders(err);
    }
    message = errorMessage(err, status, options.env);
  } else {
    status = 404;
    message = `Cannot ${req.method} ${encodeUrl(resourceName(req))}`;
  }
  if (err && options.onerror) setImmediate(options.onerror, err, req, res);
  if (res.headersSent) {
    // A half-sent response cannot be repaired: cut the connection so the client sees a failure. The
    // connection may be any Duplex an in-memory transport made, or lack destroy.
    const socket = req.socket as { destroy?: unknown } | null | undefined;
    if (typeof socket?.destroy === 'function') req.socket.destroy();
    return;
  }
  if (req.complete || req.readableEnded) {
    writeResponse(req, res, status, headers, message);
    return;
  }
  // Answer only once the request body has been read off (up to a bound: past it the connection is
  // given up, see ./body/drain), so the connection stays usable.
  req.unpipe();
  drain(req, res, () => writeResponse(req, res, status, headers, message));
}

function errorStatus(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { status?: unknown; statusCode?: unknown };
  if (typeof e.status === 'number' && e.status >= 400 && e.status <= 599) return e.status;
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode <= 599) return e.statusCode;
  return undefined;
}

function errorHeaders(err: unknown): Record<string, unknown> | undefined {
  const headers = (err as { headers?: unknown }).headers;
  if (!headers || typeof headers !== 'object') return undefined;
  const out: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(headers)) out[key] = (headers as Record<string, unknown>)[key];
  return out;
}

function errorMessage(err: unknown, status: number, env: string): string {
  let message: string | undefined;
  if (env !== 'production') {
    // The page shows the stack as Express does; the log (logError) keeps the code in its first line.
    message = stackAsExpress(err) as string | undefined;
    if (!message && typeof (err as { toString?: unknown })?.toString === 'function') message = String(err);
  }
  return message || STATUS_CODES[status] || String(status);
}

function resourceName(req: Req): string {
  const original = { url: req.originalUrl || req.url } as { url: string };
  return getPathname(original) ?? 'resource';
}

function errorDocument(message: string): string {
  const body = escapeHtml(message)
    .replace(/\n/g, '<br>')
    .replace(/\x20{2}/g, ' &nbsp;');
  return htmlDocument('Error', body);
}

function writeResponse(
  req: Req,
  res: Res,
  status: number,
  headers: Record<string, unknown> | undefined,
  message: string,
): void {
  if (res.headersSent) return;
  const body = errorDocument(message);
  res.statusCode = status;
  if (req.httpVersionMajor < 2) res.statusMessage = STATUS_CODES[status] ?? String(status);
  res.removeHeader('Content-Encoding');
  res.removeHeader('Content-Language');
  res.removeHeader('Content-Range');
  if (headers) {
    for (const name of Object.keys(headers)) {
      try {
        res.setHeader(name, headers[name] as string);
      } catch {
        // An invalid header on an error object must not stop the error page.
      }
    }
  }
  // Constants and a length: through the header store (node's validation would prove nothing).
  setTrustedHeader(res, 'Content-Security-Policy', 'content-security-policy', "default-src 'none'");
  setTrustedHeader(res, 'X-Content-Type-Options', 'x-content-type-options', 'nosniff');
  setTrustedHeader(res, 'Content-Type', 'content-type', 'text/html; charset=utf-8');
  setTrustedHeader(res, 'Content-Length', 'content-length', Buffer.byteLength(body, 'utf8'));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  res.end(body, 'utf8');
}
