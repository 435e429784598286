import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';

import webapp = require('../src/index');

import type { Res } from '../src/types/internal';
import { assertSameAsExpress, request } from './support/http';
import { callResponse, captureDeprecations, errorOf, routes } from './support/response-harness';

void webapp;

const VALUES: unknown[] = [
  { user: 'tobi' },
  [1, 'two', { three: 3 }],
  'a string',
  '',
  42,
  0,
  -1.5,
  true,
  false,
  null,
  undefined,
  { nested: { deep: [null, { x: 'é€😀' }] } },
  { html: '<script>&</script>' },
  { sep: '\u2028\u2029' },
  { date: new Date(Date.UTC(2020, 0, 1)) },
  { toJSON: () => ({ custom: true }) },
  { skip: undefined, fn: () => 1 },
  Number.NaN,
];

describe('res.json', () => {
  it('serialises every JSON type like express@4', async () => {
    const table: Record<string, (req: any, res: any) => void> = {};
    VALUES.forEach((value, i) => {
      table[`/${i}`] = (_req, res) => res.json(value);
    });
    await assertSameAsExpress(routes(table), [
      ...Object.keys(table).map((path) => ({ path })),
      ...Object.keys(table).map((path) => ({ path, method: 'HEAD' })),
    ]);
  });

  it('keeps an existing Content-Type and status like express@4', async () => {
    await assertSameAsExpress(
      routes({
        '/type': (_req, res) => res.type('application/vnd.api+json').json({ a: 1 }),
        '/text': (_req, res) => res.set('Content-Type', 'text/x-json; charset=latin1').json({ a: 1 }),
        '/status': (_req, res) => res.status(201).json({ created: true }),
        '/no-content': (_req, res) => res.status(204).json({ gone: true }),
        '/etag-set': (_req, res) => res.set('ETag', '"mine"').json({ a: 1 }),
        '/no-arg': (_req, res) => res.json(),
      }),
      [
        { path: '/type' },
        { path: '/text' },
        { path: '/status' },
        { path: '/no-content' },
        { path: '/etag-set' },
        { path: '/no-arg' },
      ],
    );
  });

  it('accepts the deprecated status forms like express@4', async () => {
    await assertSameAsExpress(
      routes({
        '/status-first': (_req, res) => res.json(201, { a: 1 }),
        '/status-last': (_req, res) => res.json({ a: 1 }, 202),
        '/string-body': (_req, res) => res.json(203, 'text'),
      }),
      [{ path: '/status-first' }, { path: '/status-last' }, { path: '/string-body' }],
    );
  });

  it('warns about each deprecated form with the Express message', async () => {
    const warnings = await captureDeprecations(async () => {
      await callResponse((_req, res) => Reflect.apply(res.json, res, [201, { a: 1 }]));
      await callResponse((_req, res) => Reflect.apply(res.json, res, [{ a: 1 }, 201]));
    });
    assert.deepEqual(warnings, [
      'res.json(status, obj): Use res.status(status).json(obj) instead',
      'res.json(obj, status): Use res.status(status).json(obj) instead',
    ]);
  });

  it('reports a value JSON cannot serialise as an error (circular, BigInt)', async () => {
    const circular: any = {};
    circular.self = circular;
    const a = await callResponse((_req, res) => res.json(circular));
    assert.equal(errorOf(a)?.name, 'TypeError');
    const b = await callResponse((_req, res) => res.json({ n: 1n }));
    assert.equal(errorOf(b)?.name, 'TypeError');
  });

  it('goes through res.send, so wrappers of res.send see JSON bodies', async () => {
    const bodies: unknown[] = [];
    const res = await callResponse((_req, res) => {
      const send = res.send;
      res.send = function (this: Res, body?: unknown) {
        bodies.push(body);
        return send.call(this, body);
      } as Res['send'];
      res.json({ a: 1 });
    });
    assert.deepEqual(bodies, ['{"a":1}']);
    assert.equal(res.body, '{"a":1}');
  });

  it('reads the json settings through app.get', async () => {
    const res = await callResponse(
      (_req, res) => res.json({ a: '<b>' }),
      {},
      {
        settings: { 'json spaces': 2, 'json escape': true },
      },
    );
    assert.equal(res.body, '{\n  "a": "\\u003cb\\u003e"\n}');
  });
});

test('res.json and res.send read settings through a replaced app.get', async () => {
  const app = webapp();
  const reads: string[] = [];
  const builtin = app.get;
  app.get = function get(this: any, ...args: any[]) {
    if (args.length === 1) {
      reads.push(args[0]);
      if (args[0] === 'json spaces') return 1;
    }
    return builtin.apply(this, args as any);
  } as any;
  app.use((_req: any, res: any) => res.json({ a: 1 }));
  const res = await request(app, { path: '/' });
  assert.equal(res.body, '{\n "a": 1\n}');
  assert.ok(
    reads.includes('json replacer') && reads.includes('json escape') && reads.includes('etag fn'),
    reads.join(),
  );
});

test('res.json reads settings inherited from a parent app, set after mounting', async () => {
  const app = webapp();
  const sub = webapp();
  sub.get('/', (_req: any, res: any) => res.json({ a: '<' }));
  app.use('/sub', sub);
  app.set('json spaces', 2);
  app.set('json escape', true);
  const res = await request(app, { path: '/sub' });
  assert.equal(res.body, '{\n  "a": "\\u003c"\n}');
});
