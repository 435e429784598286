import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { mime } from '../../src/http/mime';
import { serveStatic } from '../../src/static/serve-static';
import { assertSameAsExpress, request, requestAll } from '../support/http';
import { echoError, FIXTURES, markNext, staticOf, tempDir } from '../support/static-fixtures';

import webapp = require('../../src/index');

const express = require('express');

/** An app serving the fixtures with `options`, then marking next() and echoing errors. */
function staticApp(options?: any, mount?: string) {
  return (lib: any) => {
    const app = lib();
    const middleware = staticOf(lib)(FIXTURES, options);
    if (mount) app.use(mount, middleware);
    else app.use(middleware);
    app.use(markNext);
    app.use(echoError);
    return app;
  };
}

const FILES = [
  '/hello.txt',
  '/4k.txt',
  '/index.html',
  '/about.html',
  '/style.css',
  '/app.js',
  '/data.json',
  '/README',
  '/x.unknownext',
  '/empty.txt',
  '/with%20space.txt',
  '/unicod%C3%A9%20%E2%98%83.txt',
  '/percent%2520name.txt',
  '/dir.with.dot/file.txt',
  '/nested/page.html',
  '/nested/deep/',
  '/HELLO.TXT',
];

test('webapp.static is the static middleware and exposes the MIME table', () => {
  assert.equal((webapp as any).static, serveStatic);
  assert.equal((webapp as any).static.mime, mime);
  assert.equal(serveStatic.mime.lookup('html'), 'text/html');
  assert.equal(serveStatic.mime.lookup('/a/b.css'), 'text/css');
});

test('serves files with the same status, headers and body as express.static', async () => {
  await assertSameAsExpress(staticApp(), [
    ...FILES.map((p) => ({ path: p })),
    ...FILES.map((p) => ({ path: p, method: 'HEAD' })),
  ]);
});

test('file response headers', async () => {
  const stat = fs.statSync(path.join(FIXTURES, 'hello.txt'));
  const res = await request(staticApp()(webapp), { path: '/hello.txt' });
  assert.equal(res.status, 200);
  assert.equal(res.body, 'hello world\n');
  assert.equal(res.headers['content-type'], 'text/plain; charset=UTF-8');
  assert.equal(res.headers['content-length'], '12');
  assert.equal(res.headers['accept-ranges'], 'bytes');
  assert.equal(res.headers['cache-control'], 'public, max-age=0');
  assert.equal(res.headers['last-modified'], stat.mtime.toUTCString());
  assert.equal(res.headers.etag, `W/"c-${stat.mtime.getTime().toString(16)}"`);
  const png = await request(staticApp()(webapp), { path: '/x.unknownext' });
  assert.equal(png.headers['content-type'], 'application/octet-stream');
});

test('HEAD sends the headers without a body', async () => {
  const [get, head] = await requestAll(staticApp()(webapp), [
    { path: '/4k.txt' },
    { path: '/4k.txt', method: 'HEAD' },
  ]);
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
  assert.equal(head.headers['content-length'], '4096');
  assert.equal(get.raw.length, 4096);
});

test('index files, trailing-slash redirects and the mount point', async () => {
  await assertSameAsExpress(staticApp(), [
    { path: '/' },
    { path: '/nested' },
    { path: '/nested/' },
    { path: '/nested?x=1&y=<2>' },
    { path: '/nested?' },
    { path: '/nested/deep' },
    { path: '/noindex' },
    { path: '/noindex/' },
    { path: '//nested' },
    { path: '///nested' },
    { path: '/nested', method: 'HEAD' },
    { path: '/hello.txt/' },
  ]);
  await assertSameAsExpress(staticApp(undefined, '/static'), [
    { path: '/static' },
    { path: '/static?q=1' },
    { path: '/static/' },
    { path: '/static/nested' },
    { path: '/static/hello.txt' },
    { path: '/other' },
  ]);
});

