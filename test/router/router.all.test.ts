import assert from 'node:assert/strict';
import { METHODS } from 'node:http';
import { test } from 'node:test';

import webapp = require('../../src/index');

import { assertSameAsExpress } from '../support/http';

const express = require('express');

test('router.all answers every method, OPTIONS included', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router();
      router.all('/any', (req: any, res: any) => res.end(`all ${req.method}`));
      app.use(router);
      return app;
    },
    [
      ...METHODS.filter((m) => m !== 'CONNECT').map((method) => ({ method, path: '/any' })),
      { path: '/none' },
    ],
  );
});

test('router.all uses route.all: one layer, methods._all', () => {
  for (const lib of [webapp, express]) {
    const router = lib.Router();
    function handler() {}
    router.all('/x', handler);
    const route = router.stack[0].route;
    assert.deepEqual(route.methods, { _all: true });
    assert.equal(route.stack.length, 1);
    assert.equal(route.stack[0].method, undefined);
    assert.equal(route.stack[0].handle, handler);
  }
});

test('route.all rejects non-functions with a TypeError naming the type like Express', () => {
  for (const lib of [webapp, express]) {
    assert.throws(() => lib.Router().all('/x', 'nope'), {
      name: 'TypeError',
      message: 'Route.all() requires a callback function but got a [object String]',
    });
  }
});
