import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import favicon from 'serve-favicon';
import request from 'supertest';

import webapp = require('../../src/index');

import { assertSameAsExpress } from '../support/http';
import { tmpTree } from './support';

// A 1×1 ICO is not needed: serve-favicon serves any bytes as image/x-icon.
const ICON = Buffer.from('00000100010001010000010020003000000016000000', 'hex');
const files = tmpTree({ 'favicon.ico': ICON });
after(() => files.cleanup());

function buildApp(lib: any = webapp, options?: { maxAge?: number }) {
  const app = lib();
  app.use(favicon(path.join(files.dir, 'favicon.ico'), options));
  app.get('/', (_req: any, res: any) => res.send('home'));
  return app;
}

describe('serve-favicon on webapp', () => {
  test('serves the icon with type, length, ETag and a one-year Cache-Control', async () => {
    const res = await request(buildApp())
      .get('/favicon.ico')
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'image/x-icon');
    assert.equal(res.headers['content-length'], String(ICON.length));
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000');
    assert.match(res.headers.etag, /^"[\w+/=-]+"$/);
    assert.deepEqual(res.body, ICON);
    assert.equal((await request(buildApp()).get('/')).text, 'home', 'other paths pass through');
  });

  test('conditional GET, HEAD, OPTIONS and 405 for other methods', async () => {
    const app = buildApp(webapp, { maxAge: 60_000 });
    const first = await request(app).get('/favicon.ico');
    assert.equal(first.headers['cache-control'], 'public, max-age=60');
    const cached = await request(app).get('/favicon.ico').set('If-None-Match', first.headers.etag);
    assert.equal(cached.status, 304);
    const head = await request(app).head('/favicon.ico');
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-length'], String(ICON.length));
    const options = await request(app).options('/favicon.ico');
    assert.equal(options.status, 200);
    assert.equal(options.headers.allow, 'GET, HEAD, OPTIONS');
    const post = await request(app).post('/favicon.ico');
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, HEAD, OPTIONS');
  });

  test('a missing icon file throws at setup, as on Express', () => {
    assert.throws(() => favicon(path.join(files.dir, 'nope.ico')), { code: 'ENOENT' });
  });

  test('same responses as on express@4', async () => {
    await assertSameAsExpress(buildApp, [
      { path: '/favicon.ico' },
      { path: '/favicon.ico', headers: { 'if-none-match': '"nope"' } },
      { method: 'DELETE', path: '/favicon.ico' },
      { path: '/favicon.ico?v=2' },
      { path: '/' },
    ]);
  });
});