test('redirect page and headers', async () => {
  const res = await request(staticApp()(webapp), { path: '/nested?a=<b>' });
  assert.equal(res.status, 301);
  assert.equal(res.headers.location, '/nested/?a=%3Cb%3E');
  assert.equal(res.headers['content-type'], 'text/html; charset=UTF-8');
  assert.equal(res.headers['content-security-policy'], "default-src 'none'");
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
  assert.equal(
    res.body,
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Redirecting</title>\n</head>\n' +
      '<body>\n<pre>Redirecting to /nested/?a=%3Cb%3E</pre>\n</body>\n</html>\n',
  );
});

test('option redirect: false turns directories into misses', async () => {
  await assertSameAsExpress(staticApp({ redirect: false }), [{ path: '/nested' }, { path: '/nested/' }]);
  await assertSameAsExpress(staticApp({ redirect: false, fallthrough: false }), [{ path: '/nested' }]);
  const res = await request(staticApp({ redirect: false })(webapp), { path: '/nested' });
  assert.equal(res.body, 'next() called');
});

test('option index: string, array, false', async () => {
  const requests = [{ path: '/' }, { path: '/nested/' }, { path: '/nested' }];
  await assertSameAsExpress(staticApp({ index: 'page.html' }), requests);
  await assertSameAsExpress(staticApp({ index: ['missing.html', 'page.html'] }), requests);
  await assertSameAsExpress(staticApp({ index: false }), requests);
  await assertSameAsExpress(staticApp({ index: ['deep'] }), requests);
  await assertSameAsExpress(staticApp({ index: ['deep'], fallthrough: false }), [{ path: '/nested/' }]);
  const res = await request(staticApp({ index: ['missing.html', 'page.html'] })(webapp), {
    path: '/nested/',
  });
  assert.equal(res.body, '<p>page</p>\n');
});

test('option extensions', async () => {
  const requests = [
    { path: '/about' },
    { path: '/hello' },
    { path: '/nested/page' },
    { path: '/missing' },
    { path: '/nested' },
  ];
  await assertSameAsExpress(staticApp({ extensions: 'html' }), requests);
  await assertSameAsExpress(staticApp({ extensions: ['txt', 'html'] }), requests);
  await assertSameAsExpress(staticApp({ extensions: ['nested', 'html'], fallthrough: false }), requests);
  await assertSameAsExpress(staticApp({ extensions: false }), requests);
  const res = await request(staticApp({ extensions: ['txt', 'html'] })(webapp), { path: '/about' });
  assert.equal(res.body, 'about text\n');
});

test('options etag, lastModified, acceptRanges, cacheControl', async () => {
  const requests = [{ path: '/hello.txt' }, { path: '/4k.txt', headers: { range: 'bytes=0-9' } }];
  await assertSameAsExpress(staticApp({ etag: false }), requests);
  await assertSameAsExpress(staticApp({ lastModified: false }), requests);
  await assertSameAsExpress(staticApp({ acceptRanges: false }), requests);
  await assertSameAsExpress(staticApp({ cacheControl: false, maxAge: 5000 }), requests);
  const res = await request(staticApp({ etag: false, lastModified: false, cacheControl: false })(webapp), {
    path: '/hello.txt',
  });
  assert.equal(res.headers.etag, undefined);
  assert.equal(res.headers['last-modified'], undefined);
  assert.equal(res.headers['cache-control'], undefined);
});

