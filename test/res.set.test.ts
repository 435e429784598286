import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';
import { callResponse, errorOf, routes } from './support/response-harness';

void webapp;

const CONTENT_TYPES = [
  'text/html',
  'text/plain; charset=latin1',
  'text/plain;charset=utf-8',
  'text/x-custom',
  'Text/HTML',
  'application/json',
  'application/json-patch+json',
  'application/javascript',
  'application/ld+json',
  'application/octet-stream',
  'image/png',
  'text/html; Charset=latin1',
  'text/plain; foo=bar',
  'nonsense',
  '',
];

describe('res.set', () => {
  it('adds a utf-8 charset to textual Content-Types like express@4', async () => {
    const table: Record<string, (req: any, res: any) => void> = {};
    CONTENT_TYPES.forEach((type, i) => {
      table[`/${i}`] = (_req, res) => res.set('Content-Type', type).end();
    });
    await assertSameAsExpress(
      routes(table),
      Object.keys(table).map((path) => ({ path })),
    );
  });

  it('converts values to strings and arrays to string arrays like express@4', async () => {
    await assertSameAsExpress(
      routes({
        '/number': (_req, res) => res.set('X-Number', 42).end(),
        '/bool': (_req, res) => res.set('X-Bool', true).end(),
        '/undefined': (_req, res) => res.set('X-Undef', undefined).end(),
        '/array': (_req, res) => res.set('X-List', ['a', 1, true]).end(),
        '/object': (_req, res) =>
          res.set({ 'X-A': 'a', 'X-B': ['b1', 'b2'], 'content-type': 'text/plain', 'X-N': 5 }).end(),
        '/inherited': (_req, res) =>
          res.set(Object.assign(Object.create({ 'X-Proto': 'p' }), { 'X-Own': 'o' })).end(),
        '/replace': (_req, res) => res.set('X-A', '1').set('x-a', '2').end(),
        '/cookie': (_req, res) => res.set('Set-Cookie', ['a=1', 'b=2']).end(),
      }),
      [
        { path: '/number' },
        { path: '/bool' },
        { path: '/undefined' },
        { path: '/array' },
        { path: '/object' },
        { path: '/inherited' },
        { path: '/replace' },
        { path: '/cookie' },
      ],
    );
  });

  it('refuses an array Content-Type like express@4', async () => {
    await assertSameAsExpress(routes({ '/': (_req, res) => res.set('Content-Type', ['text/html']).end() }), [
      { path: '/' },
    ]);
    const res = await callResponse((_req, res) => res.set('Content-Type', ['a/b']));
    assert.deepEqual(errorOf(res), { name: 'TypeError', message: 'Content-Type cannot be set to an Array' });
  });

  const INJECTIONS: Array<[string, unknown]> = [
    ['X-A', 'a\r\nSet-Cookie: evil=1'],
    ['X-A', 'a\nb'],
    ['X-A', 'a\rb'],
    ['X-A', ['ok', 'b\r\nX-Evil: 1']],
    ['Content-Type', 'text/html\r\nX-Evil: 1'],
    ['Location', '/a\r\n\r\n<script>'],
  ];
  for (const [field, value] of INJECTIONS) {
    it(`refuses CR/LF in ${field}: ${JSON.stringify(value)} with a TypeError`, async () => {
      const res = await callResponse((_req, res) => {
        res.set(field, value as string);
        res.end('sent');
      });
      assert.equal(res.status, 500);
      assert.equal(errorOf(res)?.name, 'TypeError');
      assert.equal(res.headers['x-evil'], undefined);
      assert.equal(res.headers['set-cookie'], undefined);
    });
  }

  it('refuses CR/LF in the object form too, and in the header name', async () => {
    const a = await callResponse((_req, res) => res.set({ 'X-Ok': '1', 'X-Bad': 'x\r\ny' }).end());
    assert.equal(errorOf(a)?.name, 'TypeError');
    const b = await callResponse((_req, res) => res.set('X-A\r\nX-Evil', '1').end());
    assert.equal(errorOf(b)?.name, 'TypeError');
  });

  it('treats CR/LF the same way as express@4 (error, nothing injected)', async () => {
    await assertSameAsExpress(
      routes({ '/': (_req, res) => res.set('X-A', 'a\r\nX-Evil: 1').end() }, { compareMessages: true }),
      [{ path: '/' }],
    );
  });

  it('is chainable', async () => {
    const res = await callResponse((_req, res) => {
      assert.equal(res.set('X-A', '1'), res);
      assert.equal(res.set({ 'X-B': '2' }), res);
      res.end();
    });
    assert.equal(res.headers['x-a'], '1');
    assert.equal(res.headers['x-b'], '2');
  });
});
