import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';
import { callResponse, errorOf, routes } from './support/response-harness';

void webapp;

describe('res.sendStatus', () => {
  it('sends the status text as text/plain like express@4', async () => {
    const codes = [200, 201, 202, 301, 400, 401, 403, 404, 410, 418, 422, 429, 500, 503, 299, 599, 799];
    const table: Record<string, (req: any, res: any) => void> = {};
    for (const code of codes) table[`/${code}`] = (_req, res) => res.sendStatus(code);
    await assertSameAsExpress(routes(table), [
      ...Object.keys(table).map((path) => ({ path })),
      ...Object.keys(table).map((path) => ({ path, method: 'HEAD' })),
    ]);
  });

  it('strips the body for 204 and 304, and sets Content-Length 0 for 205, like express@4', async () => {
    await assertSameAsExpress(
      routes({
        '/204': (_req, res) => res.sendStatus(204),
        '/205': (_req, res) => res.sendStatus(205),
        '/304': (_req, res) => res.sendStatus(304),
      }),
      [{ path: '/204' }, { path: '/205' }, { path: '/304' }],
    );
  });

  it('overrides an earlier Content-Type and keeps other headers like express@4', async () => {
    await assertSameAsExpress(
      routes({ '/': (_req, res) => res.type('json').set('X-Kept', 'yes').sendStatus(404) }),
      [{ path: '/' }],
    );
  });

  it("uses node's reason phrases, which equal the statuses table Express 4 reads", () => {
    const { STATUS_CODES } = require('node:http');
    const statuses = require('statuses');
    const codes = new Set([...Object.keys(STATUS_CODES), ...Object.keys(statuses.message)]);
    for (const code of codes) assert.equal(STATUS_CODES[code], statuses.message[code], code);
  });

  it('sends the number when the code has no phrase', async () => {
    const res = await callResponse((_req, res) => res.sendStatus(299));
    assert.equal(res.status, 299);
    assert.equal(res.body, '299');
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
  });

  it('returns the response', async () => {
    let returned: unknown;
    let self: unknown;
    await callResponse((_req, res) => {
      self = res;
      returned = res.sendStatus(200);
    });
    assert.equal(returned, self);
  });

  const BAD: Array<[unknown, string]> = [
    [99, 'RangeError'],
    [1000, 'RangeError'],
    ['nope', 'TypeError'],
    [undefined, 'TypeError'],
  ];
  for (const [code, name] of BAD) {
    it(`refuses ${String(code)} with a ${name} before anything is sent`, async () => {
      const res = await callResponse((_req, res) => res.sendStatus(code as number));
      assert.equal(res.status, 500);
      assert.equal(errorOf(res)?.name, name);
    });
  }
});
