import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../../src/index');

import { assertSameAsExpress } from '../support/http';

test('router.route(path) returns a Route bound in a "bound dispatch" layer', () => {
  const router = webapp.Router();
  const route = router.route('/x/:id');
  assert.ok(route instanceof webapp.Route);
  const layer = router.stack[0];
  assert.equal(layer.route, route);
  assert.equal(layer.name, 'bound dispatch');
  assert.equal(layer.handle.name, 'bound dispatch');
  assert.deepEqual(layer.keys, [{ name: 'id', optional: false, offset: 2 }]);
});

test('router.route chains handlers; ordering follows route creation', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router();
      const early = router.route('/thing');
      router.get('/thing', (_req: any, res: any) => res.end('later route'));
      early
        .all((req: any, _res: any, next: any) => {
          req.viaAll = true;
          next();
        })
        .get((req: any, res: any) => res.end(`early route all=${req.viaAll}`))
        .put((_req: any, res: any) => res.end('put'));
      app.use(router);
      return app;
    },
    [{ path: '/thing' }, { method: 'PUT', path: '/thing' }, { method: 'POST', path: '/thing' }],
  );
});

test('router.route uses the router strict and caseSensitive options', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router({ strict: true, caseSensitive: true });
      router.route('/Dir/').get((_req: any, res: any) => res.end('dir'));
      router.route('/File').get((_req: any, res: any) => res.end('file'));
      app.use(router);
      return app;
    },
    [
      { path: '/Dir/' },
      { path: '/Dir' },
      { path: '/dir/' },
      { path: '/File' },
      { path: '/File/' },
      { path: '/file' },
    ],
  );
});
