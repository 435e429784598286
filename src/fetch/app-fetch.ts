/**
 * `app.fetch(request)`: answers a web-standard Request with the app, over node's own HTTP/1.1 on an
 * in-memory connection. The Request is written by an http.ClientRequest into one end of the
 * connection; the other end is handed to a private (never listening) http.Server built on the app's
 * request/response classes, as app.listen builds it, so the app sees real node requests and
 * responses and every byte leaves through res.writeHead/write/end; the client's parser reads the
 * answer back into a Response whose body streams as the app writes. Loaded on the first call.
 * @module
 */
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { isIPv6 } from 'node:net';
import { requestClass, responseClass } from '../application/index';
import { webappError } from '../errors/catalogue';
import type { FetchConnectionOptions, FetchOptions } from '../types/fetch';
import type { AppInternal } from '../types/internal';
import { type ConnectionAddress, createConnection } from './connection';

/** The servers answering app.fetch, one per app, made on the first call. */
const servers = new WeakMap<AppInternal, http.Server>();

/** Marks a server-side connection with the function to call when its response is done. */
const kResponseDone = Symbol('webapp.fetchResponseDone');

type FetchSocket = { [kResponseDone]?: () => void };

function serverFor(app: AppInternal): http.Server {
  let server = servers.get(app);
  if (server === undefined) {
    server = http.createServer({
      IncomingMessage: requestClass(app),
      ServerResponse: responseClass(app),
    } as http.ServerOptions);
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      // Sound: every connection of this server is one fetchApp made and marked.
      const done = (req.socket as unknown as FetchSocket)[kResponseDone];
      if (done !== undefined) {
        res.once('finish', done);
        res.once('close', done);
      }
      app(req, res);
    });
    servers.set(app, server);
  }
  return server;
}

/** Statuses whose Response has no body (the Fetch standard's null body statuses). */
function hasNoBody(method: string, status: number): boolean {
  return method === 'HEAD' || status === 204 || status === 205 || status === 304;
}

/** Connection-level response fields of HTTP/1.1, which a Response does not carry. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade']);

/** The object is a Request as far as this module reads one (a Request of any realm or runtime). */
function isRequest(value: unknown): value is Request {
  const request = value as Request | null;
  return (
    typeof request === 'object' &&
    request !== null &&
    typeof request.url === 'string' &&
    typeof request.method === 'string' &&
    typeof request.headers?.forEach === 'function'
  );
}

function familyOf(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  return isIPv6(address) ? 'IPv6' : 'IPv4';
}

/** The connection's claimed addresses: from the options, or what Deno.serve / Bun.serve pass. */
function addressOf(request: Request, url: URL, options: FetchOptions | undefined): ConnectionAddress {
  const encrypted = url.protocol === 'https:';
  if (options === undefined || options === null || typeof options !== 'object') return { encrypted };
  if ('requestIP' in options && typeof options.requestIP === 'function') {
    const ip = options.requestIP(request);
    return {
      remoteAddress: ip?.address,
      remotePort: ip?.port,
      remoteFamily: ip?.family ?? familyOf(ip?.address),
      encrypted,
    };
  }
  if ('remoteAddr' in options && typeof options.remoteAddr === 'object' && options.remoteAddr !== null) {
    const { hostname, port } = options.remoteAddr;
    return { remoteAddress: hostname, remotePort: port, remoteFamily: familyOf(hostname), encrypted };
  }
  const given = options as FetchConnectionOptions;
  return {
    remoteAddress: given.remoteAddress,
    remotePort: given.remotePort,
    remoteFamily: given.remoteFamily ?? familyOf(given.remoteAddress),
    localAddress: given.localAddress,
    localPort: given.localPort,
    encrypted: given.encrypted ?? encrypted,
  };
}

/** The request target: the URL after its origin, as the Request spells it (a bare `?` kept). */
function targetOf(request: Request, url: URL): string {
  const href = request.url;
  const hash = href.indexOf('#');
  const target = href.slice(url.origin.length, hash === -1 ? undefined : hash);
  return target === '' ? '/' : target;
}

/**
 * Answers `request` with `app`. Rejects only where no Response can be made: a value that is not a
 * Request or has no http(s) URL (WEBAPP_FETCH_REQUEST_INVALID), a status a Response cannot carry
 * (WEBAPP_FETCH_STATUS_INVALID), the request's body stream failing or its signal aborting before the
 * head of the answer (with that error or reason), or the app dropping the connection unanswered.
 */
