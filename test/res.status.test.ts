import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress, requestAll } from './support/http';
import { callResponse, captureDeprecations, errorOf, routes } from './support/response-harness';

describe('res.status', () => {
  it('sets the status code like express@4 for every valid code', async () => {
    const codes = [100 + 0, 200, 201, 204, 301, 304, 400, 404, 418, 451, 500, 599, 600, 999];
    const table: Record<string, (req: any, res: any) => void> = {};
    for (const code of codes.filter((c) => c !== 100)) {
      table[`/${code}`] = (_req, res) => res.status(code).end('x');
    }
    await assertSameAsExpress(
      routes(table),
      Object.keys(table).map((path) => ({ path })),
    );
  });

  it('accepts the deprecated forms express@4 accepts (numeric string, fraction)', async () => {
    await assertSameAsExpress(
      routes({
        '/string': (_req, res) => res.status('201').end('x'),
        '/fraction': (_req, res) => res.status(404.7).end('x'),
        '/spaced': (_req, res) => res.status(' 202 ').end('x'),
      }),
      [{ path: '/string' }, { path: '/fraction' }, { path: '/spaced' }],
    );
  });

  it('is chainable and returns the response', async () => {
    const res = await callResponse((_req, res) => {
      assert.equal(res.status(202), res);
      res.status(203).end();
    });
    assert.equal(res.status, 203);
  });

  it('stores an integer for deprecated forms and warns once per call site with the Express message', async () => {
    let seen: unknown;
    const warnings = await captureDeprecations(() =>
      callResponse((_req, res) => {
        res.status('201' as any);
        seen = res.statusCode;
        res.status(404.5);
        res.end();
      }),
    );
    assert.equal(seen, 201);
    // One warning per call site, as Express 4 warns.
    assert.deepEqual(warnings, [
      'res.status("201"): use res.status(201) instead',
      'res.status(404.5): use res.status(404) instead',
    ]);
  });

  const BAD: Array<[unknown, string, string]> = [
    [99, 'RangeError', 'Invalid status code: 99. Status code must be greater than 99 and less than 1000.'],
    [
      1000,
      'RangeError',
      'Invalid status code: 1000. Status code must be greater than 99 and less than 1000.',
    ],
    [
      -200,
      'RangeError',
      'Invalid status code: -200. Status code must be greater than 99 and less than 1000.',
    ],
    [0, 'RangeError', 'Invalid status code: 0. Status code must be greater than 99 and less than 1000.'],
    [
      '99',
      'RangeError',
      'Invalid status code: "99". Status code must be greater than 99 and less than 1000.',
    ],
    ['abc', 'TypeError', 'Invalid status code: "abc". Status code must be an integer.'],
    ['', 'TypeError', 'Invalid status code: "". Status code must be an integer.'],
    [Number.NaN, 'TypeError', 'Invalid status code: null. Status code must be an integer.'],
    [Number.POSITIVE_INFINITY, 'TypeError', 'Invalid status code: null. Status code must be an integer.'],
    [undefined, 'TypeError', 'Invalid status code: undefined. Status code must be an integer.'],
    [null, 'TypeError', 'Invalid status code: null. Status code must be an integer.'],
    [{}, 'TypeError', 'Invalid status code: {}. Status code must be an integer.'],
    [
      '200\r\nX-Evil: 1',
      'TypeError',
      'Invalid status code: "200\\r\\nX-Evil: 1". Status code must be an integer.',
    ],
  ];
  for (const [code, name, message] of BAD) {
    it(`throws a clear ${name} at once for ${JSON.stringify(code) ?? String(code)}`, async () => {
      let thrown: any;
      const res = await callResponse((_req, res) => {
        try {
          res.status(code as number);
        } catch (err) {
          thrown = err;
        }
        res.end(String(res.statusCode));
      });
      assert.equal(thrown?.name, name);
      assert.equal(thrown?.message, message);
      assert.equal(res.body, '200', 'the status is left unchanged');
    });
  }

  it('turns a bad code into an error for the error handler, as express@4 does', async () => {
    // Express 4 fails later (when node writes the head, after res.send has set its headers) with
    // node's message; webapp fails inside res.status with Express 5's message. Both reach the error
    // handler with nothing sent, so the outcome is compared, not the wording.
    const build = (lib: any) => {
      const app = lib();
      const onError = (err: any, _req: any, res: any, _next: any) => {
        res.statusCode = 500;
        res.removeHeader('Content-Length');
        res.end(`${err instanceof RangeError || err instanceof TypeError}`);
      };
      app.get('/low', (_req: any, res: any) => res.status(99).send('x'), onError);
      app.get('/high', (_req: any, res: any) => res.status(1000).send('x'), onError);
      app.get('/undefined', (_req: any, res: any) => res.status(undefined).send('x'), onError);
      return app;
    };
    const paths = [{ path: '/low' }, { path: '/high' }, { path: '/undefined' }];
    const expected = await requestAll(build(require('express')), paths);
    const actual = await requestAll(build(webapp), paths);
    for (let i = 0; i < paths.length; i++) {
      assert.equal(actual[i].status, expected[i].status);
      assert.equal(actual[i].body, 'true');
      assert.equal(actual[i].body, expected[i].body);
    }
  });

  it('reports errors through the harness as thrown errors', async () => {
    const res = await callResponse((_req, res) => res.status(42).end());
    assert.equal(res.status, 500);
    assert.equal(errorOf(res)?.name, 'RangeError');
  });
});
