import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress, type RequestOptions } from './support/http';
import { callResponse, captureDeprecations, routes } from './support/response-harness';

void webapp;

const CALLBACKS = [
  '',
  'cb',
  'foo.bar',
  'arr[0]',
  '$jq_123',
  'alert(1);//',
  'a b<c>d"e\'f',
  '\u2028evil',
  'callback&callback=second',
  'x'.repeat(300),
];

function query(callback: string): string {
  return `callback=${encodeURIComponent(callback)}`;
}

describe('res.jsonp', () => {
  it('wraps the JSON in a sanitised callback like express@4', async () => {
    const requests: RequestOptions[] = [
      { path: '/' },
      ...CALLBACKS.map((cb) => ({ path: `/?${query(cb)}` })),
    ];
    requests.push({ path: '/?callback=a&callback=b' }, { path: '/?callback[x]=y' }, { path: '/?other=cb' });
    await assertSameAsExpress(
      routes({ '/': (_req, res) => res.jsonp({ user: 'tobi', sep: '\u2028\u2029' }) }),
      [...requests, ...requests.map((r) => ({ ...r, method: 'HEAD' }))],
    );
  });

  it('handles every value type like express@4', async () => {
    const values: unknown[] = [null, undefined, 0, 'str', '\u2028', true, [1, 2], { a: '<&>' }];
    const table: Record<string, (req: any, res: any) => void> = {};
    values.forEach((value, i) => {
      table[`/${i}`] = (_req, res) => res.jsonp(value);
    });
    await assertSameAsExpress(
      routes(table),
      Object.keys(table).flatMap((path) => [{ path }, { path: `${path}?callback=fn` }]),
    );
  });

  it('uses the jsonp callback name setting and the json settings like express@4', async () => {
    await assertSameAsExpress(
      routes(
        { '/': (_req, res) => res.jsonp({ html: '<p>&</p>', list: [1, 2] }) },
        {
          configure: (app) => {
            app.set('jsonp callback name', 'cb');
            app.set('json spaces', 2);
            app.set('json escape', true);
            app.set('json replacer', (key: string, value: unknown) => (key === 'list' ? undefined : value));
          },
        },
      ),
      [{ path: '/?cb=handle' }, { path: '/?callback=ignored' }],
    );
  });

  it('keeps an existing Content-Type without a callback, and replaces it with one, like express@4', async () => {
    await assertSameAsExpress(
      routes({ '/': (_req, res) => res.type('application/vnd.x+json').jsonp({ a: 1 }) }),
      [{ path: '/' }, { path: '/?callback=f' }],
    );
  });

  it('accepts the deprecated status forms like express@4', async () => {
    await assertSameAsExpress(
      routes({
        '/status-first': (_req, res) => res.jsonp(201, { a: 1 }),
        '/status-last': (_req, res) => res.jsonp({ a: 1 }, 202),
      }),
      [{ path: '/status-first?callback=f' }, { path: '/status-last' }],
    );
  });

  it('warns about each deprecated form with the Express message', async () => {
    const warnings = await captureDeprecations(async () => {
      await callResponse((_req, res) => Reflect.apply(res.jsonp, res, [201, { a: 1 }]));
      await callResponse((_req, res) => Reflect.apply(res.jsonp, res, [{ a: 1 }, 201]));
    });
    assert.deepEqual(warnings, [
      'res.jsonp(status, obj): Use res.status(status).jsonp(obj) instead',
      'res.jsonp(obj, status): Use res.status(status).jsonp(obj) instead',
    ]);
  });

  it('produces a script that cannot break out of the call', async () => {
    const res = await callResponse((_req, res) => res.jsonp({ s: '\u2028</script>' }), {
      path: `/?${query('x);alert(1);//\u2028')}`,
    });
    assert.equal(res.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.body, `/**/ typeof xalert1 === 'function' && xalert1({"s":"\\u2028</script>"});`);
  });

  it('sends plain JSON with nosniff when no callback is given', async () => {
    const res = await callResponse((_req, res) => res.jsonp([1]));
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.body, '[1]');
  });
});