export function fetchApp(app: AppInternal, request: Request, options?: FetchOptions): Promise<Response> {
  if (!isRequest(request)) return Promise.reject(webappError('WEBAPP_FETCH_REQUEST_INVALID'));
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.reject(webappError('WEBAPP_FETCH_REQUEST_INVALID'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(webappError('WEBAPP_FETCH_REQUEST_INVALID'));
  }
  const signal = request.signal as AbortSignal | undefined;
  if (signal?.aborted) return Promise.reject(signal.reason);

  return new Promise<Response>((resolve, reject) => {
    const connection = createConnection(addressOf(request, url, options));
    let settled = false;
    let responseEnded = false;
    let responseDone = false;
    let bodyError: ((error: unknown) => void) | undefined;

    const close = (): void => {
      signal?.removeEventListener('abort', onAbort);
      connection.client.destroy();
    };
    const fail = (error: unknown): void => {
      if (!settled) {
        settled = true;
        reject(error);
      } else bodyError?.(error);
      close();
    };
    // The connection closes once the app's response has finished and its last byte was read.
    const closeWhenDone = (): void => {
      if (responseEnded && responseDone) close();
    };
    function onAbort(): void {
      fail(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });

    // Sound: the connection's server side, marked for the server's 'request' listener above.
    (connection.server as unknown as FetchSocket)[kResponseDone] = () => {
      responseDone = true;
      closeWhenDone();
    };
    serverFor(app).emit('connection', connection.server);

    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    headers.host ??= url.host;
    const body = request.body;
    if (
      body !== null &&
      headers['content-length'] === undefined &&
      headers['transfer-encoding'] === undefined
    ) {
      // A stream of unknown length goes chunked, whatever the method (node frames only some by default).
      headers['transfer-encoding'] = 'chunked';
    }

    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request({
        createConnection: () => connection.client as never,
        method: request.method,
        path: targetOf(request, url),
        headers,
        setHost: false,
      });
    } catch (error) {
      fail(error);
      return;
    }
    // The Request's own fields only: no Connection field of node's client.
    if (headers.connection === undefined) outgoing.removeHeader('connection');
    outgoing.on('error', (error) => fail(error));
    outgoing.on('response', (incoming) => {
      const status = incoming.statusCode ?? 0;
      if (status < 200 || status > 599) {
        fail(webappError('WEBAPP_FETCH_STATUS_INVALID', status));
        return;
      }
      const responseHeaders = new Headers();
      const raw = incoming.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) {
        if (!HOP_BY_HOP.has(raw[i].toLowerCase())) responseHeaders.append(raw[i], raw[i + 1]);
      }
      incoming.on('end', () => {
        responseEnded = true;
        closeWhenDone();
      });
      // The app dropped the connection mid-answer: the body errors, as a fetch over a socket's does.
      incoming.on('aborted', () => fail(webappError('WEBAPP_FETCH_RESPONSE_ABORTED')));
      incoming.on('error', (error) => fail(error));
      const init = { status, statusText: incoming.statusMessage, headers: responseHeaders };
      if (hasNoBody(request.method, status)) {
        incoming.resume();
        settled = true;
        resolve(new Response(null, init));
        return;
      }
      // Once the parser is through the bytes at hand: an answer already complete (most are, written
      // with its head) is handed over as bytes; one still coming streams as it is written.
      process.nextTick(() => {
        if (settled) return;
        settled = true;
        if (incoming.complete) {
          const chunks: Buffer[] = [];
          for (let chunk = incoming.read() as Buffer | null; chunk !== null; chunk = incoming.read())
            chunks.push(chunk);
          resolve(new Response(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), init));
          return;
        }
        resolve(
          new Response(
            streamOf(incoming, close, (onError) => (bodyError = onError)),
            init,
          ),
        );
      });
    });

    if (body === null) outgoing.end();
    else void writeBody(body, outgoing, fail);
  });
}

/** The rest of a response body as a web stream, pausing the parser while the reader is behind. */
function streamOf(
  incoming: http.IncomingMessage,
  close: () => void,
  setError: (onError: ((error: unknown) => void) | undefined) => void,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      setError((error) => controller.error(error));
      incoming.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
      });
      incoming.on('end', () => {
        setError(undefined);
        controller.close();
      });
    },
    pull() {
      incoming.resume();
    },
    cancel() {
      setError(undefined);
      close();
    },
  });
}

/** Writes a Request body into the ClientRequest, chunk by chunk, waiting on its backpressure. */
async function writeBody(
  body: ReadableStream<Uint8Array>,
  outgoing: http.ClientRequest,
  fail: (error: unknown) => void,
): Promise<void> {
  const reader = body.getReader();
  outgoing.once('close', () => {
    reader.cancel().catch(() => {});
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (outgoing.destroyed) return;
      if (!outgoing.write(value)) {
        await new Promise<void>((resume) => {
          const go = (): void => {
            outgoing.off('drain', go);
            outgoing.off('close', go);
            resume();
          };
          outgoing.on('drain', go);
          outgoing.on('close', go);
        });
      }
    }
    if (!outgoing.destroyed) outgoing.end();
  } catch (error) {
    // The body failed midway: the connection drops, as a client's would.
    if (!outgoing.destroyed) fail(error);
  }
}
