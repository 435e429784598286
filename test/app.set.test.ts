import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

const express = require('express');

test('app.set(name, value) stores the value and returns the app', () => {
  const app = webapp();
  assert.equal(app.set('foo', 'bar'), app);
  assert.equal(app.get('foo'), 'bar');
  assert.equal(app.settings.foo, 'bar');
  app.set('foo', undefined);
  assert.equal(app.get('foo'), undefined);
});

test('app.set(name) with one argument reads the setting', () => {
  const app = webapp();
  app.set('n', 0);
  assert.equal(app.set('n'), 0);
  assert.equal(app.set('missing'), undefined);
});

test('the default settings equal Express 4 defaults', () => {
  const a = webapp();
  const e = express();
  assert.deepEqual(Object.keys(a.settings).sort(), Object.keys(e.settings).sort());
  for (const key of Object.keys(e.settings)) {
    const expected = e.settings[key];
    if (typeof expected === 'function') {
      assert.equal(typeof a.settings[key], 'function', key);
    } else {
      assert.deepEqual(a.settings[key], expected, key);
    }
  }
  assert.equal(a.get('env'), 'test');
  assert.equal(a.get('views'), `${process.cwd()}/views`);
  assert.equal(a.get('view cache'), undefined);
});

test('"env" comes from NODE_ENV, else development; "view cache" is on in production', () => {
  const saved = process.env.NODE_ENV;
  try {
    delete process.env.NODE_ENV;
    assert.equal(webapp().get('env'), 'development');
    assert.equal(webapp().get('view cache'), undefined);
    process.env.NODE_ENV = 'production';
    const prod = webapp();
    assert.equal(prod.get('env'), 'production');
    assert.equal(prod.get('view cache'), true);
  } finally {
    process.env.NODE_ENV = saved;
  }
});

test('"etag" compiles "etag fn": weak/true → weak, strong → strong, false → none, fn → fn', () => {
  const app = webapp();
  const body = 'hello';
  app.set('etag', 'weak');
  assert.match(app.get('etag fn')(body, 'utf8'), /^W\//);
  app.set('etag', true);
  assert.match(app.get('etag fn')(body, 'utf8'), /^W\//);
  app.set('etag', 'strong');
  assert.match(app.get('etag fn')(body, 'utf8'), /^"/);
  app.set('etag', false);
  assert.equal(app.get('etag fn'), undefined);
  const custom = () => '"x"';
  app.set('etag', custom);
  assert.equal(app.get('etag fn'), custom);
  assert.equal(app.get('etag'), custom);
});

test('"etag" and "query parser" reject unknown values with Express messages, keeping the raw value', () => {
  for (const lib of [webapp, express]) {
    const app = lib();
    const before = app.get('etag fn');
    assert.throws(() => app.set('etag', 'bogus'), {
      name: 'TypeError',
      message: 'unknown value for etag function: bogus',
    });
    assert.equal(app.get('etag'), 'bogus');
    assert.equal(app.get('etag fn'), before);
    assert.throws(() => app.set('query parser', 'bogus'), {
      name: 'TypeError',
      message: 'unknown value for query parser function: bogus',
    });
  }
});

test('"query parser" compiles "query parser fn": extended, simple, true, false, custom', () => {
  const app = webapp();
  app.set('query parser', 'extended');
  assert.deepEqual({ ...app.get('query parser fn')('a[b]=1') }, { a: { b: '1' } });
  app.set('query parser', 'simple');
  assert.deepEqual({ ...app.get('query parser fn')('a[b]=1') }, { 'a[b]': '1' });
  app.set('query parser', true);
  assert.deepEqual({ ...app.get('query parser fn')('x=1&x=2') }, { x: ['1', '2'] });
  app.set('query parser', false);
  // A function, as in Express 4, so plugins that call `app.get('query parser fn')(str)` work.
  const none = app.get('query parser fn');
  assert.deepEqual(none('a=1'), {});
  assert.notEqual(none('a=1'), none('a=1'), 'a fresh object per call');
  const custom = () => ({ custom: true });
  app.set('query parser', custom);
  assert.equal(app.get('query parser fn'), custom);
});

test('"trust proxy" keeps the raw value and compiles "trust proxy fn"', () => {
  const app = webapp();
  assert.equal(app.get('trust proxy'), false);
  assert.equal(app.get('trust proxy fn')('127.0.0.1', 0), false);
  app.set('trust proxy', true);
  assert.equal(app.get('trust proxy'), true);
  assert.equal(app.get('trust proxy fn')('1.2.3.4', 0), true);
  app.set('trust proxy', 'loopback');
  assert.equal(app.get('trust proxy'), 'loopback');
  assert.equal(app.get('trust proxy fn')('127.0.0.1', 0), true);
  assert.equal(app.get('trust proxy fn')('10.0.0.1', 0), false);
  app.set('trust proxy', 1);
  assert.equal(app.get('trust proxy fn')('10.0.0.1', 0), true);
  assert.equal(app.get('trust proxy fn')('10.0.0.1', 1), false);
  assert.throws(() => app.set('trust proxy', 'not-an-ip'));
});

test('"case sensitive routing" and "strict routing" apply to the app router when it is created', () => {
  const app = webapp();
  app.enable('case sensitive routing');
  app.enable('strict routing');
  app.get('/A/', () => {});
  assert.equal(app._router.caseSensitive, true);
  assert.equal(app._router.strict, true);
  const late = webapp();
  late.get('/x', () => {});
  late.enable('strict routing');
  assert.equal(late._router.strict, false);
});
