import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';

const reply = (tag: string) => (req: any, res: any) => {
  res.setHeader('Content-Type', 'text/plain');
  res.end(`${tag} ${req.method} ${JSON.stringify(req.params)} ${req.route.path}`);
};

test('app.route(path) chains method handlers on one route', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app
        .route('/book/:id')
        .all((req: any, _res: any, next: any) => {
          req.all = true;
          next();
        })
        .get(reply('get'))
        .post(reply('post'))
        .delete(reply('delete'));
      return app;
    },
    [
      { path: '/book/1' },
      { method: 'POST', path: '/book/2' },
      { method: 'DELETE', path: '/book/3' },
      { method: 'PUT', path: '/book/4' },
      { method: 'HEAD', path: '/book/5' },
      { method: 'OPTIONS', path: '/book/6' },
      { path: '/book' },
    ],
  );
});

test('route order is creation order, not the order handlers are added', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const first = app.route('/x');
      app.get('/x', reply('second'));
      first.get(reply('first'));
      return app;
    },
    [{ path: '/x' }],
  );
});

test('a route with no handler for the method falls through to later routes', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.route('/r').post(reply('post'));
      app.route('/r');
      app.get('/r', reply('later-get'));
      return app;
    },
    [{ path: '/r' }, { method: 'POST', path: '/r' }],
  );
});

test('app.route returns a Route with Express 4 shape', () => {
  const app = webapp();
  const route: any = app.route('/user/:id');
  assert.ok(route instanceof webapp.Route);
  assert.equal(route.path, '/user/:id');
  assert.equal(route.stack.length, 0);
  assert.deepEqual(route.methods, {});
  function show() {}
  assert.equal(route.get(show), route);
  assert.deepEqual(route.methods, { get: true });
  assert.equal(route.stack[0].handle, show);
  assert.equal(route.stack[0].method, 'get');
  const layer = app._router.stack[app._router.stack.length - 1];
  assert.equal(layer.route, route);
  assert.equal(layer.name, 'bound dispatch');
});
