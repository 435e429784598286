/**
 * router.handle(req, res, next) and the router as a function, called directly with plain objects
 * (as tools and tests do), outside any app.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../../src/index');

const express = require('express');

/** Dispatches a fake request and resolves with what `next` received, or what the handler ended with. */
function dispatch(router: any, req: any): Promise<{ out?: unknown; ended?: string; req: any }> {
  return new Promise((resolve) => {
    const res: any = {
      end: (text: string) => resolve({ ended: text, req }),
      setHeader() {},
    };
    router.handle(req, res, (err?: unknown) => resolve({ out: err, req }));
  });
}

test('Router() is a function whose prototype chain carries the router methods', () => {
  for (const lib of [webapp, express]) {
    const router = lib.Router();
    assert.equal(typeof router, 'function');
    for (const name of ['handle', 'use', 'route', 'param', 'get', 'post', 'all']) {
      assert.equal(typeof router[name], 'function', name);
    }
    assert.deepEqual(router.params, {});
    assert.deepEqual(router._params, []);
    assert.equal(router.caseSensitive, undefined);
    assert.equal(router.mergeParams, undefined);
    assert.equal(router.strict, undefined);
    assert.ok(Array.isArray(router.stack));
    assert.equal(router.stack.length, 0);
    const withOptions = lib.Router({ caseSensitive: true, mergeParams: true, strict: true });
    assert.equal(withOptions.caseSensitive, true);
    assert.equal(withOptions.mergeParams, true);
    assert.equal(withOptions.strict, true);
  }
});

test('webapp.Router works with and without new', () => {
  const Router = webapp.Router as any;
  const a = new Router();
  const b = Router();
  assert.equal(typeof a.handle, 'function');
  assert.equal(typeof b.handle, 'function');
});

test('router.handle dispatches and calls next when nothing matches, restoring req', async () => {
  for (const lib of [webapp, express]) {
    const router = lib.Router();
    router.get('/hit/:id', (req: any, res: any) => res.end(`hit ${req.params.id} ${req.baseUrl}`));
    router.use('/mw', (req: any, _res: any, next: any) => {
      req.inside = `${req.baseUrl}|${req.url}`;
      next();
    });
    const hit = await dispatch(router, { method: 'GET', url: '/hit/7' });
    assert.equal(hit.ended, 'hit 7 ');
    const miss = await dispatch(router, {
      method: 'GET',
      url: '/mw/deep?x',
      baseUrl: '/mount',
      params: { p: 1 },
    });
    assert.equal(miss.out, undefined);
    assert.equal(miss.req.inside, '/mount/mw|/deep?x');
    assert.equal(miss.req.url, '/mw/deep?x');
    assert.equal(miss.req.baseUrl, '/mount');
    assert.deepEqual(miss.req.params, { p: 1 });
    assert.equal(miss.req.originalUrl, '/mw/deep?x');
  }
});

test('router.handle passes errors to next; next("router") becomes next()', async () => {
  for (const lib of [webapp, express]) {
    const router = lib.Router();
    router.get('/err', () => {
      throw new Error('router error');
    });
    router.get('/leave', (_req: any, _res: any, next: any) => next('router'));
    const err = await dispatch(router, { method: 'GET', url: '/err' });
    assert.equal((err.out as Error).message, 'router error');
    const left = await dispatch(router, { method: 'GET', url: '/leave' });
    assert.equal(left.out, null);
  }
});

test('calling the router function is the same as router.handle', async () => {
  const router = webapp.Router();
  router.get('/', (_req: any, res: any) => res.end('called'));
  const result = await new Promise<string>((resolve, reject) => {
    router({ method: 'GET', url: '/' } as any, { end: resolve } as any, reject);
  });
  assert.equal(result, 'called');
});

test('a request whose URL cannot be parsed falls through to next', async () => {
  for (const lib of [webapp, express]) {
    const router = lib.Router();
    router.use((_req: any, res: any) => res.end('matched'));
    const out = await dispatch(router, { method: 'GET', url: undefined });
    assert.equal(out.ended, undefined);
  }
});

test('req.originalUrl is kept when already set', async () => {
  const router = webapp.Router();
  router.use((req: any, res: any) => res.end(req.originalUrl));
  const out = await dispatch(router, { method: 'GET', url: '/x', originalUrl: '/outer/x' });
  assert.equal(out.ended, '/outer/x');
});
