import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { unsign } from '../src/http/cookie';
import { assertSameAsExpress } from './support/http';
import { callResponse, errorOf, routes } from './support/response-harness';

void webapp;

// Max-Age/Expires depend on the clock: both servers run within the same second almost always,
// but the Expires value is normalised to keep the comparison deterministic.
function normalizeExpires() {
  return (_req: any, res: any, next: any) => {
    const append = res.append;
    res.append = function (field: string, value: any) {
      if (String(field).toLowerCase() === 'set-cookie') {
        value = String(value).replace(/Expires=[^;]+/, (m) => (m.includes('1970') ? m : 'Expires=<future>'));
      }
      return append.call(this, field, value);
    };
    next();
  };
}

function cookieRoutes(table: Record<string, (req: any, res: any) => void>) {
  return routes(table, {
    configure: (app) => {
      app.use(normalizeExpires());
    },
  });
}

describe('res.cookie', () => {
  it('serialises values and options like express@4', async () => {
    const table: Record<string, (req: any, res: any) => void> = {
      '/plain': (_req, res) => res.cookie('name', 'tobi').end(),
      '/encoded': (_req, res) => res.cookie('name', 'a b;c=d,é').end(),
      '/number': (_req, res) => res.cookie('n', 42).end(),
      '/undefined': (_req, res) => res.cookie('u', undefined).end(),
      '/object': (_req, res) => res.cookie('obj', { a: [1, 2], b: 'x y' }).end(),
      '/null': (_req, res) => res.cookie('nul', null).end(),
      '/array': (_req, res) => res.cookie('arr', [1, 'two']).end(),
      '/two': (_req, res) => res.cookie('a', '1').cookie('b', '2').end(),
      '/path': (_req, res) => res.cookie('p', 'v', { path: '/admin' }).end(),
      '/empty-path': (_req, res) => res.cookie('p', 'v', { path: '' }).end(),
      '/null-path': (_req, res) => res.cookie('p', 'v', { path: null }).end(),
      '/domain': (_req, res) => res.cookie('d', 'v', { domain: '.example.com' }).end(),
      '/flags': (_req, res) =>
        res.cookie('f', 'v', { httpOnly: true, secure: true, partitioned: true }).end(),
      '/expires': (_req, res) => res.cookie('e', 'v', { expires: new Date(Date.UTC(2030, 5, 1)) }).end(),
      '/expires-zero': (_req, res) => res.cookie('e', 'v', { expires: 0 }).end(),
      '/max-age': (_req, res) => res.cookie('m', 'v', { maxAge: 90_500 }).end(),
      '/max-age-string': (_req, res) => res.cookie('m', 'v', { maxAge: '60000' }).end(),
      '/max-age-zero': (_req, res) => res.cookie('m', 'v', { maxAge: 0 }).end(),
      '/max-age-negative': (_req, res) => res.cookie('m', 'v', { maxAge: -5000 }).end(),
      '/max-age-null': (_req, res) => res.cookie('m', 'v', { maxAge: null }).end(),
      '/priority': (_req, res) =>
        res.cookie('a', '1', { priority: 'low' }).cookie('b', '2', { priority: 'High' }).end(),
      '/same-site': (_req, res) =>
        res
          .cookie('a', '1', { sameSite: true })
          .cookie('b', '2', { sameSite: 'lax' })
          .cookie('c', '3', { sameSite: 'None', secure: true })
          .cookie('d', '4', { sameSite: 'Strict' })
          .cookie('e', '5', { sameSite: false })
          .end(),
      '/encode': (_req, res) => res.cookie('raw', 'a b', { encode: String }).end(),
      '/inherited': (_req, res) => res.cookie('i', 'v', Object.create({ httpOnly: true, path: '/p' })).end(),
      '/after-append': (_req, res) => res.append('Set-Cookie', 'first=1').cookie('second', '2').end(),
    };
    await assertSameAsExpress(
      cookieRoutes(table),
      Object.keys(table).map((path) => ({ path })),
    );
  });

  it('sets Max-Age in seconds and Expires from maxAge in milliseconds', async () => {
    const before = Date.now();
    const res = await callResponse((_req, res) => res.cookie('m', 'v', { maxAge: 3_600_000 }).end());
    const header = String(res.headers['set-cookie']);
    assert.match(header, /^m=v; Max-Age=3600; Path=\/; Expires=/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(header)![1]);
    assert.ok(expires >= Math.floor(before / 1000) * 1000 + 3_600_000 - 1000);
    assert.ok(expires <= Date.now() + 3_600_000);
  });

  it('does not modify the options object it is given', async () => {
    const options = { maxAge: 1000, signed: false };
    await callResponse((_req, res) => res.cookie('a', 'b', options).end());
    assert.deepEqual(options, { maxAge: 1000, signed: false });
  });

  it('signs with req.secret like express@4 with cookie-parser', async () => {
    const table: Record<string, (req: any, res: any) => void> = {
      '/signed': (_req, res) => res.cookie('s', 'value', { signed: true }).end(),
      '/signed-object': (_req, res) => res.cookie('s', { id: 1 }, { signed: true, httpOnly: true }).end(),
      '/unsigned': (_req, res) => res.cookie('u', 'value', { signed: false }).end(),
    };
    await assertSameAsExpress(
      routes(table, {
        configure: (app) => app.use(require('cookie-parser')('keyboard cat')),
      }),
      Object.keys(table).map((path) => ({ path })),
    );
  });

  it('produces a signature cookie-parser and unsign accept', async () => {
    const res = await callResponse(
      (_req, res) => res.cookie('s', 'hello', { signed: true }).end(),
      {},
      { secret: 'k' },
    );
    const header = String(res.headers['set-cookie']);
    const value = decodeURIComponent(/^s=([^;]+)/.exec(header)![1]);
    assert.ok(value.startsWith('s:'));
    assert.equal(unsign(value.slice(2), 'k'), 'hello');
    const parsed = require('cookie-parser').signedCookie(value, 'k');
    assert.equal(parsed, 'hello');
  });

  it('uses the first secret when req.secret is a list', async () => {
    const res = await callResponse(
      (_req, res) => res.cookie('s', 'v', { signed: true }).end(),
      {},
      { secret: ['new', 'old'] },
    );
    const value = decodeURIComponent(/^s=([^;]+)/.exec(String(res.headers['set-cookie']))![1]);
    assert.equal(unsign(value.slice(2), 'new'), 'v');
  });

  it('requires a secret for signed cookies, with the Express message', async () => {
    await assertSameAsExpress(routes({ '/': (_req, res) => res.cookie('s', 'v', { signed: true }).end() }), [
      { path: '/' },
    ]);
    const res = await callResponse((_req, res) => res.cookie('s', 'v', { signed: true }).end());
    assert.deepEqual(errorOf(res), {
      name: 'Error',
      message: 'cookieParser("secret") required for signed cookies',
    });
  });

  const BAD: Array<[string, () => [string, unknown, Record<string, unknown>?], string]> = [
    ['a name with a space', () => ['bad name', 'v'], 'argument name is invalid'],
    ['a name with CR/LF', () => ['a\r\nSet-Cookie: evil', 'v'], 'argument name is invalid'],
    ['an empty name', () => ['', 'v'], 'argument name is invalid'],
    ['a name with =', () => ['a=b', 'v'], 'argument name is invalid'],
    [
      'a value that encodes to CR/LF',
      () => ['a', 'v', { encode: (v: string) => `${v}\r\nX: y` }],
      'argument val is invalid',
    ],
    [
      'a value with ; after a custom encoder',
      () => ['a', 'x;y', { encode: String }],
      'argument val is invalid',
    ],
    ['a domain with a space', () => ['a', 'v', { domain: 'exa mple.com' }], 'option domain is invalid'],
    ['a domain with CR/LF', () => ['a', 'v', { domain: 'example.com\r\nX: y' }], 'option domain is invalid'],
    ['a domain with ;', () => ['a', 'v', { domain: 'example.com; Secure' }], 'option domain is invalid'],
    ['a path with ;', () => ['a', 'v', { path: '/; Domain=evil.com' }], 'option path is invalid'],
    ['a path with CR/LF', () => ['a', 'v', { path: '/\r\nX: y' }], 'option path is invalid'],
    ['an invalid expires', () => ['a', 'v', { expires: 'soon' }], 'option expires is invalid'],
    ['a non-numeric maxAge', () => ['a', 'v', { maxAge: 'forever' }], 'option maxAge is invalid'],
    [
      'an infinite maxAge',
      () => ['a', 'v', { maxAge: Number.POSITIVE_INFINITY }],
      'option maxAge is invalid',
    ],
    ['an unknown priority', () => ['a', 'v', { priority: 'urgent' }], 'option priority is invalid'],
    ['an unknown sameSite', () => ['a', 'v', { sameSite: 'sometimes' }], 'option sameSite is invalid'],
    ['a non-function encode', () => ['a', 'v', { encode: 'yes' }], 'option encode is invalid'],
  ];
  for (const [label, args, message] of BAD) {
    it(`refuses ${label} with a TypeError, like express@4`, async () => {
      const res = await callResponse((_req, res) => {
        const [name, value, options] = args();
        res.cookie(name, value, options as any).end('sent');
      });
      assert.deepEqual(errorOf(res), { name: 'TypeError', message });
      assert.equal(res.headers['set-cookie'], undefined);
      assert.equal(res.headers.x, undefined);
    });
  }

  it('refuses bad input with the same errors as express@4', async () => {
    const table: Record<string, (req: any, res: any) => void> = {};
    BAD.forEach(([, args], i) => {
      table[`/${i}`] = (_req, res) => {
        const [name, value, options] = args();
        res.cookie(name, value, options).end();
      };
    });
    await assertSameAsExpress(
      routes(table),
      Object.keys(table).map((path) => ({ path })),
    );
  });

  it('is chainable', async () => {
    const res = await callResponse((_req, res) => {
      assert.equal(res.cookie('a', 'b'), res);
      res.end();
    });
    assert.equal(String(res.headers['set-cookie']), 'a=b; Path=/');
  });
});
