import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';
import { callResponse, routes } from './support/response-harness';

const VALUE = {
  name: 'tobi',
  html: '<script>alert("&")</script>',
  nested: { list: [1, 2, { secret: 's' }] },
  secret: 'hide me',
};

const table = {
  '/json': (_req: any, res: any) => res.json(VALUE),
  '/jsonp': (_req: any, res: any) => res.jsonp(VALUE),
  '/send': (_req: any, res: any) => res.send(VALUE),
  '/string': (_req: any, res: any) => res.json('<&>'),
};
const requests = [{ path: '/json' }, { path: '/jsonp?callback=cb' }, { path: '/send' }, { path: '/string' }];

describe('app.set json settings', () => {
  const CONFIGS: Array<[string, Record<string, unknown>]> = [
    ['json spaces 2', { 'json spaces': 2 }],
    ['json spaces tab', { 'json spaces': '\t' }],
    ['json spaces 0', { 'json spaces': 0 }],
    ['json escape', { 'json escape': true }],
    ['json escape off', { 'json escape': false }],
    [
      'json replacer function',
      { 'json replacer': (key: string, value: unknown) => (key === 'secret' ? undefined : value) },
    ],
    ['json replacer array', { 'json replacer': ['name', 'nested', 'list'] }],
    ['all together', { 'json spaces': 1, 'json escape': true, 'json replacer': ['name', 'html'] }],
  ];
  for (const [label, settings] of CONFIGS) {
    it(`applies ${label} to res.json, res.jsonp and res.send like express@4`, async () => {
      await assertSameAsExpress(
        routes(table, {
          configure: (app) => {
            for (const key of Object.keys(settings)) app.set(key, settings[key]);
          },
        }),
        requests,
      );
    });
  }

  it('is inherited by a mounted sub-app like express@4', async () => {
    await assertSameAsExpress(
      (lib: any) => {
        const app = lib();
        app.set('json spaces', 2);
        app.set('json escape', true);
        const sub = lib();
        sub.get('/', (_req: any, res: any) => res.json({ a: '<b>' }));
        app.use('/sub', sub);
        return app;
      },
      [{ path: '/sub' }],
    );
  });

  it('escapes <, > and & as \\u003c, \\u003e, \\u0026 with json escape', async () => {
    const res = await callResponse(
      (_req, res) => res.json({ s: '<a>&</a>' }),
      {},
      { settings: { 'json escape': true } },
    );
    assert.equal(res.body, '{"s":"\\u003ca\\u003e\\u0026\\u003c/a\\u003e"}');
    assert.deepEqual(JSON.parse(res.body), { s: '<a>&</a>' });
    void webapp;
  });
});
