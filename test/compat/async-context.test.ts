/**
 * Async context (issue 19, item 1): an AsyncLocalStorage store active when a middleware calls next()
 * is the active store in everything webapp runs next for that request — after the body parsers, the
 * 3.x bodyParser, file and render callbacks, static's fall-through, param callbacks, rejected
 * promises and the compress/cookie-session hooks — and concurrent requests never see each other's.
 */
import assert from 'node:assert/strict';
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import { type RequestOptions, requestAll, send, withServer } from '../support/http';
import { tmpTree } from './support';

import webapp = require('../../src/index');

const als = new AsyncLocalStorage<{ id: string }>();
const current = (): string => als.getStore()?.id ?? 'none';

/** Enters a store named by the X-Id header, the way request-id loggers and APM agents do. */
function enter(req: any, _res: any, next: (err?: unknown) => void): void {
  als.run({ id: String(req.headers['x-id']) }, next);
}

function report(req: any, res: any): void {
  res.send(`${current()} ${JSON.stringify(req.body ?? null)}`);
}

function reportError(err: any, _req: any, res: any, _next: unknown): void {
  res.status(err.status || 500).send(`${current()} error ${err.status ?? 500} ${err.type ?? err.message}`);
}

/*
 * A "foreign" scheduler: runs callbacks from a context with no store, as a connection pool, a shared
 * cache or a native addon would. Code that calls webapp back from there must still find its store.
 */
const queue: Array<() => void> = [];
let pump: NodeJS.Timeout | undefined;
function foreign(fn: () => void): void {
  queue.push(fn);
}
before(() => {
  pump = als.exit(() =>
    setInterval(() => {
      for (const fn of queue.splice(0)) fn();
    }, 1),
  );
});
after(() => clearInterval(pump));

/**
 * Holds requests until `size` have arrived, then lets them all go on in one tick (each in its own
 * context), so that they reach the same shared work (an in-flight fs.stat or read) together.
 */
function together(size: number) {
  const held: Array<() => void> = [];
  return (_req: any, _res: any, next: () => void): void => {
    held.push(AsyncResource.bind(() => next()));
    if (held.length === size) for (const go of held.splice(0)) go();
  };
}

/** Sends `body` in two chunks 30 ms apart, so concurrent requests interleave inside the parser. */
function slowPost(port: number, p: string, id: string, type: string, body: Buffer | string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const buf = Buffer.from(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: p,
        agent: false,
        headers: { 'x-id': id, 'content-type': type, 'content-length': buf.length },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    const half = buf.length >> 1;
    req.write(buf.subarray(0, half));
    setTimeout(() => req.end(buf.subarray(half)), 30);
  });
}

const post = (p: string, id: string, type: string, body: string | Buffer, extra = {}): RequestOptions => ({
  method: 'POST',
  path: p,
  headers: { 'x-id': id, 'content-type': type, ...extra },
  body,
});

function multipartBody(boundary: string, fields: Record<string, string>, file?: [string, string]): string {
  let out = '';
  for (const [k, v] of Object.entries(fields))
    out += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  if (file)
    out += `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="${file[0]}"\r\nContent-Type: text/plain\r\n\r\n${file[1]}\r\n`;
  return `${out}--${boundary}--\r\n`;
}

