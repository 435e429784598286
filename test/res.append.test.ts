import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';
import { callResponse, errorOf, routes } from './support/response-harness';

void webapp;

describe('res.append', () => {
  it('appends values like express@4', async () => {
    await assertSameAsExpress(
      routes({
        '/new': (_req, res) => res.append('X-A', 'one').end(),
        '/string': (_req, res) => res.append('X-A', 'one').append('X-A', 'two').end(),
        '/arrays': (_req, res) => res.append('X-A', ['1', '2']).append('X-A', ['3']).append('X-A', '4').end(),
        '/onto-string': (_req, res) => res.set('X-A', 'first').append('X-A', ['2', '3']).end(),
        '/cookies': (_req, res) =>
          res.append('Set-Cookie', 'a=1; Path=/').append('Set-Cookie', 'b=2; Path=/').cookie('c', '3').end(),
        '/then-set': (_req, res) => res.append('X-A', 'one').set('X-A', 'reset').end(),
        '/no-value': (_req, res) => res.append('X-A').end(),
        '/type': (_req, res) => res.append('Content-Type', 'text/plain').end(),
      }),
      [
        { path: '/new' },
        { path: '/string' },
        { path: '/arrays' },
        { path: '/onto-string' },
        { path: '/cookies' },
        { path: '/then-set' },
        { path: '/no-value' },
        { path: '/type' },
      ],
    );
  });

  it('is chainable and keeps earlier values', async () => {
    let value: unknown;
    await callResponse((_req, res) => {
      assert.equal(res.append('Link', '<a>'), res);
      res.append('Link', '<b>');
      value = res.get('Link');
      res.end();
    });
    assert.deepEqual(value, ['<a>', '<b>']);
  });

  it('refuses CR/LF in an appended value', async () => {
    const res = await callResponse((_req, res) =>
      res.append('X-A', 'ok').append('X-A', 'x\r\nX-Evil: 1').end(),
    );
    assert.equal(errorOf(res)?.name, 'TypeError');
    assert.equal(res.headers['x-evil'], undefined);
  });
});
