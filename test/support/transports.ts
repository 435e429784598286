/**
 * The app and the requests of the in-process transport tests (test/transports/): one app built with
 * express@4 and with webapp, served through the same transport (serverless-http, @vendia/serverless-
 * express, light-my-request), compared on status, headers and body bytes.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import zlib from 'node:zlib';
import { FIXTURES } from './static-fixtures';

/** Bytes 0–255 twice: every byte value, for byte-exact checks. */
export const BINARY = Buffer.from([...Array(512).keys()].map((n) => n % 256));

/** What a transport test sends: a method, a path with its query, headers, a body. */
export interface TransportRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

/** What a transport gave back, reduced to what is compared. */
export interface TransportResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** The same app on express@4 or webapp: every feature the transports must carry. */
export function buildApp(lib: any): any {
  const app = lib();
  app.disable('x-powered-by');
  app.get('/text', (_req: any, res: any) => res.send('hello'));
  app.get('/binary', (_req: any, res: any) => res.type('application/octet-stream').send(BINARY));
  app.post('/echo', lib.raw({ type: '*/*' }), (req: any, res: any) =>
    res.type('application/octet-stream').send(req.body),
  );
  app.post('/json', lib.json(), (req: any, res: any) =>
    res.json({ body: req.body, length: req.headers['content-length'] }),
  );
  app.post('/form', lib.urlencoded({ extended: false }), (req: any, res: any) => res.json(req.body));
  app.post('/small', lib.json({ limit: '10b' }), (req: any, res: any) => res.json(req.body));
  app.post('/charset', lib.json(), (req: any, res: any) => res.json(req.body));
  app.get('/cookies', (_req: any, res: any) => {
    res
      .cookie('a', '1')
      .cookie('b', '2', { httpOnly: true })
      .cookie('c', '3', { path: '/x' })
      .send('cookies');
  });
  app.get('/redirect', (_req: any, res: any) => res.redirect('/text'));
  app.get('/redirect-301', (_req: any, res: any) => res.redirect(301, 'http://example.com/elsewhere'));
  app.use('/static', lib.static(FIXTURES));
  app.get('/file', (_req: any, res: any) => res.sendFile(path.join(FIXTURES, 'hello.txt')));
  app.get('/download', (_req: any, res: any) => res.download(path.join(FIXTURES, 'data.json')));
  app.get('/missing-file', (_req: any, res: any, next: any) =>
    res.sendFile(path.join(FIXTURES, 'nope.txt'), (err: any) => next(err)),
  );
  app.get('/throw', () => {
    throw new Error('broken');
  });
  app.get('/query', (req: any, res: any) => res.json(req.query));
  app.get('/ip', (req: any, res: any) =>
    res.json({ ip: req.ip, protocol: req.protocol, hostname: req.hostname }),
  );
  app.get('/gzip', (_req: any, res: any) => {
    res.set({ 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' });
    res.send(zlib.gzipSync('compressed body'));
  });
  // Errors answered without a stack (its file names differ between the two frameworks).
  app.use((err: any, _req: any, res: any, _next: any) => {
    res.status(err.status ?? 500).json({ message: err.message, status: err.status, type: err.type });
  });
  return app;
}

/** The requests every transport sends. */
export const REQUESTS: TransportRequest[] = [
  { method: 'GET', path: '/text' },
  { method: 'HEAD', path: '/text' },
  { method: 'GET', path: '/binary' },
  { method: 'POST', path: '/echo', headers: { 'content-type': 'application/octet-stream' }, body: BINARY },
  {
    method: 'POST',
    path: '/json',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from('{"a":[1,"é"]}'),
  },
  {
    method: 'POST',
    path: '/form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: Buffer.from('a=1&b=two'),
  },
  {
    method: 'POST',
    path: '/small',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from('{"a":"0123456789"}'),
  },
  {
    method: 'POST',
    path: '/json',
    headers: { 'content-type': 'application/json', 'content-encoding': 'x-unknown' },
    body: Buffer.from('{}'),
  },
  {
    method: 'POST',
    path: '/charset',
    headers: { 'content-type': 'application/json; charset=x-nope' },
    body: Buffer.from('{}'),
  },
  { method: 'GET', path: '/cookies' },
  { method: 'GET', path: '/redirect' },
  { method: 'GET', path: '/redirect-301', headers: { accept: 'text/html' } },
  { method: 'GET', path: '/static/hello.txt' },
  { method: 'GET', path: '/static/data.json' },
  { method: 'GET', path: '/static/nested' },
  { method: 'GET', path: '/static/nope.txt' },
  { method: 'GET', path: '/static/hello.txt', headers: { range: 'bytes=0-3' } },
  { method: 'GET', path: '/file' },
  { method: 'GET', path: '/download' },
  { method: 'GET', path: '/missing-file' },
  { method: 'GET', path: '/throw' },
  { method: 'GET', path: '/query?a=1&b=x%20y' },
  { method: 'GET', path: '/ip' },
  { method: 'GET', path: '/gzip' },
  { method: 'GET', path: '/no-such-route' },
  { method: 'DELETE', path: '/text' },
];

/** Fields that differ between two runs, whatever the framework. */
const VOLATILE = new Set(['date', 'x-powered-by']);

/** Headers of a transport's answer, lower-cased, volatile ones out. */
export function normalHeaders(
  headers: Record<string, unknown> | undefined,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (VOLATILE.has(lower) || value === undefined) continue;
    out[lower] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

/** Sends every request of REQUESTS through `send` to both apps and compares the answers. */
export async function assertTransportSame(
  name: string,
  send: (app: any, request: TransportRequest) => Promise<TransportResponse>,
  requests: TransportRequest[] = REQUESTS,
): Promise<void> {
  const express = require('express');
  const webapp = require('../../src/index');
  const expressApp = buildApp(express);
  const webappApp = buildApp(webapp);
  const answers = new Map<string, TransportResponse>();
  for (const request of requests) {
    const expected = await send(expressApp, request);
    const actual = await send(webappApp, request);
    const label = `${request.method} ${request.path} through ${name}`;
    assert.equal(actual.status, expected.status, `status differs for ${label}`);
    assert.deepEqual(actual.headers, expected.headers, `headers differ for ${label}`);
    assert.equal(
      actual.body.toString('base64'),
      expected.body.toString('base64'),
      `body differs for ${label}`,
    );
    answers.set(`${request.method} ${request.path} ${JSON.stringify(request.headers ?? {})}`, actual);
  }
  // What the transport must carry at all (the same on both sides would also pass if it carried nothing).
  const get = (key: string) =>
    [...answers.entries()].find(([one]) => one === key || one.startsWith(`${key} `))?.[1] ??
    assert.fail(`no answer for ${key}`);
  assert.ok(get('GET /binary').body.equals(BINARY), `binary body through ${name}`);
  assert.ok(get('POST /echo').body.equals(BINARY), `binary request body through ${name}`);
  assert.equal(JSON.parse(get('POST /json').body.toString()).body.a[1], 'é', `JSON body through ${name}`);
  assert.equal(get('POST /small').status, 413, `413 through ${name}`);
  assert.equal(
    get('POST /json {"content-type":"application/json","content-encoding":"x-unknown"}').status,
    415,
    `415 (encoding) through ${name}`,
  );
  assert.equal(get('POST /charset').status, 415, `415 (charset) through ${name}`);
  assert.equal(get('GET /cookies').headers['set-cookie']?.length, 3, `Set-Cookie list through ${name}`);
  assert.equal(get('GET /redirect').headers.location, '/text', `redirect through ${name}`);
  assert.equal(get('GET /file').body.toString(), get('GET /static/hello.txt').body.toString());
  assert.match(get('GET /static/hello.txt').body.toString(), /hello/i, `static file through ${name}`);
  assert.equal(get('GET /throw').status, 500, `error through ${name}`);
}