describe('body parsers keep the store (differential with express@4)', () => {
  function build(lib: any) {
    const app = lib();
    app.use(enter);
    app.post('/json', lib.json({ limit: 64 }), report);
    app.post('/raw', lib.raw({ limit: 64 }), (req: any, res: any) =>
      res.send(`${current()} ${req.body.length}`),
    );
    app.post('/text', lib.text({ limit: 64 }), report);
    app.post('/form', lib.urlencoded({ extended: false, limit: 64 }), report);
    app.use(reportError);
    return app;
  }
  const gz = zlib.gzipSync('{"a":1}');
  const requests: RequestOptions[] = [
    post('/json', 'j1', 'application/json', '{"a":1}'),
    post('/json', 'j2', 'application/json', '{"a":'),
    post('/json', 'j3', 'application/json', 'x'.repeat(100)),
    post('/json', 'j4', 'application/json', gz, { 'content-encoding': 'gzip' }),
    post('/json', 'j5', 'application/json; charset=latin1', '{}'),
    post('/json', 'j6', 'application/json', '{"a":1}', { 'content-encoding': 'compress' }),
    post('/raw', 'r1', 'application/octet-stream', Buffer.alloc(10)),
    post('/text', 't1', 'text/plain', 'hello'),
    post('/text', 't2', 'text/plain; charset=nope', 'hello'),
    post('/form', 'f1', 'application/x-www-form-urlencoded', 'a=1&b=2'),
    post('/form', 'f2', 'application/x-www-form-urlencoded', 'a=%'),
  ];

  test('every parser, success and error paths: the same store, status and body as express', async () => {
    const express = require('express');
    const expected = await requestAll(build(express), requests);
    const actual = await requestAll(build(webapp), requests);
    for (let i = 0; i < requests.length; i++) {
      const label = `${requests[i].path} ${requests[i].headers?.['x-id']}`;
      assert.equal(actual[i].status, expected[i].status, label);
      assert.equal(actual[i].body, expected[i].body, label);
      assert.ok(
        actual[i].body.startsWith(String(requests[i].headers?.['x-id'])),
        `${label}: ${actual[i].body}`,
      );
    }
  });

  test('a streamed body over the limit (no Content-Length): the error middleware has the store', async () => {
    const app = build(webapp);
    await withServer(app, async (port) => {
      const body = await new Promise<string>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/json',
            agent: false,
            headers: { 'x-id': 'big', 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          },
          (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => resolve(text));
          },
        );
        req.on('error', reject);
        req.write('[');
        setTimeout(() => req.end(`${'1,'.repeat(100)}1]`), 20);
      });
      assert.equal(body, 'big error 413 entity.too.large');
    });
  });

  test('two concurrent requests, bodies interleaved: each sees its own store', async () => {
    await withServer(build(webapp), async (port) => {
      const results = await Promise.all([
        slowPost(port, '/json', 'first', 'application/json', '{"n":1}'),
        slowPost(port, '/json', 'second', 'application/json', '{"n":2}'),
        slowPost(port, '/form', 'third', 'application/x-www-form-urlencoded', 'n=3'),
        slowPost(port, '/text', 'fourth', 'text/plain', 'four'),
      ]);
      assert.deepEqual(
        results.map((r) => r.body),
        ['first {"n":1}', 'second {"n":2}', 'third {"n":"3"}', 'fourth "four"'],
      );
    });
  });
});

describe('the 3.x bodyParser keeps the store', () => {
  const upload = tmpTree({});
  after(() => upload.cleanup());

  function app() {
    const a = webapp();
    a.use(enter);
    a.use(webapp.bodyParser({ multipart: { uploadDir: upload.dir, limits: { fileSize: 16 } } }));
    a.post('/', (req: any, res: any) =>
      res.send(`${current()} ${JSON.stringify(req.body)} ${req.files?.upload ? req.files.upload.size : '-'}`),
    );
    a.use(reportError);
    return a;
  }

  test('json, urlencoded and multipart, success and errors, two at a time', async () => {
    await withServer(app(), async (port) => {
      const b = 'XyZ';
      const mp = `multipart/form-data; boundary=${b}`;
      const results = await Promise.all([
        slowPost(port, '/', 'json', 'application/json', '{"a":1}'),
        slowPost(port, '/', 'form', 'application/x-www-form-urlencoded', 'a=1'),
        slowPost(port, '/', 'multi', mp, multipartBody(b, { a: '1' }, ['f.txt', 'hello'])),
        slowPost(port, '/', 'multi-too-big', mp, multipartBody(b, {}, ['f.txt', 'x'.repeat(64)])),
        slowPost(port, '/', 'multi-bad', mp, '--XyZ\r\nnonsense'),
        slowPost(port, '/', 'json-bad', 'application/json', '{'),
      ]);
      assert.deepEqual(
        results.map((r) => r.body),
        [
          'json {"a":1} -',
          'form {"a":"1"} -',
          'multi {"a":"1"} 5',
          'multi-too-big error 413 file.too.large',
          'multi-bad error 400 entity.parse.failed',
          'json-bad error 400 entity.parse.failed',
        ],
      );
    });
  });
});

