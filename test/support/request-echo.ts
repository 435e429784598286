/**
 * Differential-test builders for request members: an app (express@4 or webapp) whose every request
 * is answered with the JSON of a value computed from `req`, using only res.setHeader/res.end.
 */
import type { Handler, RequestOptions } from './http';

export type Settings = Record<string, unknown>;

/** Serialises a member's answer so that undefined, errors and the `type` of range arrays survive. */
export function describeValue(value: unknown): unknown {
  if (value === undefined) return { undefined: true };
  if (Array.isArray(value) && 'type' in value) return { type: (value as any).type, items: [...value] };
  return { value };
}

/**
 * Builds `lib()` with `settings`, answering every request with JSON of `compute(req, res)`. A thrown
 * error is answered with its name and message, so error behaviour is compared too.
 */
export function echoApp(compute: (req: any, res: any) => unknown, settings: Settings = {}) {
  return (lib: any): Handler => {
    const app = lib();
    for (const name of Object.keys(settings)) app.set(name, settings[name]);
    app.all('*', (req: any, res: any) => {
      let body: unknown;
      try {
        body = describeValue(compute(req, res));
      } catch (err) {
        body = { error: (err as Error).name, message: (err as Error).message };
      }
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(body));
    });
    return app;
  };
}

export interface FakeRequestOptions {
  headers?: Record<string, string>;
  method?: string;
  url?: string;
  remoteAddress?: string;
  encrypted?: boolean;
  settings?: Settings;
  res?: unknown;
}

/**
 * A request object on the webapp request prototype without a socket or server, for getters whose
 * inputs a real client cannot produce (TLS sockets, a missing Host header, a destroyed socket).
 */
export function fakeRequest(options: FakeRequestOptions = {}): any {
  const { request } = require('../../src/request/index');
  const req = Object.create(request);
  const settings: Settings = { 'trust proxy fn': () => false, 'subdomain offset': 2, ...options.settings };
  Object.defineProperty(req, 'headers', { value: options.headers ?? {}, writable: true });
  req.method = options.method ?? 'GET';
  req.url = options.url ?? '/';
  req.socket = { remoteAddress: options.remoteAddress ?? '127.0.0.1', encrypted: options.encrypted };
  req.app = { get: (name: string) => settings[name] };
  req.res = options.res;
  return req;
}

/** One request per value of header `name`; undefined means the header is absent. */
export function eachHeader(name: string, values: ReadonlyArray<string | undefined>): RequestOptions[] {
  return values.map((value) => ({ headers: value === undefined ? {} : { [name]: value } }));
}

/** X-Forwarded-For values shared by the req.ip and req.ips tables (undefined: header absent). */
export const FORWARDED_FOR = [
  undefined,
  '',
  '203.0.113.9',
  '203.0.113.9, 10.0.0.1',
  '203.0.113.9,10.0.0.1 , 10.0.0.2',
  'garbage, 10.0.0.1',
  ' , ,',
  '::ffff:10.0.0.1',
  '2001:db8::1, fe80::1',
  '198.51.100.1, 127.0.0.1',
];

/** `trust proxy` values shared by the req.ip and req.ips tables. */
export const TRUSTS: unknown[] = [
  false,
  true,
  0,
  1,
  2,
  'loopback',
  '127.0.0.1',
  '10.0.0.0/8',
  'loopback, 10.0.0.1',
  ['loopback', '10.0.0.0/8'],
  'uniquelocal',
  '::ffff:127.0.0.1',
  (addr: string) => addr !== '10.0.0.2',
];

const FRESH_DATE = 'Sat, 01 Jan 2000 00:00:00 GMT';
const FRESH_EARLIER = 'Fri, 31 Dec 1999 00:00:00 GMT';

/**
 * The response validators and status come from X-Set-* request headers; the answer travels in a
 * response header so HEAD requests are compared too.
 */
export function freshApp(member: 'fresh' | 'stale') {
  return (lib: any) => {
    const app = lib();
    app.all('*', (req: any, res: any) => {
      if (req.headers['x-set-etag']) res.setHeader('ETag', req.headers['x-set-etag']);
      if (req.headers['x-set-last-modified'])
        res.setHeader('Last-Modified', req.headers['x-set-last-modified']);
      res.statusCode = Number(req.headers['x-set-status'] ?? 200);
      const answer = String(req[member]);
      res.statusCode = 200;
      res.setHeader('X-Answer', answer);
      res.end(answer);
    });
    return app;
  };
}

export function freshRequests(): RequestOptions[] {
  const conditions: Array<Record<string, string>> = [
    {},
    { 'if-none-match': '"a"' },
    { 'if-none-match': 'W/"a"' },
    { 'if-none-match': '"b", "a"' },
    { 'if-none-match': '"b"' },
    { 'if-none-match': '*' },
    { 'if-modified-since': FRESH_DATE },
    { 'if-modified-since': FRESH_EARLIER },
    { 'if-none-match': '"a"', 'if-modified-since': FRESH_EARLIER },
    { 'if-none-match': '"a"', 'cache-control': 'no-cache' },
    { 'if-none-match': '"a"', 'cache-control': 'max-age=0, no-cache' },
    { 'if-none-match': '"a"', 'cache-control': 'no-cache=set-cookie' },
  ];
  const validators: Array<Record<string, string>> = [
    {},
    { 'x-set-etag': '"a"' },
    { 'x-set-etag': 'W/"a"' },
    { 'x-set-last-modified': FRESH_DATE },
    { 'x-set-etag': '"a"', 'x-set-last-modified': FRESH_DATE },
  ];
  const list: RequestOptions[] = [];
  for (const condition of conditions) {
    for (const validator of validators) list.push({ headers: { ...condition, ...validator } });
  }
  for (const method of ['HEAD', 'POST', 'PUT', 'DELETE']) {
    list.push({ method, headers: { 'if-none-match': '"a"', 'x-set-etag': '"a"' } });
  }
  for (const status of ['200', '201', '204', '299', '300', '301', '304', '404', '500']) {
    list.push({ headers: { 'if-none-match': '"a"', 'x-set-etag': '"a"', 'x-set-status': status } });
  }
  return list;
}
