import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

test('app.disable(name) sets the setting to false and returns the app', () => {
  const app = webapp();
  assert.equal(app.disable('tobi'), app);
  assert.equal(app.get('tobi'), false);
  app.disable('x-powered-by');
  assert.equal(app.get('x-powered-by'), false);
});

test('app.disable("etag") removes the etag function', () => {
  const app = webapp();
  app.disable('etag');
  assert.equal(app.get('etag'), false);
  assert.equal(app.get('etag fn'), undefined);
});
