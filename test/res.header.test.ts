import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';
import { callResponse, errorOf, routes } from './support/response-harness';

describe('res.header', () => {
  it('is the same function as res.set', () => {
    assert.equal(webapp.response.header, webapp.response.set);
  });

  it('sets headers like express@4', async () => {
    await assertSameAsExpress(
      routes({
        '/one': (_req, res) => res.header('X-One', 1).end(),
        '/many': (_req, res) => res.header({ 'X-A': ['1', '2'], 'Content-Type': 'text/csv' }).end(),
        '/type': (_req, res) => res.header('content-type', 'application/json').end('{}'),
      }),
      [{ path: '/one' }, { path: '/many' }, { path: '/type' }],
    );
  });

  it('refuses CR/LF in a value', async () => {
    const res = await callResponse((_req, res) => res.header('X-A', 'a\r\nX-Evil: 1').end());
    assert.equal(errorOf(res)?.name, 'TypeError');
    assert.equal(res.headers['x-evil'], undefined);
  });
});
