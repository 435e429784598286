/**
 * `webapp.fromFetch(handler, options)`: a fetch handler (`(Request) => Response`, a Hono app's
 * `fetch`, an h3 v2 app) as middleware. The Request is built from req: method, the URL the client
 * asked for (`req.protocol`, the Host, `req.originalUrl`), its headers and body; the Response is
 * written to res: status, headers (every Set-Cookie), its body streamed with backpressure.
 *
 * A body a parser already read (`req._body` set) is no longer in the stream; it is re-serialised
 * from `req.body`: a Buffer as it is, a string as UTF-8, an object as JSON for a JSON type and as a
 * form for `application/x-www-form-urlencoded`; any other (a multipart form read by multer) is not
 * forwarded. Content-Length is then the new body's, and Content-Encoding is dropped (parsers inflate).
 * @module
 */
import { Buffer } from 'node:buffer';
import { httpError, webappError } from '../errors/catalogue';
import type { FetchHandler, FromFetchOptions } from '../types/fetch';
import type { Next, Req, Res } from '../types/internal';

/** Request fields that belong to one HTTP/1.1 connection, or to HTTP/2's framing. */
const CONNECTION_FIELDS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
]);

/** Whether `value` is a Response as far as this module reads one (any realm or runtime). */
function isResponse(value: unknown): value is Response {
  const response = value as Response | null;
  return (
    typeof response === 'object' &&
    response !== null &&
    typeof response.status === 'number' &&
    typeof response.headers?.forEach === 'function' &&
    'body' in response
  );
}

/** A parsed body in bytes, with the Content-Type it now has; undefined when it cannot be re-made. */
function reserialise(
  body: unknown,
  contentType: string | undefined,
): { bytes: Uint8Array; type?: string } | undefined {
  if (Buffer.isBuffer(body)) return { bytes: body, type: contentType };
  if (typeof body === 'string') {
    const type = contentType?.replace(/;\s*charset=("[^"]*"|[^;]*)/i, '; charset=utf-8');
    return { bytes: Buffer.from(body, 'utf8'), type };
  }
  if (body === null || typeof body !== 'object') return undefined;
  const essence = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (essence === 'application/json' || essence.endsWith('+json')) {
    return { bytes: Buffer.from(JSON.stringify(body), 'utf8'), type: contentType };
  }
  if (essence === 'application/x-www-form-urlencoded') {
    // qs loads here, on the first re-serialised form, as for the parsers.
    const qs = require('qs') as typeof import('qs');
    return { bytes: Buffer.from(qs.stringify(body), 'utf8'), type: contentType };
  }
  return undefined;
}

/** The body of the Request made from req: its stream while unread, else what the parser made of it. */
function requestBody(req: Req, headers: Headers): ReadableStream<Uint8Array> | Uint8Array | null {
  if (req.method === 'GET' || req.method === 'HEAD') return null;
  const parsed = (req as Req & { _body?: boolean })._body === true;
  if (!parsed) {
    if (req.readableEnded || req.destroyed) return null;
    return streamOf(req);
  }
  headers.delete('content-encoding');
  const made = reserialise(req.body, headers.get('content-type') ?? undefined);
  if (made === undefined) {
    headers.delete('content-length');
    headers.delete('content-type');
    return null;
  }
  if (made.type !== undefined) headers.set('content-type', made.type);
  headers.set('content-length', String(made.bytes.byteLength));
  return made.bytes;
}

/** The node request body as a web stream, pausing the request while the reader is behind. */
function streamOf(req: Req): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      let ended = false;
      req.on('end', () => {
        ended = true;
        controller.close();
      });
      req.on('error', (error) => controller.error(error));
      // The client went away mid-body (some runtimes emit only 'close'): the handler's read fails.
      req.on('close', () => {
        if (!ended) controller.error(httpError('request.aborted'));
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      req.resume();
    },
  });
}

