import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

test('app.disabled(name) is true for falsy or missing settings', () => {
  const app = webapp();
  assert.equal(app.disabled('tobi'), true);
  app.enable('tobi');
  assert.equal(app.disabled('tobi'), false);
  app.set('empty', '');
  assert.equal(app.disabled('empty'), true);
  assert.equal(app.disabled('x-powered-by'), false);
  app.disable('x-powered-by');
  assert.equal(app.disabled('x-powered-by'), true);
});
