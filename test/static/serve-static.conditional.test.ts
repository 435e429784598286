import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { assertSameAsExpress, type RequestOptions, request, requestAll } from '../support/http';
import { FIXTURES, staticApp, staticOf } from '../support/static-fixtures';

import webapp = require('../../src/index');

const stat = fs.statSync(path.join(FIXTURES, '4k.txt'));
const ETAG = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
const MODIFIED = stat.mtime.toUTCString();
const BEFORE = new Date(stat.mtime.getTime() - 86_400_000).toUTCString();
const AFTER = new Date(stat.mtime.getTime() + 86_400_000).toUTCString();

const app = (options?: any) => staticApp(FIXTURES, options);

const CONDITIONALS: Array<Record<string, string>> = [
  { 'if-none-match': ETAG },
  { 'if-none-match': ETAG.slice(2) },
  { 'if-none-match': `"x", ${ETAG}` },
  { 'if-none-match': '"x"' },
  { 'if-none-match': '*' },
  { 'if-none-match': ETAG, 'cache-control': 'no-cache' },
  { 'if-modified-since': MODIFIED },
  { 'if-modified-since': AFTER },
  { 'if-modified-since': BEFORE },
  { 'if-modified-since': 'not a date' },
  { 'if-none-match': ETAG, 'if-modified-since': BEFORE },
  { 'if-match': ETAG },
  { 'if-match': '"x"' },
  { 'if-match': '*' },
  { 'if-match': `"x",${ETAG.slice(2)}` },
  { 'if-unmodified-since': MODIFIED },
  { 'if-unmodified-since': BEFORE },
  { 'if-unmodified-since': 'not a date' },
  { 'if-match': '"x"', 'if-none-match': ETAG },
];

test('conditional GET and HEAD match express.static', async () => {
  const requests = CONDITIONALS.flatMap((headers) => [
    { path: '/4k.txt', headers },
    { path: '/4k.txt', method: 'HEAD', headers },
  ]);
  await assertSameAsExpress(app(), requests);
  await assertSameAsExpress(app({ etag: false }), requests);
  await assertSameAsExpress(app({ lastModified: false }), requests);
});

test('If-None-Match / If-Modified-Since answer 304 without a body or content headers', async () => {
  const responses = await requestAll(app()(webapp), [
    { path: '/4k.txt', headers: { 'if-none-match': ETAG } },
    { path: '/4k.txt', headers: { 'if-modified-since': MODIFIED } },
    { path: '/4k.txt', headers: { 'if-modified-since': BEFORE } },
  ]);
  for (const res of responses.slice(0, 2)) {
    assert.equal(res.status, 304);
    assert.equal(res.body, '');
    assert.equal(res.headers['content-type'], undefined);
    assert.equal(res.headers['content-length'], undefined);
    assert.equal(res.headers.etag, ETAG);
    assert.equal(res.headers['last-modified'], MODIFIED);
  }
  assert.equal(responses[2].status, 200);
  assert.equal(responses[2].raw.length, 4096);
});

test('If-Match / If-Unmodified-Since failures are 412 errors', async () => {
  const responses = await requestAll(app()(webapp), [
    { path: '/4k.txt', headers: { 'if-match': '"x"' } },
    { path: '/4k.txt', headers: { 'if-unmodified-since': BEFORE } },
    { path: '/4k.txt', headers: { 'if-match': ETAG } },
  ]);
  assert.equal(JSON.parse(responses[0].body).status, 412);
  assert.equal(JSON.parse(responses[0].body).message, 'Precondition Failed');
  assert.equal(JSON.parse(responses[1].body).status, 412);
  assert.equal(responses[2].status, 200);
});

test('no 304 when the response status is not cacheable', async () => {
  const build = (lib: any) => {
    const application = lib();
    application.use((_req: any, res: any, next: any) => {
      res.status(404);
      next();
    });
    application.use(staticOf(lib)(FIXTURES));
    return application;
  };
  await assertSameAsExpress(build, [{ path: '/hello.txt', headers: { 'if-modified-since': AFTER } }]);
  const res = await request(build(webapp), { path: '/hello.txt', headers: { 'if-modified-since': AFTER } });
  assert.equal(res.status, 404);
  assert.equal(res.body, 'hello world\n');
});

test('validators set by setHeaders are the ones compared', async () => {
  const options = {
    setHeaders(res: any) {
      res.setHeader('ETag', '"custom"');
      res.setHeader('Last-Modified', 'Mon, 01 Jan 2001 00:00:00 GMT');
    },
  };
  const requests: RequestOptions[] = [
    { path: '/hello.txt', headers: { 'if-none-match': '"custom"' } },
    { path: '/hello.txt', headers: { 'if-none-match': ETAG } },
    { path: '/hello.txt', headers: { 'if-modified-since': 'Tue, 02 Jan 2001 00:00:00 GMT' } },
    { path: '/hello.txt', headers: { 'if-match': '"custom"' } },
  ];
  await assertSameAsExpress(app(options), requests);
  const [custom, real] = await requestAll(app(options)(webapp), requests);
  assert.equal(custom.status, 304);
  assert.equal(real.status, 200);
});
