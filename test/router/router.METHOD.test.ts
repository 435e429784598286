import assert from 'node:assert/strict';
import { METHODS } from 'node:http';
import { test } from 'node:test';

import webapp = require('../../src/index');

import { assertSameAsExpress } from '../support/http';

const ROUTABLE = METHODS.filter((method) => method !== 'CONNECT');

test('router.METHOD exists for every node method and returns the router', () => {
  const router: any = webapp.Router();
  for (const method of METHODS) {
    const name = method.toLowerCase();
    assert.equal(typeof router[name], 'function', name);
    assert.equal(
      router[name]('/', () => {}),
      router,
    );
  }
  assert.equal(router.stack.length, METHODS.length);
});

test('router.METHOD routes each method (differential)', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router();
      for (const method of ROUTABLE) {
        router[method.toLowerCase()]('/m', (req: any, res: any) => res.end(`router ${req.method}`));
      }
      app.use('/r', router);
      return app;
    },
    ROUTABLE.map((method) => ({ method, path: '/r/m' })),
  );
});

test('router.connect routes CONNECT when dispatched directly', async () => {
  const router = webapp.Router();
  router.connect('/host:443', (req: any, res: any) => res.end(`connect ${req.url}`));
  const out: string[] = [];
  const req: any = { method: 'CONNECT', url: '/host:443' };
  const res: any = { end: (text: string) => out.push(text) };
  await new Promise<void>((resolve, reject) => {
    res.end = (text: string) => {
      out.push(text);
      resolve();
    };
    router.handle(req, res, (err?: unknown) => reject(err ?? new Error('not routed')));
  });
  assert.deepEqual(out, ['connect /host:443']);
});

test('router.get also answers HEAD; router.head registered first wins', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router();
      router.head('/h', (_req: any, res: any) => {
        res.setHeader('X-Handler', 'head');
        res.end();
      });
      router.get('/h', (_req: any, res: any) => {
        res.setHeader('X-Handler', 'get');
        res.end('body');
      });
      router.get('/g', (req: any, res: any) => {
        res.setHeader('X-Method', req.method);
        res.end('get body');
      });
      app.use(router);
      return app;
    },
    [
      { method: 'HEAD', path: '/h' },
      { method: 'GET', path: '/h' },
      { method: 'HEAD', path: '/g' },
    ],
  );
});
