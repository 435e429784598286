import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { test } from 'node:test';
import zlib from 'node:zlib';
import { serveStatic } from '../../src/static/serve-static';
import { assertSameAsExpress, request, withServer } from '../support/http';
import { FIXTURES, staticOf, tempDir } from '../support/static-fixtures';

import webapp = require('../../src/index');

const compression = require('compression');

/** Records every read stream the sender opens while `fn` runs. */
async function withReadStreams<T>(fn: (streams: fs.ReadStream[]) => Promise<T>): Promise<T> {
  const original = fs.createReadStream;
  const streams: fs.ReadStream[] = [];
  (fs as any).createReadStream = (...args: any[]) => {
    const stream = (original as any)(...args);
    streams.push(stream);
    return stream;
  };
  try {
    return await fn(streams);
  } finally {
    (fs as any).createReadStream = original;
  }
}

function closed(stream: fs.ReadStream): Promise<void> {
  return new Promise((resolve, reject) => {
    if (stream.closed) return resolve();
    const timer = setTimeout(() => reject(new Error('read stream was not closed')), 5000);
    stream.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

test('large files are streamed, small ones are not', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const big = Buffer.alloc(1024 * 1024, 'abcdefgh');
  fs.writeFileSync(path.join(dir, 'big.txt'), big);
  fs.writeFileSync(path.join(dir, 'small.txt'), 'small');
  const app = webapp();
  app.use(serveStatic(dir));
  await withReadStreams(async (streams) => {
    const res = await request(app, { path: '/big.txt' });
    assert.equal(res.raw.length, big.length);
    assert.ok(res.raw.equals(big));
    assert.equal(streams.length, 1);
    await closed(streams[0]);
    const small = await request(app, { path: '/small.txt' });
    assert.equal(small.body, 'small');
    assert.equal(streams.length, 1);
  });
});

test('the file is closed when the client goes away mid-transfer', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  fs.writeFileSync(path.join(dir, 'huge.bin'), Buffer.alloc(16 * 1024 * 1024));
  const app = webapp();
  app.use(serveStatic(dir));
  await withReadStreams(async (streams) => {
    await withServer(app, async (port) => {
      await new Promise<void>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/huge.bin', agent: false }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code !== 'ECONNRESET') reject(err);
        });
      });
      assert.equal(streams.length, 1);
      await closed(streams[0]);
      assert.ok(streams[0].destroyed);
      // Not the whole file: the transfer stopped.
      assert.ok(streams[0].bytesRead < 16 * 1024 * 1024);
    });
  });
});

test('bytes leave through the response methods, so compression works', async () => {
  const build = (lib: any) => {
    const app = lib();
    app.use(compression({ threshold: 0 }));
    app.use(staticOf(lib)(FIXTURES));
    return app;
  };
  const requests = [
    { path: '/4k.txt', headers: { 'accept-encoding': 'gzip' } },
    { path: '/hello.txt', headers: { 'accept-encoding': 'gzip' } },
    { path: '/4k.txt', headers: { 'accept-encoding': 'identity' } },
  ];
  await assertSameAsExpress(build, requests);
  const res = await request(build(webapp), requests[0]);
  assert.equal(res.headers['content-encoding'], 'gzip');
  assert.deepEqual(zlib.gunzipSync(res.raw), fs.readFileSync(path.join(FIXTURES, '4k.txt')));
});

test('writeHead, write and end of the response are the only way out', async () => {
  const calls: string[] = [];
  const app = webapp();
  app.use((_req: any, res: any, next: any) => {
    for (const method of ['writeHead', 'write', 'end'] as const) {
      const original = res[method];
      res[method] = function (this: any, ...args: any[]) {
        calls.push(method);
        return original.apply(this, args);
      };
    }
    next();
  });
  app.use(serveStatic(FIXTURES));
  const res = await request(app, { path: '/4k.txt' });
  assert.equal(res.raw.length, 4096);
  assert.ok(calls.includes('end'), calls.join());
});

test('Content-Disposition with Latin-1 characters survives the single-write path', async () => {
  const app = webapp();
  app.use((_req: any, res: any, next: any) => {
    res.setHeader('Content-Disposition', 'attachment; filename="Résumé.txt"');
    next();
  });
  app.use(serveStatic(FIXTURES));
  const res = await request(app, { path: '/hello.txt' });
  assert.equal(res.body, 'hello world\n');
  assert.equal(res.headers['content-disposition'], 'attachment; filename="Résumé.txt"');
});
