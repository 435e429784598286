import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';
import { callResponse, routes } from './support/response-harness';

void webapp;

describe('res.get', () => {
  it('reads headers case-insensitively like express@4', async () => {
    const show = (res: any, name: string) => JSON.stringify(res.get(name) ?? null);
    await assertSameAsExpress(
      routes({
        '/': (_req, res) => {
          res.set('X-A', 'a').set('X-List', ['1', '2']).type('html');
          res.end(
            [show(res, 'x-a'), show(res, 'X-LIST'), show(res, 'Content-Type'), show(res, 'X-None')].join('|'),
          );
        },
      }),
      [{ path: '/' }],
    );
  });

  it('returns undefined for a missing header and the stored value otherwise', async () => {
    const seen: unknown[] = [];
    await callResponse((_req, res) => {
      seen.push(res.get('X-Missing'));
      res.setHeader('X-Count', 12);
      seen.push(res.get('x-count'));
      res.end();
    });
    assert.deepEqual(seen, [undefined, 12]);
  });
});
