import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { send } from '../support/http';
import { type RunningExample, startExample } from './run-example';

const PUBLIC = path.resolve(__dirname, '..', '..', '..', 'examples', 'static-site', 'public');
let app: RunningExample;
before(async () => {
  app = await startExample('static-site');
});
after(() => app.stop());

test('static-site: the home page is served with validators and no-cache', async () => {
  const res = await send(app.port, { path: '/' });
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-type'], 'text/html; charset=UTF-8');
  assert.equal(res.headers['cache-control'], 'no-cache');
  assert.equal(res.body, fs.readFileSync(path.join(PUBLIC, 'index.html'), 'utf8'));
  assert.ok(res.headers.etag);
  assert.ok(res.headers['last-modified']);

  const revalidated = await send(app.port, {
    path: '/',
    headers: { 'if-none-match': String(res.headers.etag) },
  });
  assert.equal(revalidated.status, 304);
  assert.equal(revalidated.body, '');
  const bySince = await send(app.port, {
    path: '/',
    headers: { 'if-modified-since': String(res.headers['last-modified']) },
  });
  assert.equal(bySince.status, 304);
});

test('static-site: extension-less URLs, fingerprinted and ordinary assets get their cache policies', async () => {
  const about = await send(app.port, { path: '/about' });
  assert.equal(about.status, 200);
  assert.match(about.body, /<h1>About<\/h1>/);
  assert.equal(about.headers['cache-control'], 'no-cache');

  const js = await send(app.port, { path: '/js/app.3f2a1c9e.js' });
  assert.equal(js.status, 200);
  assert.match(String(js.headers['content-type']), /^(application|text)\/javascript; charset=UTF-8$/);
  assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');

  const css = await send(app.port, { path: '/css/site.css' });
  assert.equal(css.headers['content-type'], 'text/css; charset=UTF-8');
  assert.equal(css.headers['cache-control'], 'public, max-age=3600');

  const svg = await send(app.port, { path: '/images/logo.svg', method: 'HEAD' });
  assert.equal(svg.status, 200);
  assert.equal(svg.headers['content-type'], 'image/svg+xml');
  assert.equal(
    svg.headers['content-length'],
    String(fs.statSync(path.join(PUBLIC, 'images', 'logo.svg')).size),
  );
  assert.equal(svg.body, '');
});

test('static-site: byte ranges', async () => {
  const full = fs.readFileSync(path.join(PUBLIC, 'css', 'site.css'), 'utf8');
  const res = await send(app.port, { path: '/css/site.css', headers: { range: 'bytes=0-3' } });
  assert.equal(res.status, 206);
  assert.equal(res.headers['content-range'], `bytes 0-3/${Buffer.byteLength(full)}`);
  assert.equal(res.body, full.slice(0, 4));
  const bad = await send(app.port, { path: '/css/site.css', headers: { range: 'bytes=99999-' } });
  assert.equal(bad.status, 416);
});

test('static-site: unknown paths, directories and traversal attempts never leak files', async () => {
  const missing = await send(app.port, { path: '/nope' });
  assert.equal(missing.status, 404);
  assert.match(missing.body, /<h1>Page not found<\/h1>/);
  assert.equal(missing.headers['cache-control'], 'no-cache');

  const dir = await send(app.port, { path: '/css' });
  assert.equal(dir.status, 301);
  assert.equal(dir.headers.location, '/css/');

  for (const attempt of ['/../index.js', '/%2e%2e/index.js', '/css/..%2f..%2findex.js', '/%00']) {
    const res = await send(app.port, { path: attempt });
    assert.ok([400, 403, 404].includes(res.status), `${attempt} → ${res.status}`);
    assert.doesNotMatch(res.body, /require\('webappjs'\)/, attempt);
  }

  const post = await send(app.port, { method: 'POST', path: '/index.html' });
  assert.equal(post.status, 404, 'other methods fall through to the 404 page');
});