test('options maxAge and immutable', async () => {
  const cases: Array<[unknown, string]> = [
    [5000, 'public, max-age=5'],
    [1999, 'public, max-age=1'],
    ['1d', 'public, max-age=86400'],
    ['2 hours', 'public, max-age=7200'],
    ['10000', 'public, max-age=10'],
    ['soon', 'public, max-age=0'],
    [-1000, 'public, max-age=0'],
    [Number.POSITIVE_INFINITY, 'public, max-age=31536000'],
    ['10y', 'public, max-age=31536000'],
  ];
  for (const [maxAge, expected] of cases) {
    await assertSameAsExpress(staticApp({ maxAge }), [{ path: '/hello.txt' }]);
    const res = await request(staticApp({ maxAge })(webapp), { path: '/hello.txt' });
    assert.equal(res.headers['cache-control'], expected, String(maxAge));
  }
  await assertSameAsExpress(staticApp({ maxage: 3000 }), [{ path: '/hello.txt' }]);
  await assertSameAsExpress(staticApp({ maxAge: '1y', immutable: true }), [{ path: '/hello.txt' }]);
  const res = await request(staticApp({ maxAge: '1d', immutable: true })(webapp), { path: '/hello.txt' });
  assert.equal(res.headers['cache-control'], 'public, max-age=86400, immutable');
});

test('option setHeaders gets (res, path, stat) first and may override defaults', async () => {
  const calls: Array<[string, boolean]> = [];
  const setHeaders = (res: any, file: string, stat: fs.Stats) => {
    calls.push([file, stat.isFile()]);
    res.setHeader('X-Served', path.basename(file));
    res.setHeader('Cache-Control', 'no-store');
  };
  await assertSameAsExpress(staticApp({ setHeaders }), [
    { path: '/hello.txt' },
    { path: '/nested/' },
    { path: '/missing' },
  ]);
  calls.length = 0;
  const res = await request(staticApp({ setHeaders })(webapp), { path: '/nested/' });
  assert.deepEqual(calls, [[path.join(FIXTURES, 'nested', 'index.html'), true]]);
  assert.equal(res.headers['x-served'], 'index.html');
  assert.equal(res.headers['cache-control'], 'no-store');
});

test('a throwing setHeaders becomes next(err) instead of crashing the process', async () => {
  const setHeaders = () => {
    throw new Error('boom');
  };
  const res = await request(staticApp({ setHeaders })(webapp), { path: '/hello.txt' });
  assert.equal(res.status, 299);
  assert.equal(JSON.parse(res.body).message, 'boom');
  assert.equal(JSON.parse(res.body).status, 500);
});

test('fallthrough true: misses and client errors call next(), other methods pass', async () => {
  const requests = [
    { path: '/missing' },
    { path: '/missing.txt' },
    { path: '/%' },
    { path: '/a%00b' },
    { path: '/%2e%2e/package.json' },
    { path: '/hello.txt', method: 'POST' },
    { path: '/hello.txt', method: 'PUT' },
    { path: '/hello.txt', method: 'OPTIONS' },
  ];
  await assertSameAsExpress(staticApp(), requests);
  for (const res of await requestAll(staticApp()(webapp), requests)) assert.equal(res.body, 'next() called');
});

test('fallthrough false: misses and client errors go to next(err); other methods get 405', async () => {
  const requests = [
    { path: '/missing' },
    { path: '/missing.txt' },
    { path: '/%' },
    { path: '/a%00b' },
    { path: '/%2e%2e/package.json' },
    { path: '/nested/deep/missing/' },
    { path: '/hello.txt', method: 'POST' },
    { path: '/hello.txt', method: 'DELETE' },
  ];
  await assertSameAsExpress(staticApp({ fallthrough: false }), requests);
  const [missing, , badEscape, nul, up, , post] = await requestAll(
    staticApp({ fallthrough: false })(webapp),
    requests,
  );
  const missingError = JSON.parse(missing.body);
  assert.equal(missingError.status, 404);
  assert.equal(missingError.code, 'ENOENT');
  assert.equal(missingError.expose, false);
  assert.equal(JSON.parse(badEscape.body).status, 400);
  assert.equal(JSON.parse(nul.body).status, 400);
  assert.equal(JSON.parse(up.body).status, 403);
  assert.equal(post.status, 405);
  assert.equal(post.headers.allow, 'GET, HEAD');
  assert.equal(post.headers['content-length'], '0');
});

