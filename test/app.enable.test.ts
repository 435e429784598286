import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

test('app.enable(name) sets the setting to true and returns the app', () => {
  const app = webapp();
  assert.equal(app.enable('tobi'), app);
  assert.equal(app.get('tobi'), true);
  app.set('x-powered-by', false);
  app.enable('x-powered-by');
  assert.equal(app.get('x-powered-by'), true);
});

test('app.enable("trust proxy") compiles the trust function', () => {
  const app = webapp();
  app.enable('trust proxy');
  assert.equal(app.get('trust proxy'), true);
  assert.equal(app.get('trust proxy fn')('8.8.8.8', 3), true);
});
