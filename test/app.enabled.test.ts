import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

test('app.enabled(name) is true for truthy settings only', () => {
  const app = webapp();
  assert.equal(app.enabled('tobi'), false);
  app.enable('tobi');
  assert.equal(app.enabled('tobi'), true);
  app.set('count', 0);
  assert.equal(app.enabled('count'), false);
  app.set('name', 'x');
  assert.equal(app.enabled('name'), true);
  assert.equal(app.enabled('x-powered-by'), true);
});

test('app.enabled reads inherited settings', () => {
  const parent = webapp();
  const child = webapp();
  parent.enable('feature');
  parent.use(child);
  assert.equal(child.enabled('feature'), true);
});
