/**
 * Fetch API test driver: sends ./http RequestOptions to an app's `app.fetch` as web-standard
 * Requests and returns the Responses in ./http's TestResponse shape, so the same request tables run
 * over app.fetch. test/fetch/suite.test.ts turns `transport.fetch` on: every assertSameAsExpress then
 * answers the webapp app over app.fetch and compares it with express@4 over HTTP/1.1.
 */
import assert from 'node:assert/strict';
import type http from 'node:http';
import {
  type Comparable,
  comparable,
  type DifferentialOptions,
  HTTP1_ONLY,
  type RequestOptions,
  type TestResponse,
} from './http';

/** The origin Requests are made for: the client address and Host of the HTTP/1.1 side's requests. */
export const ORIGIN = 'http://127.0.0.1:8080';

type FetchApp = {
  fetch(request: Request, options?: { remoteAddress?: string; remotePort?: number }): Promise<Response>;
};

/** The Request for `one`: method, URL from the path (and Host), headers, body. */
export function toRequest(one: RequestOptions, init: RequestInit = {}): Request {
  const headers = new Headers();
  let host: string | undefined;
  for (const [name, value] of Object.entries(one.headers ?? {})) {
    if (name.toLowerCase() === 'host') host = String(value);
    for (const text of Array.isArray(value) ? value : [value]) headers.append(name, text);
  }
  const url = host === undefined ? ORIGIN + (one.path ?? '/') : `http://${host}${one.path ?? '/'}`;
  // Bytes, not a string: a string body would get a Content-Type of its own (text/plain;charset=UTF-8).
  const body = one.body === undefined ? undefined : new Uint8Array(Buffer.from(one.body));
  return new Request(url, { method: one.method ?? 'GET', headers, body, ...init });
}

/** A Response in ./http's shape: headers as node's client gives them (Set-Cookie a list). */
export async function fromResponse(response: Response): Promise<TestResponse> {
  const headers: http.IncomingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  const raw = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    statusMessage: response.statusText,
    headers,
    body: raw.toString('utf8'),
    raw,
  };
}

/** Sends `one` to `app.fetch` from 127.0.0.1, as the HTTP/1.1 driver's requests come. */
export async function fetchOne(app: FetchApp, one: RequestOptions): Promise<TestResponse> {
  return fromResponse(await app.fetch(toRequest(one), { remoteAddress: '127.0.0.1', remotePort: 50000 }));
}

/** Methods the Fetch standard forbids in a Request. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

const ORIGIN_FORM = /^\/[\w\-.~!$&'()*+,;=:@%/?]*$/;

/**
 * Whether a request of an HTTP/1.1 table means the same as a Request. Not: targets a URL parser
 * rewrites (dot segments, `%2e`, characters it escapes) or that are not in origin form; HTTP/1-only
 * request fields; a field given twice (Headers joins every one with a comma, node's server keeps
 * the first of some); values with edge spaces (Headers trims them); a body on GET or HEAD (a
 * Request cannot carry one); CONNECT, TRACE and TRACK, which no Request can have; and statuses outside 200–599, which a Response cannot carry.
 */
export function expressibleAsRequest(one: RequestOptions, expected: TestResponse): boolean {
  const path = one.path ?? '/';
  // `//x` is a scheme-relative URL to a URL parser, not a path.
  if (!ORIGIN_FORM.test(path) || path.startsWith('//')) return false;
  if (new URL(ORIGIN + path).href !== ORIGIN + path) return false;
  if (expected.status < 200 || expected.status > 599) return false;
  const method = (one.method ?? 'GET').toUpperCase();
  if (one.body !== undefined && (method === 'GET' || method === 'HEAD')) return false;
  if (FORBIDDEN_METHODS.has(method)) return false;
  for (const [name, value] of Object.entries(one.headers ?? {})) {
    if (HTTP1_ONLY.includes(name.toLowerCase())) return false;
    if (Array.isArray(value)) return false;
    if (value !== value.trim()) return false;
    if (name.toLowerCase() === 'host' && !/^[\w.-]+(:\d+)?$/.test(value)) return false;
  }
  return true;
}

export async function assertSameOverFetch(
  handler: unknown,
  requests: RequestOptions[],
  expected: TestResponse[],
  options: DifferentialOptions,
): Promise<void> {
  // Only whole apps: unit harnesses that graft prototypes onto plain handlers have no app.fetch.
  const app = handler as Partial<FetchApp> & { handle?: unknown };
  if (typeof app.handle !== 'function' || typeof app.fetch !== 'function') return;
  for (let i = 0; i < requests.length; i++) {
    if (!expressibleAsRequest(requests[i], expected[i])) continue;
    const actual = await fetchOne(app as FetchApp, requests[i]);
    const label = `${requests[i].method ?? 'GET'} ${requests[i].path ?? '/'} over app.fetch`;
    const want: Comparable = comparable(expected[i], options.normalizeBody);
    for (const name of HTTP1_ONLY) delete want.headers[name];
    assert.deepEqual(
      comparable(actual, options.normalizeBody),
      want,
      `webapp over app.fetch differs from express@4 over HTTP/1.1 for ${label}`,
    );
  }
}
