import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';

import webapp = require('../src/index');

import type { AddressInfo } from 'node:net';

import { assertSameAsExpress, request, send } from './support/http';

test('an app with no routes answers 404 (differential, X-Powered-By only once routing runs)', async () => {
  await assertSameAsExpress((lib) => lib(), [{ path: '/' }, { method: 'POST', path: '/x' }]);
});

test('app.handle(req, res, callback) hands control back instead of answering', async () => {
  const app = webapp();
  app.get('/known', (_req: any, res: any) => res.end('known'));
  app.get('/fail', () => {
    throw new Error('failed');
  });
  const server = (req: http.IncomingMessage, res: http.ServerResponse) => {
    app.handle(req as any, res, (err?: any) => {
      res.end(err ? `callback error: ${err.message}` : `callback: ${(req as any).url}`);
    });
  };
  assert.equal((await request(server, { path: '/known' })).body, 'known');
  assert.equal((await request(server, { path: '/unknown?q' })).body, 'callback: /unknown?q');
  assert.equal((await request(server, { path: '/fail' })).body, 'callback error: failed');
});

test('app.handle with a callback and no routes calls the callback at once', async () => {
  const app = webapp();
  let called = 0;
  const server = (req: http.IncomingMessage, res: http.ServerResponse) => {
    app.handle(req as any, res, (err?: unknown) => {
      called++;
      res.end(`done ${err === undefined}`);
    });
  };
  assert.equal((await request(server)).body, 'done true');
  assert.equal(called, 1);
});

test('an app is middleware: app(req, res, next) calls next when nothing answers', async () => {
  await assertSameAsExpress(
    (lib) => {
      const inner = lib();
      inner.get('/inner', (_req: any, res: any) => res.end('inner'));
      inner.get('/boom', (_req: any, _res: any, next: any) => next(new Error('inner boom')));
      const outer = lib.Router();
      const handler = (req: any, res: any) =>
        inner(req, res, (err?: any) => {
          res.setHeader('Content-Type', 'text/plain');
          res.end(`next(${err ? err.message : ''}) url=${req.url} baseUrl=${req.baseUrl}`);
        });
      outer.use(handler);
      return (req: any, res: any) => outer(req, res, () => res.end('outer done'));
    },
    [{ path: '/inner' }, { path: '/none' }, { path: '/boom' }],
  );
});

test('the app function is callable with node:http request/response only', async () => {
  const app = webapp();
  app.get('/', (_req: any, res: any) => res.end('plain'));
  const server = http.createServer((req, res) => app(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    assert.equal((await send(port)).body, 'plain');
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
