import assert from 'node:assert/strict';
import http from 'node:http';
import { after, describe, test } from 'node:test';
import zlib from 'node:zlib';
import compression from 'compression';

import webapp = require('../../src/index');

import { send, withServer } from '../support/http';
import { listen, tmpTree } from './support';

const BIG = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item number ${i}` })) };
const files = tmpTree({ 'page.html': `<html><body>${'<p>static text</p>'.repeat(200)}</body></html>` });
after(() => files.cleanup());

function buildApp(options: compression.CompressionOptions = {}) {
  const app = webapp();
  app.use(compression(options));
  app.get('/big', (_req: any, res: any) => res.json(BIG));
  app.get('/small', (_req: any, res: any) => res.json({ ok: true }));
  app.get('/raw', (_req: any, res: any) => res.set('Cache-Control', 'no-transform').json(BIG));
  app.get('/png', (_req: any, res: any) => res.type('png').send(Buffer.alloc(4096)));
  app.get('/file', (_req: any, res: any, next: any) =>
    res.sendFile('page.html', { root: files.dir }, (err: any) => err && next(err)),
  );
  app.get('/stream', (_req: any, res: any) => {
    res.type('text');
    let n = 0;
    const timer = setInterval(() => {
      res.write(`line ${n}\n`.repeat(50));
      if (++n === 5) {
        clearInterval(timer);
        res.end('end\n');
      }
    }, 5);
  });
  return app;
}

describe('compression on webapp', () => {
  test('gzip for large compressible bodies, with Vary and no Content-Length', async () => {
    const res = await request(buildApp(), '/big', { 'accept-encoding': 'gzip' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal(res.headers.vary, 'Accept-Encoding');
    assert.equal(res.headers['content-length'], undefined);
    assert.match(String(res.headers.etag), /^W\//);
    assert.ok(res.raw.length < JSON.stringify(BIG).length / 3);
    assert.deepEqual(JSON.parse(zlib.gunzipSync(res.raw).toString()), BIG);
  });

  test('br and deflate by preference; identity and unknown encodings get the plain body', async () => {
    const br = await request(buildApp(), '/big', { 'accept-encoding': 'gzip, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.deepEqual(JSON.parse(zlib.brotliDecompressSync(br.raw).toString()), BIG);
    const deflate = await request(buildApp(), '/big', { 'accept-encoding': 'deflate' });
    assert.equal(deflate.headers['content-encoding'], 'deflate');
    assert.deepEqual(JSON.parse(zlib.inflateSync(deflate.raw).toString()), BIG);
    const plain = await request(buildApp(), '/big', { 'accept-encoding': 'identity' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers['content-length'], String(plain.raw.length));
    assert.deepEqual(JSON.parse(plain.body), BIG);
  });

  test('below the threshold, incompressible types and Cache-Control: no-transform stay uncompressed', async () => {
    for (const path of ['/small', '/png', '/raw']) {
      const res = await request(buildApp(), path, { 'accept-encoding': 'gzip' });
      assert.equal(res.status, 200, path);
      assert.equal(res.headers['content-encoding'], undefined, path);
      assert.equal(res.headers['content-length'], String(res.raw.length), path);
    }
    const threshold = await request(buildApp({ threshold: 0 }), '/small', { 'accept-encoding': 'gzip' });
    assert.equal(threshold.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(threshold.raw).toString(), '{"ok":true}');
  });

  test('res.sendFile output is compressed; HEAD sends headers only', async () => {
    const res = await request(buildApp(), '/file', { 'accept-encoding': 'gzip' });
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.match(
      zlib.gunzipSync(res.raw).toString(),
      /^<html><body>(<p>static text<\/p>){200}<\/body><\/html>$/,
    );
    const head = await request(buildApp(), '/big', { 'accept-encoding': 'gzip' }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.raw.length, 0);
  });

  test('streamed res.write chunks are compressed as one stream', async () => {
    const res = await request(buildApp(), '/stream', { 'accept-encoding': 'gzip' });
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal(res.headers['transfer-encoding'], 'chunked');
    const text = zlib.gunzipSync(res.raw).toString();
    assert.equal(text.split('\n').length, 252);
    assert.ok(text.endsWith('line 4\nend\n'));
  });

  test('the filter option decides per request', async () => {
    const app = buildApp({
      filter: (req, res) => !req.headers['x-no-compression'] && compression.filter(req, res),
    });
    const off = await request(app, '/big', { 'accept-encoding': 'gzip', 'x-no-compression': '1' });
    assert.equal(off.headers['content-encoding'], undefined);
    const on = await request(app, '/big', { 'accept-encoding': 'gzip' });
    assert.equal(on.headers['content-encoding'], 'gzip');
  });

  test('server-sent events: res.flush() pushes each event through gzip immediately', async () => {
    const app = webapp();
    app.use(compression());
    let stop: (() => void) | undefined;
    app.get('/events', (req: any, res: any) => {
      res.set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.flushHeaders();
      let id = 0;
      const timer = setInterval(() => {
        res.write(`id: ${++id}\ndata: ${JSON.stringify({ tick: id })}\n\n`);
        res.flush();
      }, 20);
      stop = () => {
        clearInterval(timer);
        res.end();
      };
      req.on('close', () => clearInterval(timer));
    });
    const server = await listen(app);
    try {
      let headers: http.IncomingHttpHeaders = {};
      const events = await new Promise<string[]>((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port: server.port, path: '/events', headers: { 'accept-encoding': 'gzip' } },
          (res) => {
            headers = res.headers;
            const gunzip = zlib.createGunzip();
            res.pipe(gunzip);
            let text = '';
            // The server never ends on its own: three events can only arrive if each one is flushed.
            gunzip.on('data', (chunk) => {
              text += chunk;
              const got = text.split('\n\n').filter(Boolean);
              if (got.length >= 3) {
                req.destroy();
                resolve(got.slice(0, 3));
              }
            });
          },
        );
        req.on('error', (err) => (err.message === 'socket hang up' ? undefined : reject(err)));
      });
      assert.equal(headers['content-encoding'], 'gzip');
      // res.set() adds the charset to text types, as Express does.
      assert.equal(headers['content-type'], 'text/event-stream; charset=utf-8');
      assert.deepEqual(events, [
        'id: 1\ndata: {"tick":1}',
        'id: 2\ndata: {"tick":2}',
        'id: 3\ndata: {"tick":3}',
      ]);
    } finally {
      stop?.();
      await server.close();
    }
  });
});

/** One request with raw (undecoded) body bytes. */
function request(app: any, path: string, headers: Record<string, string>, method = 'GET') {
  return withServer(app, (port) => send(port, { path, headers, method }));
}