test('errors after a file is found are forwarded even with fallthrough', async () => {
  await assertSameAsExpress(staticApp(), [
    { path: '/hello.txt', headers: { 'if-match': '"nope"' } },
    { path: '/hello.txt', headers: { range: 'bytes=100-' } },
  ]);
  const res = await request(staticApp()(webapp), { path: '/hello.txt', headers: { 'if-match': '"nope"' } });
  assert.equal(JSON.parse(res.body).status, 412);
});

test('default error pages match express (production env)', async () => {
  const build = (lib: any) => {
    const app = lib();
    app.set('env', 'production');
    app.use(staticOf(lib)(FIXTURES, { fallthrough: false }));
    return app;
  };
  await assertSameAsExpress(build, [
    { path: '/missing' },
    { path: '/%' },
    { path: '/.secret' },
    { path: '/hello.txt', headers: { range: 'bytes=100-' } },
    { path: '/hello.txt', headers: { 'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' } },
    { path: '/hello.txt', method: 'PATCH' },
  ]);
});

test('argument validation matches express.static', () => {
  const invalid: Array<[unknown, unknown]> = [
    [undefined, undefined],
    ['', undefined],
    [42, undefined],
    [FIXTURES, { setHeaders: 'nope' }],
  ];
  for (const [root, options] of invalid) {
    let expected: Error | undefined;
    try {
      express.static(root, options);
    } catch (err) {
      expected = err as Error;
    }
    assert.ok(expected, `express accepts ${String(root)} ${JSON.stringify(options)}`);
    assert.throws(
      () => serveStatic(root as string, options as any),
      (err: Error) => err instanceof TypeError && err.message === expected!.message,
    );
  }
});

test('invalid sender options fail each GET/HEAD request, as in express', async () => {
  const invalid = [{ dotfiles: 'sometimes' }, { extensions: [1] }, { extensions: true }, { index: [false] }];
  for (const options of invalid) {
    const requests = [{ path: '/hello.txt' }, { path: '/hello.txt', method: 'POST' }];
    await assertSameAsExpress(staticApp(options), requests);
    const [get, post] = await requestAll(staticApp(options)(webapp), requests);
    assert.equal(JSON.parse(get.body).name, 'TypeError');
    assert.equal(post.body, 'next() called');
  }
});

test('the middleware and its factory are named serveStatic', () => {
  assert.equal(serveStatic.name, 'serveStatic');
  assert.equal(serveStatic(FIXTURES).name, 'serveStatic');
});

test('a relative root is resolved against the working directory', async () => {
  const relative = path.relative(process.cwd(), FIXTURES);
  const res = await request(staticApp()(webapp), { path: '/hello.txt' });
  const app = webapp();
  app.use(serveStatic(relative));
  const viaRelative = await request(app, { path: '/hello.txt' });
  assert.equal(viaRelative.body, res.body);
});

test('a file changed on disk is served fresh on the next request', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const file = path.join(dir, 'live.txt');
  fs.writeFileSync(file, 'version one');
  const app = webapp();
  app.use(serveStatic(dir));
  const first = await request(app, { path: '/live.txt' });
  fs.writeFileSync(file, 'version two, longer');
  const second = await request(app, { path: '/live.txt' });
  fs.writeFileSync(file, 'version 3!!');
  fs.utimesSync(file, new Date(2_000_000_000_000), new Date(2_000_000_000_000));
  const third = await request(app, { path: '/live.txt' });
  fs.rmSync(file);
  const fourth = await request(app, { path: '/live.txt' });
  assert.equal(first.body, 'version one');
  assert.equal(second.body, 'version two, longer');
  assert.equal(third.body, 'version 3!!');
  assert.notEqual(third.headers.etag, first.headers.etag);
  assert.equal(fourth.status, 404);
});
