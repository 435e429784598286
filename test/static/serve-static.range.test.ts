import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { serveStatic } from '../../src/static/serve-static';
import { assertSameAsExpress, requestAll } from '../support/http';
import { FIXTURES, staticApp, staticOf, tempDir } from '../support/static-fixtures';

import webapp = require('../../src/index');

const FILE = fs.readFileSync(path.join(FIXTURES, '4k.txt'));
const stat = fs.statSync(path.join(FIXTURES, '4k.txt'));
const ETAG = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
const MODIFIED = stat.mtime.toUTCString();

const app = (options?: any) => staticApp(FIXTURES, options);

const RANGES = [
  'bytes=0-0',
  'bytes=0-99',
  'bytes=4000-',
  'bytes=-10',
  'bytes=4095-5000',
  'bytes=4096-',
  'bytes=5-1',
  'bytes=-0',
  'bytes=0-1,3-4',
  'bytes=0-1,2-4',
  'bytes=0-10,5-20',
  'bytes=abc',
  'bytes=',
  ' bytes=1-2',
  'items=0-1',
  'bytes 0-1',
];

test('Range requests match express.static', async () => {
  const requests = RANGES.flatMap((range) => [
    { path: '/4k.txt', headers: { range } },
    { path: '/4k.txt', method: 'HEAD', headers: { range } },
    { path: '/empty.txt', headers: { range } },
  ]);
  await assertSameAsExpress(app(), requests);
  await assertSameAsExpress(app({ acceptRanges: false }), requests);
});

test('a single range is 206 with Content-Range and just those bytes', async () => {
  const [first, suffix, open] = await requestAll(app()(webapp), [
    { path: '/4k.txt', headers: { range: 'bytes=0-99' } },
    { path: '/4k.txt', headers: { range: 'bytes=-10' } },
    { path: '/4k.txt', headers: { range: 'bytes=4000-' } },
  ]);
  assert.equal(first.status, 206);
  assert.equal(first.headers['content-range'], 'bytes 0-99/4096');
  assert.equal(first.headers['content-length'], '100');
  assert.deepEqual(first.raw, FILE.subarray(0, 100));
  assert.equal(suffix.headers['content-range'], 'bytes 4086-4095/4096');
  assert.deepEqual(suffix.raw, FILE.subarray(4086));
  assert.deepEqual(open.raw, FILE.subarray(4000));
});

test('an unsatisfiable range is a 416 error carrying Content-Range bytes */size', async () => {
  const [res] = await requestAll(app()(webapp), [{ path: '/4k.txt', headers: { range: 'bytes=4096-' } }]);
  assert.equal(res.headers['content-range'], 'bytes */4096');
  const err = JSON.parse(res.body);
  assert.equal(err.status, 416);
  assert.equal(err.message, 'Range Not Satisfiable');
  assert.deepEqual(err.headers, { 'Content-Range': 'bytes */4096' });
  const pages = (lib: any) => {
    const application = lib();
    application.set('env', 'production');
    application.use(staticOf(lib)(FIXTURES));
    return application;
  };
  await assertSameAsExpress(pages, [{ path: '/4k.txt', headers: { range: 'bytes=4096-' } }]);
});

test('several ranges get the whole file, as express sends', async () => {
  const [res] = await requestAll(app()(webapp), [{ path: '/4k.txt', headers: { range: 'bytes=0-1,3-4' } }]);
  assert.equal(res.status, 200);
  assert.equal(res.raw.length, 4096);
  assert.equal(res.headers['content-range'], undefined);
});

test('If-Range with a matching ETag or date allows the range, otherwise the whole file', async () => {
  const cases = [
    { 'if-range': ETAG },
    { 'if-range': '"stale"' },
    { 'if-range': MODIFIED },
    { 'if-range': new Date(stat.mtime.getTime() - 1000).toUTCString() },
    { 'if-range': 'garbage' },
  ];
  const requests = cases.map((headers) => ({ path: '/4k.txt', headers: { range: 'bytes=0-9', ...headers } }));
  await assertSameAsExpress(app(), requests);
  await assertSameAsExpress(app({ etag: false, lastModified: false }), requests);
  const statuses = (await requestAll(app()(webapp), requests)).map((r) => r.status);
  assert.deepEqual(statuses, [206, 200, 206, 200, 200]);
});

test('ranges of a large, streamed file', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const big = Buffer.alloc(300 * 1024);
  for (let i = 0; i < big.length; i++) big[i] = (i * 7) % 251;
  fs.writeFileSync(path.join(dir, 'big.bin'), big);
  const build = (lib: any) => {
    const application = lib();
    application.use(staticOf(lib)(dir));
    return application;
  };
  const requests = [
    { path: '/big.bin' },
    { path: '/big.bin', headers: { range: 'bytes=100000-200000' } },
    { path: '/big.bin', headers: { range: 'bytes=-70000' } },
  ];
  await assertSameAsExpress(build, requests);
  const application = webapp();
  application.use(serveStatic(dir));
  const [whole, middle, tail] = await requestAll(application, requests);
  assert.deepEqual(whole.raw, big);
  assert.deepEqual(middle.raw, big.subarray(100000, 200001));
  assert.deepEqual(tail.raw, big.subarray(big.length - 70000));
});
