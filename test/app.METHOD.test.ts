import assert from 'node:assert/strict';
import { METHODS } from 'node:http';
import { test } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';

/** Every method node can route; CONNECT never reaches a request listener (node emits 'connect'). */
const ROUTABLE = METHODS.filter((method) => method !== 'CONNECT');

const reply = (tag: string) => (req: any, res: any) => {
  res.setHeader('Content-Type', 'text/plain');
  res.setHeader('X-Tag', tag);
  res.end(`${tag} ${req.method} ${req.url}`);
};

test('app.METHOD exists for every method of node:http, m-search included', () => {
  const app: any = webapp();
  for (const method of METHODS) assert.equal(typeof app[method.toLowerCase()], 'function', method);
  assert.equal(typeof app['m-search'], 'function');
  assert.equal(typeof app.delete, 'function');
});

test('app.METHOD routes exactly its method (differential over every method)', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      for (const method of ROUTABLE) app[method.toLowerCase()](`/${method.toLowerCase()}`, reply(method));
      return app;
    },
    [
      ...ROUTABLE.map((method) => ({ method, path: `/${method.toLowerCase()}` })),
      ...ROUTABLE.map((method) => ({ method, path: '/get' })),
      ...ROUTABLE.map((method) => ({ method, path: '/post' })),
    ],
  );
});

test("app['m-search'] routes M-SEARCH", async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app['m-search']('/', reply('m-search'));
      return app;
    },
    [{ method: 'M-SEARCH', path: '/' }, { method: 'SEARCH', path: '/' }, { path: '/' }],
  );
});

test('app.METHOD takes several handlers, arrays and nested arrays; next() walks them', async () => {
  const step = (name: string) => (req: any, _res: any, next: any) => {
    req.steps = `${req.steps ?? ''}${name}`;
    next();
  };
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.get('/x', step('a'), [step('b'), [step('c')]], (req: any, res: any) => res.end(req.steps));
      app.post('/x', [step('p'), (req: any, res: any) => res.end(req.steps)]);
      return app;
    },
    [{ path: '/x' }, { method: 'POST', path: '/x' }, { method: 'PUT', path: '/x' }],
  );
});

test('app.METHOD returns the app, and routes with no handler fall through', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const chained = app.post('/empty').put('/empty');
      if (chained !== app) throw new Error('not chainable');
      app.all('/empty', reply('fallthrough'));
      return app;
    },
    [
      { method: 'POST', path: '/empty' },
      { method: 'PUT', path: '/empty' },
    ],
  );
});

test('app.METHOD throws for a non-function handler with Express 4 messages', () => {
  const express = require('express');
  const cases: Array<[string, unknown, string]> = [
    ['get', undefined, 'Route.get() requires a callback function but got a [object Undefined]'],
    ['post', 'str', 'Route.post() requires a callback function but got a [object String]'],
    ['put', {}, 'Route.put() requires a callback function but got a [object Object]'],
    ['delete', null, 'Route.delete() requires a callback function but got a [object Null]'],
    ['patch', 1, 'Route.patch() requires a callback function but got a [object Number]'],
  ];
  for (const [method, handler, message] of cases) {
    assert.throws(() => (webapp() as any)[method]('/', handler), { name: 'Error', message });
    assert.throws(() => express()[method]('/', handler), { name: 'Error', message });
  }
});

test('app.get with one argument reads a setting instead of routing', () => {
  const app = webapp();
  app.set('title', 'My Site');
  assert.equal(app.get('title'), 'My Site');
  assert.equal(app._router, undefined);
  app.get('/', () => {});
  assert.ok(app._router);
});

test('app.METHOD route layers use the app routing settings', () => {
  const app = webapp();
  app.enable('case sensitive routing');
  app.enable('strict routing');
  app.get('/Path/', () => {});
  const layer = app._router.stack[app._router.stack.length - 1];
  assert.equal(layer.regexp.source, '^\\/Path\\/$');
  assert.equal(layer.regexp.flags, '');
});
