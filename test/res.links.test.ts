import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';
import { callResponse, errorOf, routes } from './support/response-harness';

void webapp;

describe('res.links', () => {
  it('builds the Link header like express@4', async () => {
    await assertSameAsExpress(
      routes({
        '/two': (_req, res) =>
          res
            .links({
              next: 'http://api.example.com/users?page=2',
              last: 'http://api.example.com/users?page=5',
            })
            .end(),
        '/twice': (_req, res) => res.links({ next: '/2' }).links({ prev: '/0' }).end(),
        '/existing': (_req, res) => res.set('Link', '<a>; rel="x"').links({ next: '/2' }).end(),
        '/empty': (_req, res) => res.links({}).end(),
        '/empty-after': (_req, res) => res.links({ a: '/a' }).links({}).end(),
        '/array': (_req, res) => res.links({ alternate: ['/a', '/b'] }).end(),
        '/appended': (_req, res) => res.append('Link', ['<a>', '<b>']).links({ c: '/c' }).end(),
      }),
      [
        { path: '/two' },
        { path: '/twice' },
        { path: '/existing' },
        { path: '/empty' },
        { path: '/empty-after' },
        { path: '/array' },
        { path: '/appended' },
      ],
    );
  });

  it('is chainable', async () => {
    const res = await callResponse((_req, res) => {
      assert.equal(res.links({ next: '/n' }), res);
      res.end();
    });
    assert.equal(res.headers.link, '</n>; rel="next"');
  });

  it('refuses CR/LF in a URL', async () => {
    const res = await callResponse((_req, res) => res.links({ next: '/n>\r\nX-Evil: 1' }).end());
    assert.equal(errorOf(res)?.name, 'TypeError');
    assert.equal(res.headers['x-evil'], undefined);
  });
});
