/**
 * Shared helpers of the body-parser tests: a plain node:http chain that runs parsers and answers
 * with JSON describing `req.body` and the error, the same answer built as an express@4 / webapp app
 * for differential runs, and raw-socket senders for aborts and slow clients.
 */
import http from 'node:http';
import net from 'node:net';
import type { Handler } from '../support/http';

export type Middleware = (req: any, res: any, next: (err?: any) => void) => void;

/** A JSON-safe description of `req.body` (or an error's `body`) that keeps Buffers and prototypes. */
export function describeBody(body: unknown): unknown {
  if (body === undefined) return { undefined: true };
  if (Buffer.isBuffer(body)) return { buffer: body.toString('hex') };
  if (typeof body === 'object' && body !== null) {
    const proto = Object.getPrototypeOf(body);
    const kind =
      proto === null
        ? 'null'
        : proto === Object.prototype
          ? 'object'
          : proto === Array.prototype
            ? 'array'
            : 'other';
    return { proto: kind, value: body };
  }
  return { value: body };
}

const ERROR_FIELDS = [
  'name',
  'message',
  'status',
  'statusCode',
  'expose',
  'type',
  'limit',
  'length',
  'expected',
  'received',
  'charset',
  'encoding',
  'code',
] as const;

/** The fields of a body-parser error that clients and error handlers see. */
export function describeError(err: any): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ERROR_FIELDS)
    if (key in err) out[key] = err[key] === undefined ? '<undefined>' : err[key];
  if ('body' in err) out.body = describeBody(err.body);
  return out;
}

function answer(req: any, res: any, err?: any): void {
  const payload = {
    body: describeBody(req.body),
    parsed: req._body === true,
    error: err ? describeError(err) : null,
  };
  res.statusCode = err ? (typeof err.status === 'number' ? err.status : 500) : 200;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(payload));
}

/** A node:http handler running `middlewares` like a router would, then answering with JSON. */
export function chain(...middlewares: Middleware[]): Handler {
  return (req, res) => {
    let index = 0;
    const next = (err?: unknown): void => {
      if (err) {
        answer(req, res, err);
        return;
      }
      const middleware = middlewares[index++];
      if (!middleware) {
        answer(req, res);
        return;
      }
      try {
        middleware(req, res, next);
      } catch (thrown) {
        answer(req, res, thrown);
      }
    };
    next();
  };
}

/** The parser factories of `lib` (express or webapp), or ours while webapp does not expose them yet. */
export function parsersOf(lib: any): { json: any; raw: any; text: any; urlencoded: any } {
  if (typeof lib.json === 'function') return lib;
  return require('../../src/body/index');
}

/**
 * An app on `lib` (express@4 or webapp) that runs the parsers made by `make` and answers with the
 * same JSON as `chain` (a `[path, middleware]` entry is mounted on a path); errors go through an error handler that answers with their fields.
 */
export function parserApp(
  make: (parsers: ReturnType<typeof parsersOf>) => Array<Middleware | [string, Middleware]>,
) {
  return (lib: any): Handler => {
    const app = lib();
    for (const entry of make(parsersOf(lib))) {
      if (Array.isArray(entry)) app.use(entry[0], entry[1]);
      else app.use(entry);
    }
    app.use((req: any, res: any) => answer(req, res));
    app.use((err: any, req: any, res: any, _next: any) => answer(req, res, err));
    return app;
  };
}

/** Options for `post`: body, extra headers, and whether to send it chunked (no Content-Length). */
export interface PostOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  chunked?: boolean;
}

/** Request options with a body and its Content-Length (unless chunked), for `send`/`requestAll`. */
export function post(type: string | undefined, body: string | Buffer, options: PostOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (type !== undefined) headers['content-type'] = type;
  if (options.chunked) headers['transfer-encoding'] = 'chunked';
  else headers['content-length'] = String(Buffer.byteLength(body));
  return { method: options.method ?? 'POST', path: options.path ?? '/', headers, body };
}

/** What a `chain`/`parserApp` handler answered. */
export interface Answer {
  status: number;
  body: any;
  parsed: boolean;
  error: any;
}

/** Parses the JSON answer of `chain`. */
export function answerOf(res: { status: number; body: string }): Answer {
  const payload = JSON.parse(res.body);
  return { status: res.status, ...payload };
}

/**
 * Writes `head` and `partial` on a raw socket and resolves with the response text as soon as a whole
 * response (headers plus Content-Length bytes) has arrived, or when the server closes the socket.
 * With `destroyAfterMs` the client instead tears the connection down after that delay (an abort).
 */
export function rawRequest(
  port: number,
  head: string,
  partial: Buffer | string = '',
  destroyAfterMs?: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let settled = false;
    const settle = (): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(text);
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
      if (length && text.length - end - 4 >= Number(length[1])) settle();
    });
    socket.on('error', (err) => (settled ? undefined : reject(err)));
    socket.on('close', settle);
    socket.on('connect', () => {
      socket.write(head);
      if (partial.length > 0) socket.write(partial);
      if (destroyAfterMs !== undefined) setTimeout(settle, destroyAfterMs);
    });
    socket.setTimeout(5000, () => socket.destroy(new Error('raw request timed out')));
  });
}

/** Status code and JSON body of a raw response text. */
export function parseRaw(text: string): { status: number; json: any } {
  const end = text.indexOf('\r\n\r\n');
  return { status: Number(text.slice(9, 12)), json: JSON.parse(text.slice(end + 4)) };
}

/** A server for `handler` on an ephemeral loopback port. */
export async function listen(
  handler: Handler,
): Promise<{ server: http.Server; port: number; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
