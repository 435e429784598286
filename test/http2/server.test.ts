import assert from 'node:assert/strict';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import { describe, it } from 'node:test';

import webapp = require('../../src/index');

import { createSecureServer, createServer } from '../../src/middleware/http2';
import { request } from '../support/http';
import { request2, requestAll2, type ServerKind, send2, withHttp2Server } from '../support/http2';

function shapeApp() {
  const app = webapp() as any;
  app.get('/', (req: any, res: any) => {
    res.json({
      version: req.httpVersion,
      appRequest: Object.getPrototypeOf(req)[Symbol.for('nothing')] === undefined && req.app === app,
      http2Request: req instanceof http2.Http2ServerRequest || req.stream !== undefined,
      send: typeof res.send,
    });
  });
  return app;
}

const KINDS: ServerKind[] = ['webapp', 'node'];

describe('HTTP/2 servers', () => {
  for (const kind of KINDS) {
    it(`serves an app over cleartext HTTP/2 (${kind} server)`, async () => {
      const res = await request2(shapeApp(), { path: '/' }, { kind });
      assert.equal(res.status, 200);
      assert.deepEqual(JSON.parse(res.body), {
        version: '2.0',
        appRequest: true,
        http2Request: true,
        send: 'function',
      });
    });

    it(`serves HTTP/2 and HTTP/1.1 clients on one TLS server with allowHTTP1 (${kind} server)`, async () => {
      const app = webapp() as any;
      app.get('/', (req: any, res: any) => res.send(`${req.httpVersion} ${req.protocol} ${req.secure}`));
      await withHttp2Server(
        app,
        async ({ session, port }) => {
          assert.equal((await send2(session, { path: '/' })).body, '2.0 https true');
          for (let i = 0; i < 2; i++) {
            const body = await new Promise<string>((resolve, reject) => {
              https
                .get(
                  { host: '127.0.0.1', port, path: '/', rejectUnauthorized: false, agent: false },
                  (res) => {
                    let text = '';
                    res.on('data', (chunk) => (text += chunk));
                    res.on('end', () => resolve(text));
                  },
                )
                .on('error', reject);
            });
            assert.equal(body, '1.1 https true');
          }
        },
        { kind, secure: true },
      );
    });
  }

  it('builds requests and responses on the app prototypes without a per-request swap (webapp/http2)', async () => {
    const app = webapp() as any;
    const protos: object[] = [];
    app.get('/', (req: any, res: any) => {
      protos.push(Object.getPrototypeOf(req), Object.getPrototypeOf(res));
      res.end('ok');
    });
    const setPrototypeOf = Object.setPrototypeOf;
    let swaps = 0;
    Object.setPrototypeOf = (o: any, p: any) => {
      // Instances (not the class prototypes set up when the server is made) carry node's symbol fields.
      if (Object.getOwnPropertySymbols(o).length > 0) swaps++;
      return setPrototypeOf(o, p);
    };
    try {
      await requestAll2(app, [{ path: '/' }, { path: '/' }], { kind: 'webapp' });
    } finally {
      Object.setPrototypeOf = setPrototypeOf;
    }
    assert.equal(swaps, 0);
    assert.equal(protos[0], protos[2]);
    assert.equal(protos[1], protos[3]);
    assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(protos[0])), app.request);
    assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(protos[1])), app.response);
  });

  it('gives requests the fields dispatch writes, as Express does over HTTP/1.1, whether built by the server or swapped', async () => {
    const fields = ['res', 'next', 'baseUrl', 'originalUrl', 'params', 'route'];
    const probe = (app: any) =>
      app.get('/', (req: any, res: any) =>
        res.json(
          Object.keys(req)
            .filter((key) => fields.includes(key))
            .sort(),
        ),
      );
    const expected = JSON.parse((await request(probe(require('express')()), { path: '/' })).body);
    assert.deepEqual(expected, [...fields].sort());
    for (const kind of KINDS) {
      const res = await request2(probe(webapp()), { path: '/' }, { kind });
      assert.deepEqual(JSON.parse(res.body), expected, `${kind} server`);
    }
  });

  it('sees members added to app.request, webapp.request and app.response after the first HTTP/2 request', async () => {
    const app = webapp() as any;
    app.get('/', (req: any, res: any) => res.send(`${req.early?.()} ${req.late?.()} ${res.late?.()}`));
    app.request.early = () => 'early';
    await withHttp2Server(app, async ({ session }) => {
      assert.equal((await send2(session, { path: '/' })).body, 'early undefined undefined');
      app.request.late = () => 'late';
      app.response.late = () => 'res-late';
      assert.equal((await send2(session, { path: '/' })).body, 'early late res-late');
    });
  });

  it('allows plain property writes on HTTP/2 req and res (passport, multer, rate limiters)', async () => {
    const app = webapp() as any;
    app.use((req: any, res: any, next: any) => {
      req.logIn = () => 'mine';
      req.user = { id: 1 };
      req.query = { replaced: true };
      req.url = '/rewritten';
      req.method = 'GET';
      res.locals.x = 1;
      res.custom = 'yes';
      // Data fields of http.IncomingMessage that node's HTTP/2 request has as read-only accessors.
      req.rawHeaders = ['x-mine', '1'];
      req.complete = false;
      req.httpVersion = `${req.httpVersion}!`;
      next();
    });
    app.get('/rewritten', (req: any, res: any) =>
      res.json([
        req.logIn(),
        req.user.id,
        req.query.replaced,
        res.locals.x,
        res.custom,
        req.originalUrl,
        req.rawHeaders,
        req.httpVersion,
      ]),
    );
    for (const kind of KINDS) {
      const res = await request2(app, { path: '/original', method: 'POST' }, { kind });
      assert.deepEqual(JSON.parse(res.body), [
        'mine',
        1,
        true,
        1,
        'yes',
        '/original',
        ['x-mine', '1'],
        '2.0!',
      ]);
    }
  });

  it('switches and restores prototypes through a mounted sub-app', async () => {
    const app = webapp() as any;
    const sub = webapp() as any;
    sub.request.who = () => 'sub';
    app.request.who = () => 'parent';
    sub.get('/x', (req: any, _res: any, next: any) => {
      req.inside = req.who();
      next();
    });
    app.use('/sub', sub);
    app.use((req: any, res: any) =>
      res.send(`${req.inside} ${req.who()} ${req.app === app} ${typeof res.json}`),
    );
    for (const kind of KINDS) {
      assert.equal((await request2(app, { path: '/sub/x' }, { kind })).body, 'sub parent true function');
    }
  });

  it('keeps HTTP/1-only internals of node off HTTP/2 objects', async () => {
    const app = webapp() as any;
    app.get('/', (req: any, res: any) => {
      res.json({
        dump: req._dump,
        storeHeader: res._storeHeader,
        writeHeader: res.writeHeader,
        destroy: req._destroy === http.IncomingMessage.prototype._destroy,
      });
    });
    for (const kind of KINDS) {
      assert.deepEqual(JSON.parse((await request2(app, { path: '/' }, { kind })).body), { destroy: false });
    }
  });

  it('rejects anything but an app', () => {
    assert.throws(() => createServer({} as never), /webapp application/);
    assert.throws(() => createSecureServer({}, (() => {}) as never), /webapp application/);
  });

  it('leaves classes given in the options alone', async () => {
    const app = webapp() as any;
    app.get('/', (req: any, res: any) => res.send(String(req.mine)));
    class Mine extends http2.Http2ServerRequest {
      mine = true;
    }
    const server = createServer({ Http2ServerRequest: Mine } as never, app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const session = http2.connect(`http://127.0.0.1:${(server.address() as any).port}`);
    try {
      assert.equal((await send2(session, { path: '/' })).body, 'true');
    } finally {
      session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('HTTP/2: webapp against express@4 (docs/differences.md)', () => {
  it('express@4 crashes on the first HTTP/2 request; the same app on webapp answers it', async () => {
    const { spawn } = require('node:child_process') as typeof import('node:child_process');
    const script = (lib: string) => `
      const http2 = require('node:http2');
      const lib = require(${JSON.stringify(lib)});
      const app = lib();
      app.get('/', (req, res) => res.send('served'));
      const server = http2.createServer(app).listen(0, '127.0.0.1', () => {
        const session = http2.connect('http://127.0.0.1:' + server.address().port);
        session.on('error', () => {});
        const stream = session.request({ ':path': '/' });
        let body = '';
        stream.on('data', (d) => (body += d));
        stream.on('end', () => { console.log('body:' + body); process.exit(0); });
        stream.on('error', () => {});
      });`;
    const run = (lib: string) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, ['-e', script(lib)], {
          cwd: path.resolve(__dirname, '../../..'),
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (err += d));
        child.on('exit', (code) => resolve({ code, out, err }));
      });
    const express = await run('express');
    assert.notEqual(express.code, 0);
    assert.match(express.err, /TypeError/);
    const ours = await run(path.resolve(__dirname, '../../src/index.js'));
    assert.deepEqual([ours.code, ours.out.trim()], [0, 'body:served']);
  });
});
