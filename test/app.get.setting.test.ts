import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

const express = require('express');

test('app.get(name) returns the value of a setting', () => {
  const app = webapp();
  app.set('title', 'Site');
  assert.equal(app.get('title'), 'Site');
  assert.equal(app.get('etag'), 'weak');
  assert.equal(app.get('x-powered-by'), true);
});

test('app.get(name) of an unknown setting is undefined', () => {
  for (const lib of [webapp, express]) assert.equal(lib().get('nope'), undefined);
});

test('app.get never returns Object.prototype members', () => {
  for (const lib of [webapp, express]) {
    const app = lib();
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      assert.equal(app.get(name), undefined, `${name} (${lib === express ? 'express' : 'webapp'})`);
      assert.equal(app.enabled(name), false);
      assert.equal(app.disabled(name), true);
    }
  }
});

test('app.get reads settings inherited from the parent app', () => {
  for (const lib of [webapp, express]) {
    const parent = lib();
    const child = lib();
    parent.set('title', 'Parent');
    parent.use('/child', child);
    assert.equal(child.get('title'), 'Parent');
    child.set('title', 'Child');
    assert.equal(child.get('title'), 'Child');
    assert.equal(parent.get('title'), 'Parent');
  }
});

test('app.get(name) does not create the router; app.get(path, fn) does', () => {
  const app = webapp();
  app.get('anything');
  assert.equal(app._router, undefined);
  app.get('/', () => {});
  assert.notEqual(app._router, undefined);
});
