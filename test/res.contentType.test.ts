import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';
import { routes } from './support/response-harness';

describe('res.contentType', () => {
  it('is the same function as res.type', () => {
    assert.equal(webapp.response.contentType, webapp.response.type);
  });

  it('sets Content-Type like express@4', async () => {
    await assertSameAsExpress(
      routes({
        '/ext': (_req, res) => res.contentType('json').end(),
        '/dot': (_req, res) => res.contentType('.png').end(),
        '/mime': (_req, res) => res.contentType('text/csv').end(),
        '/unknown': (_req, res) => res.contentType('nope').end(),
      }),
      [{ path: '/ext' }, { path: '/dot' }, { path: '/mime' }, { path: '/unknown' }],
    );
  });
});
