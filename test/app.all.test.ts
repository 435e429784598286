import assert from 'node:assert/strict';
import { METHODS } from 'node:http';
import { test } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';

const ROUTABLE = METHODS.filter((method) => method !== 'CONNECT');

test('app.all routes every method to the handlers', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.all('/any', (req: any, res: any) => {
        res.setHeader('Content-Type', 'text/plain');
        res.end(`all ${req.method}`);
      });
      return app;
    },
    [...ROUTABLE.map((method) => ({ method, path: '/any' })), { path: '/other' }],
  );
});

test('app.all is a prefix-free route: it does not match sub-paths and works with next()', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.all('/api/*', (req: any, _res: any, next: any) => {
        req.authed = true;
        next();
      });
      app.all('/api', (_req: any, res: any) => res.end('api root'));
      app.get('/api/users', (req: any, res: any) => res.end(`users authed=${req.authed}`));
      app.post('/api/users', (req: any, res: any) => res.end(`created authed=${req.authed}`));
      return app;
    },
    [
      { path: '/api/users' },
      { method: 'POST', path: '/api/users' },
      { method: 'PUT', path: '/api/users' },
      { path: '/api' },
      { method: 'OPTIONS', path: '/api' },
      { method: 'OPTIONS', path: '/api/users' },
    ],
  );
});

test('app.all registers one layer per method (route.methods lists them all, no _all)', () => {
  const app = webapp();
  const express = require('express')();
  for (const target of [app, express]) {
    target.all('/x', function handler() {});
    const route = target._router.stack[target._router.stack.length - 1].route;
    assert.equal(route.methods._all, undefined);
    assert.deepEqual(
      Object.keys(route.methods),
      METHODS.map((m) => m.toLowerCase()),
    );
    assert.equal(route.stack.length, METHODS.length);
    assert.deepEqual(
      route.stack.map((layer: any) => layer.method),
      METHODS.map((m) => m.toLowerCase()),
    );
  }
});

test('app.all returns the app and rejects non-functions', () => {
  const app = webapp();
  assert.equal(
    app.all('/', () => {}),
    app,
  );
  assert.throws(() => app.all('/', 42 as any), /requires a callback function but got a \[object Number\]/);
});