describe('callbacks of res.sendFile, res.download, res.sendfile and res.render', () => {
  const files = tmpTree({ 'a.txt': 'hello', 'big.bin': Buffer.alloc(4 * 1024 * 1024, 1) });
  after(() => files.cleanup());

  test('each callback runs with the store of its own request, also for concurrent requests', async () => {
    const seen: string[] = [];
    const app = webapp();
    app.use(enter);
    app.set('views', files.dir);
    // An engine that calls back from a foreign context (a shared cache, a worker pool…).
    app.engine('tmpl', (_file: string, options: any, cb: (err: unknown, html?: string) => void) =>
      foreign(() => cb(null, `rendered ${options.name}`)),
    );
    fs.writeFileSync(path.join(files.dir, 'page.tmpl'), '');
    app.get('/file', (_req: any, res: any) =>
      res.sendFile(path.join(files.dir, 'a.txt'), (err: unknown) =>
        seen.push(`file ${current()} ${err ?? 'ok'}`),
      ),
    );
    app.get('/big', (_req: any, res: any) =>
      res.sendFile(path.join(files.dir, 'big.bin'), (err: unknown) =>
        seen.push(`big ${current()} ${err ?? 'ok'}`),
      ),
    );
    app.get('/missing', (_req: any, res: any) =>
      res.sendFile(path.join(files.dir, 'nope.txt'), (err: any) =>
        res.status(err.status).send(`missing ${current()}`),
      ),
    );
    app.get('/download', (_req: any, res: any) =>
      res.download(path.join(files.dir, 'a.txt'), (err: unknown) =>
        seen.push(`download ${current()} ${err ?? 'ok'}`),
      ),
    );
    app.get('/sendfile', (_req: any, res: any) =>
      res.sendfile(path.join(files.dir, 'a.txt'), (err: unknown) =>
        seen.push(`sendfile ${current()} ${err ?? 'ok'}`),
      ),
    );
    app.get('/render', (_req: any, res: any) =>
      res.render('page.tmpl', { name: 'x' }, (err: unknown, html: string) =>
        res.send(`${current()} ${err ?? html}`),
      ),
    );
    app.get('/render-auto', (_req: any, res: any) => res.render('page.tmpl', { name: 'y' }));
    app.use(reportError);

    await withServer(app, async (port) => {
      const get = (p: string, id: string) => send(port, { path: p, headers: { 'x-id': id } });
      const results = await Promise.all([
        get('/file', 'f1'),
        get('/file', 'f2'),
        get('/big', 'b1'),
        get('/big', 'b2'),
        get('/missing', 'm1'),
        get('/download', 'd1'),
        get('/sendfile', 's1'),
        get('/render', 'r1'),
        get('/render', 'r2'),
        get('/render-auto', 'r3'),
      ]);
      assert.deepEqual(
        results.slice(4).map((r) => r.body),
        ['missing m1', 'hello', 'hello', 'r1 rendered x', 'r2 rendered x', 'rendered y'],
      );
      // Success callbacks may run just after the response is out.
      for (let i = 0; i < 50 && seen.length < 6; i++) await new Promise((r) => setTimeout(r, 10));
      assert.deepEqual(seen.sort(), [
        'big b1 ok',
        'big b2 ok',
        'download d1 ok',
        'file f1 ok',
        'file f2 ok',
        'sendfile s1 ok',
      ]);
    });
  });

  test('an aborted transfer calls back with the store of its request', async () => {
    const seen: string[] = [];
    const app = webapp();
    app.use(enter);
    app.get('/big', (_req: any, res: any) =>
      res.sendFile(path.join(files.dir, 'big.bin'), (err: any) => seen.push(`${current()} ${err?.code}`)),
    );
    await withServer(app, async (port) => {
      await Promise.all(
        ['a1', 'a2'].map(
          (id) =>
            new Promise<void>((resolve) => {
              const req = http.get({
                host: '127.0.0.1',
                port,
                path: '/big',
                agent: false,
                headers: { 'x-id': id },
              });
              req.on('response', (res) => {
                res.once('data', () => {
                  req.destroy();
                  resolve();
                });
              });
              req.on('error', () => {});
            }),
        ),
      );
      for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      assert.deepEqual(seen.sort(), ['a1 ECONNABORTED', 'a2 ECONNABORTED']);
    });
  });
});

