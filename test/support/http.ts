/**
 * Test driver: starts a handler on an ephemeral loopback port, sends raw requests with node:http,
 * and returns status, headers and body. Also runs differential checks against express@4.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface RequestOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

export interface TestResponse {
  status: number;
  statusMessage: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  raw: Buffer;
}

/** Starts `handlerOrServer` on 127.0.0.1 with an OS-assigned port, runs `fn`, then closes the server. */
export async function withServer<T>(
  handlerOrServer: Handler | http.Server,
  fn: (port: number, server: http.Server) => Promise<T>,
): Promise<T> {
  const server =
    handlerOrServer instanceof http.Server ? handlerOrServer : http.createServer(handlerOrServer as Handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await fn((server.address() as AddressInfo).port, server);
  } finally {
    server.closeAllConnections?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Sends one request to 127.0.0.1:`port`. */
export function send(port: number, options: RequestOptions = {}): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            statusMessage: res.statusMessage ?? '',
            headers: res.headers,
            body: raw.toString('utf8'),
            raw,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** Starts `handler`, sends one request, closes. */
export function request(handler: Handler | http.Server, options: RequestOptions = {}): Promise<TestResponse> {
  return withServer(handler, (port) => send(port, options));
}

/** Sends several requests in order to one server. */
export function requestAll(handler: Handler | http.Server, list: RequestOptions[]): Promise<TestResponse[]> {
  return withServer(handler, async (port) => {
    const out: TestResponse[] = [];
    for (const options of list) out.push(await send(port, options));
    return out;
  });
}

/** Headers that legitimately differ between two servers or two runs. */
const VOLATILE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'x-powered-by']);

export interface Comparable {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Reduces a response to what a differential test compares. */
export function comparable(res: TestResponse, normalizeBody?: (body: string) => string): Comparable {
  const headers: Record<string, unknown> = {};
  for (const name of Object.keys(res.headers).sort()) {
    if (!VOLATILE_HEADERS.has(name)) headers[name] = res.headers[name];
  }
  if ('x-powered-by' in res.headers) headers['x-powered-by'] = '<present>';
  return { status: res.status, headers, body: normalizeBody ? normalizeBody(res.body) : res.body };
}

export interface DifferentialOptions {
  /** Rewrites bodies before comparison (e.g. to drop stack traces that name different files). */
  normalizeBody?: (body: string) => string;
}

/**
 * Runs the same app, built once with express@4 and once with webapp, against the same requests
 * and asserts that status, headers (minus volatile ones) and body are identical.
 */
export async function assertSameAsExpress(
  build: (lib: any) => Handler,
  requests: RequestOptions[],
  options: DifferentialOptions = {},
): Promise<void> {
  const express = require('express');
  const webapp = require('../../src/index');
  const expected = await requestAll(build(express), requests);
  if (transport.http2) {
    await assertSameOverHttp2(build(webapp), requests, expected, options);
    return;
  }
  if (transport.fetch) {
    const { assertSameOverFetch } = require('./fetch') as typeof import('./fetch');
    await assertSameOverFetch(build(webapp), requests, expected, options);
    return;
  }
  const actual = await requestAll(build(webapp), requests);
  for (let i = 0; i < requests.length; i++) {
    const label = `${requests[i].method ?? 'GET'} ${requests[i].path ?? '/'}`;
    assert.deepEqual(
      comparable(actual[i], options.normalizeBody),
      comparable(expected[i], options.normalizeBody),
      `webapp differs from express@4 for ${label}`,
    );
  }
}

/**
 * The transport of the differential checks. test/http2/suite.test.ts turns `http2` on and loads
 * app-level test files: every assertSameAsExpress then serves the webapp app over HTTP/2 (h2c,
 * alternately through webapp/http2 and node's own http2.createServer) and compares it with
 * express@4 over HTTP/1.1.
 */
export const transport = { http2: false, fetch: false, servers: 0 };

/** Headers that exist only in HTTP/1.1 (RFC 9113 §8.2.2). */
export const HTTP1_ONLY = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

async function assertSameOverHttp2(
  handler: Handler,
  requests: RequestOptions[],
  expected: TestResponse[],
  options: DifferentialOptions,
): Promise<void> {
  // Only whole apps: unit harnesses that graft the HTTP/1 response prototype stay HTTP/1.
  const app = handler as unknown as { handle?: unknown; request?: unknown };
  if (typeof app.handle !== 'function' || !app.request) return;
  const { requestAll2 } = require('./http2') as typeof import('./http2');
  const kind = transport.servers++ % 2 === 0 ? 'webapp' : 'node';
  const indexes = requests.flatMap((one, i) => (expressibleOverHttp2(one, expected[i]) ? [i] : []));
  const sent = await requestAll2(
    handler,
    indexes.map((i) => requests[i]),
    { kind },
  );
  const actual: TestResponse[] = [];
  indexes.forEach((i, n) => {
    actual[i] = sent[n];
  });
  for (const i of indexes) {
    const label = `${requests[i].method ?? 'GET'} ${requests[i].path ?? '/'} over HTTP/2 (${kind} server)`;
    for (const name of HTTP1_ONLY) {
      assert.equal(actual[i].headers[name], undefined, `HTTP/2 response carries ${name} for ${label}`);
    }
    const want = comparable(expected[i], options.normalizeBody);
    for (const name of HTTP1_ONLY) delete want.headers[name];
    // node's HTTP/1.1 adds Content-Length to a one-shot res.end(body) by itself; its HTTP/2 does not
    // (the stream's end says it). webapp's own senders set it on both: test/http2/members.test.ts.
    if (actual[i].headers['content-length'] === undefined) delete want.headers['content-length'];
    assert.deepEqual(
      comparable(actual[i], options.normalizeBody),
      want,
      `webapp over HTTP/2 differs from express@4 over HTTP/1.1 for ${label}`,
    );
  }
}

/** The characters of an origin-form target that every HTTP/2 implementation accepts in `:path`. */
const HTTP2_PATH = /^\/[\w\-.~!$&'()*+,;=:@%/?]*$/;

/**
 * Whether a request of an HTTP/1.1 table means the same over HTTP/2. Not: targets other than the
 * origin form (absolute or asterisk form) and raw characters `:path` rejects; HTTP/1-only request
 * fields; values with edge spaces (HTTP/1.1 trims them, HTTP/2 calls the request malformed); and
 * answers with a status above 599, which HTTP/2 cannot carry (node throws a RangeError instead).
 */
function expressibleOverHttp2(one: RequestOptions, expected: TestResponse): boolean {
  if (!HTTP2_PATH.test(one.path ?? '/')) return false;
  if (expected.status > 599) return false;
  for (const [name, value] of Object.entries(one.headers ?? {})) {
    if (HTTP1_ONLY.includes(name.toLowerCase())) return false;
    for (const text of Array.isArray(value) ? value : [value]) {
      if (text !== text.trim()) return false;
    }
  }
  return true;
}
