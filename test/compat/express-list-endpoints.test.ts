import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import express from 'express';
import listEndpoints from 'express-list-endpoints';

import webapp = require('../../src/index');

/** A realistic app: routes, route chains, nested routers with params, a sub-app, regexp and array paths. */
function buildApp(lib: any) {
  const app = lib();
  function authenticate(_req: any, _res: any, next: any) {
    next();
  }
  function list(_req: any, res: any) {
    res.end();
  }
  app.use(function logger(_req: any, _res: any, next: any) {
    next();
  });
  app.get('/', list);
  app.route('/users').get(authenticate, list).post(list);
  app.all('/any', list);
  app.get(['/a', '/b'], list);
  app.get('/files/:name(\\w+).:ext', list);
  app.delete('/users/:id', authenticate, (_req: any, res: any) => res.end());

  const api = lib.Router();
  const v1 = lib.Router();
  v1.get('/items', list);
  v1.put('/items/:itemId', authenticate, list);
  api.use('/v1', v1);
  api.get('/', list);
  app.use('/api', api);

  const posts = lib.Router({ mergeParams: true });
  posts.get('/', list);
  posts.patch('/:postId', list);
  app.use('/users/:userId/posts', posts);

  const admin = lib();
  admin.get('/dashboard', list);
  app.use('/admin', admin);

  const root = lib.Router();
  root.get('/health', list);
  app.use(root);
  app.use(/^\/legacy/, lib.Router().get('/x', list));
  return app;
}

describe('express-list-endpoints on webapp', () => {
  test('lists the same endpoints, methods and middleware names as for express@4', () => {
    const expected = listEndpoints(buildApp(express));
    const actual = listEndpoints(buildApp(webapp) as any);
    assert.deepEqual(actual, expected);
  });

  test('the listing is what the app actually serves', () => {
    const endpoints = listEndpoints(buildApp(webapp) as any);
    const byPath = Object.fromEntries(endpoints.map((e) => [e.path, e]));
    assert.deepEqual(byPath['/users'], {
      path: '/users',
      methods: ['GET', 'POST'],
      middlewares: ['authenticate', 'list', 'list'],
    });
    assert.deepEqual(byPath['/api/v1/items/:itemId'].methods, ['PUT']);
    // A sub-app has no stack the tool can read in Express 4 either: it shows up with no methods.
    assert.deepEqual(byPath['/admin'], { path: '/admin', methods: [], middlewares: [] });
    assert.deepEqual(byPath['/files/:name.:ext'].methods, ['GET']);
    assert.deepEqual(byPath['/users/:id'].middlewares, ['authenticate', 'anonymous']);
    assert.deepEqual(byPath['/health'].methods, ['GET']);
    assert.ok(byPath['/a'] && byPath['/b'], 'array paths are listed one by one');
  });
});
