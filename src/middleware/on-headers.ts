/**
 * A hook that runs just before a response head is written, shared by the middleware that must
 * change headers at the last moment (cookieSession writes its cookie there, compress chooses its
 * encoding there). Node writes every head through `res.writeHead` — explicitly, or implicitly from
 * the first `write`/`end`/`flushHeaders` — so wrapping that one method sees every path.
 * @module
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { webappError } from '../errors/catalogue';

export type WriteHead = ServerResponse['writeHead'];

/** Applies the headers argument of `writeHead` through setHeader, as Node itself would. */
function applyHeaderArgument(res: ServerResponse, headers: unknown): void {
  if (Array.isArray(headers)) {
    if (headers.length !== 0 && Array.isArray(headers[0])) {
      for (const pair of headers as unknown[][]) {
        if (pair[0]) res.setHeader(String(pair[0]), pair[1] as string);
      }
      return;
    }
    if (headers.length % 2 !== 0) throw webappError('WEBAPP_ON_HEADERS_MALFORMED');
    // A flat list may name a field several times: the later values are appended, not replacing.
    const seen = new Set<string>();
    for (let i = 0; i < headers.length; i += 2) {
      const name = headers[i];
      if (!name) continue;
      const key = String(name).toLowerCase();
      if (seen.has(key)) res.appendHeader(key, headers[i + 1]);
      else {
        seen.add(key);
        res.setHeader(key, headers[i + 1]);
      }
    }
    return;
  }
  if (headers && typeof headers === 'object') {
    for (const name of Object.keys(headers)) {
      if (name) res.setHeader(name, (headers as OutgoingHttpHeaders)[name] as string);
    }
  }
}

/**
 * Moves the headers argument of a `writeHead(status, [message], [headers])` call onto the response
 * and sets `res.statusCode`; returns the reason phrase, if one was given.
 */
export function absorbWriteHeadArguments(
  res: ServerResponse,
  statusCode: number,
  rest: readonly unknown[],
): string | undefined {
  const message = typeof rest[0] === 'string' ? rest[0] : undefined;
  applyHeaderArgument(res, message === undefined ? rest[0] : rest[1]);
  res.statusCode = statusCode;
  return message;
}

/** Calls the underlying writeHead with the status (and reason phrase) after a hook ran. */
export function callWriteHead(
  res: ServerResponse,
  writeHead: WriteHead,
  statusCode: number,
  message: string | undefined,
): ServerResponse {
  const call = writeHead as (...args: unknown[]) => ServerResponse;
  // A reason phrase belongs to the status it was given with; a changed status gets the standard one.
  if (message !== undefined && res.statusCode === statusCode) return call.call(res, statusCode, message);
  return call.call(res, res.statusCode);
}

/**
 * Calls `listener` once, with the response as `this`, right before its head is written. The
 * headers passed to `writeHead(status, [message], headers)` are already on the response when the
 * listener runs, so it sees and may change them; it may also change `res.statusCode`.
 * @example
 * onHeaders(res, function () { this.setHeader('X-Time', String(Date.now() - start)); });
 */
export function onHeaders(res: ServerResponse, listener: (this: ServerResponse) => void): void {
  res.writeHead = writeHeadWith(res.writeHead, listener);
}

/*
 * The wrapper, made apart from onHeaders: a closure stored on `res` by the function whose variables it
 * closes over kept each response alive through the next scavenge on node 20 while the code was
 * unoptimized (see src/router/dispatch.ts).
 */
function writeHeadWith(previous: WriteHead, listener: (this: ServerResponse) => void): WriteHead {
  let fired = false;
  return function writeHead(this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (fired) return (previous as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
    fired = true;
    const message = absorbWriteHeadArguments(this, statusCode, rest);
    listener.call(this);
    return callWriteHead(this, previous, statusCode, message);
  } as WriteHead;
}
