import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

const express = require('express');

const MESSAGE =
  "'app.router' is deprecated!\nPlease see the 3.x to 4.x migration guide for details on how to update your app.";

test('reading app.router throws the Express 4 migration error', () => {
  for (const lib of [webapp, express]) {
    const app = lib();
    assert.throws(() => app.router, { name: 'Error', message: MESSAGE });
  }
});

test('app.router is not enumerable, so copying an app does not throw', () => {
  const app = webapp();
  assert.equal(Object.keys(app).includes('router'), false);
  assert.doesNotThrow(() => ({ ...app }));
  assert.doesNotThrow(() => Object.assign({}, app));
  assert.deepEqual(Object.keys(app).sort(), Object.keys(express()).sort());
});