/** The URL the client asked for; undefined when its Host makes no URL. */
function urlOf(req: Req): URL | undefined {
  const host = (req.headers[':authority'] as string | undefined) ?? req.headers.host ?? 'localhost';
  try {
    return new URL(`${req.protocol}://${host}${req.originalUrl ?? req.url}`);
  } catch {
    return undefined;
  }
}

function buildRequest(req: Req, url: URL, signal: AbortSignal): Request {
  const headers = new Headers();
  const source = req.headers;
  for (const name in source) {
    if (name.charCodeAt(0) === 58 /* ':' */ || CONNECTION_FIELDS.has(name)) continue;
    const value = source[name] as unknown;
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const one of value) headers.append(name, String(one));
    else headers.set(name, String(value));
  }
  const body = requestBody(req, headers);
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal };
  if (body !== null) {
    init.body = body as NonNullable<RequestInit['body']>;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/** Writes `response` to res: status, headers, then the body chunk by chunk. */
async function writeResponse(req: Req, res: Res, response: Response, next: Next): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  const set: string[] = [];
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    res.setHeader(name, value);
    set.push(name);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) {
    const before = res.getHeader('set-cookie');
    const earlier = before === undefined ? [] : Array.isArray(before) ? before : [String(before)];
    res.setHeader('set-cookie', [...earlier, ...cookies]);
  }
  const body = response.body;
  if (body === null || req.method === 'HEAD') {
    body?.cancel().catch(() => {});
    res.end();
    return;
  }
  const reader = body.getReader();
  const onClose = (): void => {
    reader.cancel().catch(() => {});
  };
  res.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) {
        await new Promise<void>((resume) => {
          const go = (): void => {
            res.off('drain', go);
            res.off('close', go);
            resume();
          };
          res.on('drain', go);
          res.on('close', go);
        });
      }
    }
    res.off('close', onClose);
    if (!res.destroyed) res.end();
  } catch (error) {
    res.off('close', onClose);
    if (res.headersSent) {
      // Mid-body: the answer cannot change any more; the connection drops, as a proxy's would.
      res.destroy(error as Error);
      return;
    }
    for (const name of set) res.removeHeader(name);
    next(error);
  }
}

/**
 * Mounts a fetch handler as middleware.
 * @example
 * app.use('/api', webapp.fromFetch(hono.fetch, { notFound: 'next' }));
 */
export function fromFetch(handler: FetchHandler, options: FromFetchOptions = {}) {
  const call =
    typeof handler === 'function'
      ? handler
      : handler !== null && typeof handler === 'object' && typeof handler.fetch === 'function'
        ? (request: Request) => handler.fetch(request)
        : undefined;
  if (call === undefined) throw webappError('WEBAPP_FROM_FETCH_HANDLER_INVALID');
  const passNotFound = options.notFound === 'next';

  return function fetchHandler(req: Req, res: Res, next: Next): void {
    const controller = new AbortController();
    // The client going away before the answer is complete aborts the handler's request.
    const onClose = (): void => {
      if (!res.writableFinished) controller.abort();
    };
    res.once('close', onClose);
    const url = urlOf(req);
    if (url === undefined) {
      res.off('close', onClose);
      next(httpError('WEBAPP_FROM_FETCH_URL_INVALID'));
      return;
    }
    let answer: Response | Promise<Response>;
    try {
      answer = call(buildRequest(req, url, controller.signal));
    } catch (error) {
      res.off('close', onClose);
      next(error);
      return;
    }
    Promise.resolve(answer).then(
      (response) => {
        if (!isResponse(response)) {
          res.off('close', onClose);
          next(webappError('WEBAPP_FROM_FETCH_NOT_A_RESPONSE'));
          return;
        }
        if (passNotFound && response.status === 404) {
          res.off('close', onClose);
          response.body?.cancel().catch(() => {});
          next();
          return;
        }
        return writeResponse(req, res, response, next);
      },
      (error: unknown) => {
        res.off('close', onClose);
        next(error);
      },
    );
  };
}