describe('static, param callbacks, rejected promises, compress and cookie-session', () => {
  const files = tmpTree({ 'here.txt': 'here' });
  after(() => files.cleanup());

  test("static's fall-through next(): concurrent misses of one path each keep their store", async () => {
    const app = webapp();
    app.use(enter);
    app.get('/missing.txt', together(3));
    app.use(webapp.static(files.dir));
    app.use((_req: any, res: any) => res.send(`fell through ${current()}`));
    await withServer(app, async (port) => {
      const ids = ['s1', 's2', 's3'];
      const results = await Promise.all(
        ids.map((id) => send(port, { path: '/missing.txt', headers: { 'x-id': id } })),
      );
      assert.deepEqual(
        results.map((r) => r.body),
        ids.map((id) => `fell through ${id}`),
      );
      const post = await send(port, { method: 'POST', path: '/here.txt', headers: { 'x-id': 'p' } });
      assert.equal(post.body, 'fell through p');
    });
  });

  test('a param callback calling next() later from a foreign context; its error too', async () => {
    const app = webapp();
    app.use(enter);
    app.param('id', (req: any, _res: any, next: (err?: unknown) => void, id: string) => {
      foreign(() => {
        if (id === 'bad') next(Object.assign(new Error('bad id'), { status: 404 }));
        else {
          req.item = id;
          next();
        }
      });
    });
    app.get('/items/:id', (req: any, res: any) => res.send(`${current()} ${req.item}`));
    app.use(reportError);
    await withServer(app, async (port) => {
      const results = await Promise.all(
        ['x', 'y', 'bad'].map((id) => send(port, { path: `/items/${id}`, headers: { 'x-id': `p-${id}` } })),
      );
      assert.deepEqual(
        results.map((r) => r.body),
        ['p-x x', 'p-y y', 'p-bad error 404 bad id'],
      );
    });
  });

  test('error middleware reached by a rejected promise (async handler, thenable, param callback)', async () => {
    const app = webapp();
    app.use(enter);
    app.get('/async', async () => {
      await new Promise<void>((resolve) => foreign(resolve));
      throw Object.assign(new Error('async'), { status: 502 });
    });
    app.get('/then', () => new Promise((_resolve, reject) => foreign(() => reject(new Error('then')))));
    // Not a native promise: its own scheduler rejects from a foreign context (as Bluebird's does).
    app.get('/thenable', () => ({
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose
      then: (_ok: unknown, fail: (err: unknown) => void) => foreign(() => fail(new Error('thenable'))),
    }));
    app.param('p', async () => {
      await new Promise<void>((resolve) => foreign(resolve));
      throw new Error('param');
    });
    app.get('/param/:p', (_req: any, res: any) => res.send('unreachable'));
    app.use(reportError);
    await withServer(app, async (port) => {
      const results = await Promise.all(
        ['/async', '/then', '/param/1', '/thenable'].map((p, i) =>
          send(port, { path: p, headers: { 'x-id': `e${i}` } }),
        ),
      );
      assert.deepEqual(
        results.map((r) => r.body),
        ['e0 error 502 async', 'e1 error 500 then', 'e2 error 500 param', 'e3 error 500 thenable'],
      );
    });
  });

  test("compress's filter and cookie-session's header hook run with the store, through sendFile too", async () => {
    const big = path.join(files.dir, 'page.html');
    fs.writeFileSync(big, '<p>hello</p>'.repeat(2000));
    const app = webapp();
    app.use(enter);
    app.use(
      webapp.compress({
        filter: (_req: any, res: any) => {
          res.setHeader('X-Filter-Store', current());
          return true;
        },
      }),
    );
    app.use(webapp.cookieSession({ keys: ['k'] }));
    app.get('/file', together(2));
    app.use((req: any, res: any, next: () => void) => {
      // Reading the session hooks the response; the cookie is written with the head.
      req.session.who = current();
      res.setHeader('X-Hook', 'set');
      next();
    });
    app.get('/file', (_req: any, res: any) => res.sendFile(big));
    app.post('/json', webapp.json(), (req: any, res: any) => {
      req.session.who = current();
      res.json(req.body);
    });
    // A session too large for its cookie fails in the header hook: next(err) with the store.
    app.post('/huge', webapp.json(), (req: any, res: any) => {
      req.session.blob = 'x'.repeat(5000);
      res.json(req.body);
    });
    app.use(reportError);
    await withServer(app, async (port) => {
      const results = await Promise.all([
        send(port, { path: '/file', headers: { 'x-id': 'c1', 'accept-encoding': 'gzip' } }),
        send(port, { path: '/file', headers: { 'x-id': 'c2', 'accept-encoding': 'gzip' } }),
        send(port, {
          method: 'POST',
          path: '/json',
          headers: { 'x-id': 'c3', 'content-type': 'application/json', 'accept-encoding': 'gzip' },
          body: '{"a":1}',
        }),
      ]);
      assert.deepEqual(
        results.map((r) => r.headers['x-filter-store']),
        ['c1', 'c2', 'c3'],
      );
      const sessions = results.map((r) => {
        const cookie = String(r.headers['set-cookie']?.[0]).split(';')[0].split('=').slice(1).join('=');
        return JSON.parse(Buffer.from(cookie, 'base64').toString()).who;
      });
      assert.deepEqual(sessions, ['c1', 'c2', 'c3']);
      const huge = await send(port, {
        method: 'POST',
        path: '/huge',
        headers: { 'x-id': 'c4', 'content-type': 'application/json' },
        body: '{}',
      });
      assert.equal(huge.status, 500);
      assert.match(huge.body, /^c4 error 500 /);
    });
  });
});
