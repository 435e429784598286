/**
 * HTTP/2 test driver: serves a handler over node:http2 (cleartext h2c or TLS with a certificate made
 * at test time), sends requests through node's http2 client and returns them in the same shape as
 * ./http's `send`, so the same request tables run over both transports.
 */
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { createSecureServer, createServer } from '../../src/middleware/http2';
import type { RequestOptions, TestResponse } from './http';

/** How the server is made: by webapp/http2 (app classes) or by node:http2 directly (per-request swap). */
export type ServerKind = 'webapp' | 'node';

export interface Http2ServerOptions {
  kind?: ServerKind;
  /** TLS with a self-signed certificate and `allowHTTP1: true`. */
  secure?: boolean;
  settings?: http2.Settings;
}

export interface Certificate {
  key: string;
  cert: string;
}

let certificate: Promise<Certificate> | undefined;

/** A self-signed certificate for localhost / 127.0.0.1 (EC P-256), made once per process. */
export function selfSignedCertificate(): Promise<Certificate> {
  certificate ??= (async () => {
    const { generate } = require('selfsigned') as typeof import('selfsigned');
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      days: 1,
      extensions: [
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
          ],
        },
      ],
    } as never);
    return { key: pems.private, cert: pems.cert };
  })();
  return certificate;
}

export type AnyHttp2Server = http2.Http2Server | http2.Http2SecureServer;

/** Makes (without listening) an HTTP/2 server for `handler`. */
export async function makeHttp2Server(
  handler: any,
  options: Http2ServerOptions = {},
): Promise<AnyHttp2Server> {
  const kind = options.kind ?? 'webapp';
  if (options.secure) {
    const tls = { ...(await selfSignedCertificate()), allowHTTP1: true, settings: options.settings };
    return kind === 'webapp' ? createSecureServer(tls, handler) : http2.createSecureServer(tls, handler);
  }
  const plain = { settings: options.settings };
  return kind === 'webapp' ? createServer(plain, handler) : http2.createServer(plain, handler);
}

export interface Http2Target {
  port: number;
  origin: string;
  server: AnyHttp2Server;
  /** A client session to the server (closed with the server). */
  session: http2.ClientHttp2Session;
  /** Opens another session (closed with the server). */
  connect(options?: http2.SecureClientSessionOptions): http2.ClientHttp2Session;
}

/** Serves `handler` over HTTP/2 on 127.0.0.1, runs `fn` with a connected session, then closes all. */
export async function withHttp2Server<T>(
  handler: any,
  fn: (target: Http2Target) => Promise<T>,
  options: Http2ServerOptions = {},
): Promise<T> {
  const server = await makeHttp2Server(handler, options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `${options.secure ? 'https' : 'http'}://127.0.0.1:${port}`;
  const sessions: http2.ClientHttp2Session[] = [];
  const connect = (extra: http2.SecureClientSessionOptions = {}) => {
    const session = http2.connect(origin, { rejectUnauthorized: false, ...extra });
    session.on('error', () => {});
    sessions.push(session);
    return session;
  };
  try {
    return await fn({ port, origin, server, session: connect(), connect });
  } finally {
    for (const session of sessions) session.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Headers that only HTTP/1.1 knows: never sent over HTTP/2 (RFC 9113 §8.2.2). */
export const CONNECTION_HEADERS = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
];

/** The HTTP/2 request headers for ./http RequestOptions: Host becomes `:authority`. */
export function http2Headers(options: RequestOptions): http2.OutgoingHttpHeaders {
  const headers: http2.OutgoingHttpHeaders = {
    ':method': options.method ?? 'GET',
    ':path': options.path ?? '/',
  };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'host') headers[':authority'] = value as string;
    else if (!CONNECTION_HEADERS.includes(lower)) headers[lower] = value;
  }
  return headers;
}

/** Sends one request on `session`; the response in ./http's shape (status text is empty over HTTP/2). */
export function send2(
  session: http2.ClientHttp2Session,
  options: RequestOptions = {},
): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const stream = session.request(http2Headers(options), { endStream: options.body === undefined });
    let headers: http2.IncomingHttpHeaders & http2.IncomingHttpStatusHeader = {};
    const chunks: Buffer[] = [];
    stream.on('response', (h) => {
      headers = h;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks);
      const { ':status': status, ...rest } = headers;
      resolve({
        status: status ?? 0,
        statusMessage: '',
        headers: rest as TestResponse['headers'],
        body: raw.toString('utf8'),
        raw,
      });
    });
    stream.on('error', reject);
    if (options.body !== undefined) stream.end(options.body);
  });
}

/** Serves `handler` over HTTP/2 and sends `list` in order on one session. */
export function requestAll2(
  handler: any,
  list: RequestOptions[],
  options: Http2ServerOptions = {},
): Promise<TestResponse[]> {
  return withHttp2Server(
    handler,
    async ({ session }) => {
      const out: TestResponse[] = [];
      for (const one of list) out.push(await send2(session, one));
      return out;
    },
    options,
  );
}

/** Serves `handler` over HTTP/2 and sends one request. */
export async function request2(
  handler: any,
  options: RequestOptions = {},
  server: Http2ServerOptions = {},
): Promise<TestResponse> {
  return (await requestAll2(handler, [options], server))[0];
}
