/**
 * A mounted sub-app inherits its parent's settings that have no default of their own, `trust proxy`
 * despite its default, and never `view cache` in production (spec "Application settings").
 * Each rule is checked on webapp and on express@4 side by side.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress, request } from './support/http';

const express = require('express');
const LIBS: Array<[string, any]> = [
  ['webapp', webapp],
  ['express', express],
];

test('settings without a default are inherited, live, and can be overridden', () => {
  for (const [name, lib] of LIBS) {
    const parent = lib();
    const child = lib();
    parent.set('json spaces', 2);
    parent.use('/child', child);
    parent.set('view engine', 'pug');
    parent.enable('case sensitive routing');
    assert.equal(child.get('json spaces'), 2, name);
    assert.equal(child.get('view engine'), 'pug', name);
    assert.equal(child.enabled('case sensitive routing'), true, name);
    child.set('json spaces', 4);
    assert.equal(child.get('json spaces'), 4, name);
    assert.equal(parent.get('json spaces'), 2, name);
  }
});

test('settings with a default are not inherited', () => {
  for (const [name, lib] of LIBS) {
    const parent = lib();
    parent.set('etag', 'strong');
    parent.disable('x-powered-by');
    parent.set('query parser', 'simple');
    parent.set('subdomain offset', 3);
    parent.set('jsonp callback name', 'cb');
    parent.set('env', 'staging');
    const child = lib();
    parent.use(child);
    assert.equal(child.get('etag'), 'weak', name);
    assert.equal(child.get('x-powered-by'), true, name);
    assert.equal(child.get('query parser'), 'extended', name);
    assert.equal(child.get('subdomain offset'), 2, name);
    assert.equal(child.get('jsonp callback name'), 'callback', name);
    assert.equal(child.get('env'), 'test', name);
  }
});

test('"trust proxy" is inherited unless the sub-app set its own before mounting', () => {
  for (const [name, lib] of LIBS) {
    const parent = lib();
    parent.set('trust proxy', 'loopback');
    const inheriting = lib();
    parent.use('/a', inheriting);
    assert.equal(inheriting.get('trust proxy'), 'loopback', name);
    assert.equal(inheriting.get('trust proxy fn'), parent.get('trust proxy fn'), name);
    parent.set('trust proxy', 2);
    assert.equal(inheriting.get('trust proxy'), 2, name);

    const own = lib();
    own.set('trust proxy', false);
    parent.use('/b', own);
    assert.equal(own.get('trust proxy'), false, name);

    const defaults = lib();
    const plainParent = lib();
    plainParent.use(defaults);
    assert.equal(defaults.get('trust proxy'), false, name);
  }
});

test('"trust proxy" inheritance shows in req.ip of a sub-app', async () => {
  const parent = webapp();
  parent.set('trust proxy', true);
  const child = webapp();
  child.get('/ip', (req: any, res: any) => res.end(String(req.ip)));
  parent.use('/child', child);
  const res = await request(parent, { path: '/child/ip', headers: { 'X-Forwarded-For': '203.0.113.9' } });
  assert.equal(res.body, '203.0.113.9');
});

test('"view cache" is not inherited in production', () => {
  const saved = process.env.NODE_ENV;
  try {
    process.env.NODE_ENV = 'production';
    for (const [name, lib] of LIBS) {
      const parent = lib();
      const child = lib();
      parent.disable('view cache');
      parent.use(child);
      assert.equal(child.get('view cache'), true, name);
    }
    process.env.NODE_ENV = 'development';
    for (const [name, lib] of LIBS) {
      const parent = lib();
      const child = lib();
      parent.enable('view cache');
      parent.use(child);
      assert.equal(child.get('view cache'), true, `${name}: inherited outside production`);
    }
  } finally {
    process.env.NODE_ENV = saved;
  }
});

test('engines are inherited, and a child engine does not leak to the parent', () => {
  for (const [name, lib] of LIBS) {
    const parent = lib();
    const child = lib();
    const parentEngine = () => {};
    const childEngine = () => {};
    parent.engine('par', parentEngine);
    parent.use(child);
    child.engine('chi', childEngine);
    assert.equal(child.engines['.par'], parentEngine, name);
    assert.equal(parent.engines['.chi'], undefined, name);
  }
});

test('app.locals are not inherited', () => {
  for (const [name, lib] of LIBS) {
    const parent = lib();
    const child = lib();
    parent.locals.brand = 'x';
    parent.use(child);
    assert.equal(child.locals.brand, undefined, name);
    assert.equal(child.locals.settings, child.settings, name);
  }
});

test('a sub-app whose router is created after mounting routes with the inherited routing settings', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.enable('case sensitive routing');
      app.enable('strict routing');
      const late = lib();
      app.use('/late', late);
      late.get('/Foo/', (_req: any, res: any) => res.end('late Foo/'));
      const early = lib();
      early.get('/Foo/', (_req: any, res: any) => res.end('early Foo/'));
      app.use('/early', early);
      return app;
    },
    [
      { path: '/late/Foo/' },
      { path: '/late/foo/' },
      { path: '/late/Foo' },
      { path: '/early/foo' },
      { path: '/early/Foo' },
    ],
  );
});
