import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileTrust } from '../src/http/proxy-addr';
import { request } from './support/http';

import webapp = require('../src/index');

import { cpuClock } from './support/cpu-time';

// Express 4's own compiler (express/lib/utils → proxy-addr) is the reference.
const expressCompileTrust: (value: unknown) => (addr: string, hop: number) => boolean =
  require('express/lib/utils').compileTrust;

const ADDRESSES = [
  '127.0.0.1',
  '127.255.255.254',
  '128.0.0.1',
  '10.0.0.1',
  '10.255.255.255',
  '11.0.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '172.32.0.1',
  '192.168.1.1',
  '192.169.1.1',
  '169.254.10.10',
  '203.0.113.9',
  '0.0.0.0',
  '255.255.255.255',
  '::1',
  '::2',
  '::',
  'fe80::1',
  'fe80::1%eth0',
  'febf::1',
  'fec0::1',
  'fc00::1',
  'fdff:ffff::1',
  'fe00::1',
  '2001:db8::1',
  '2001:db9::1',
  '::ffff:127.0.0.1',
  '::ffff:10.0.0.1',
  '::ffff:a00:1',
  '::ffff:203.0.113.9',
  '::ffff:0:0',
  '::fffe:10.0.0.1',
  'garbage',
  '',
  '1.2.3',
  '10.0.0.1 ',
];

const VALUES: unknown[] = [
  true,
  false,
  undefined,
  null,
  0,
  1,
  3,
  'loopback',
  'linklocal',
  'uniquelocal',
  'loopback, linklocal, uniquelocal',
  ['loopback', 'uniquelocal'],
  '10.0.0.1',
  '10.0.0.0/8',
  ' 10.0.0.0/8 , 192.168.0.0/16 ',
  '10.0.0.0/255.0.0.0',
  '172.16.0.0/255.240.0.0',
  '10.0.0.1/32',
  '0.0.0.0/1',
  '128.0.0.0/1',
  '::1',
  '::1/128',
  'fe80::/10',
  '2001:db8::/32',
  '::/1',
  '8000::/1',
  '::ffff:10.0.0.1',
  '::ffff:10.0.0.0/104',
  '::ffff:0:0/96',
  '::ffff:0:0/95',
  '::ffff:0:0/80',
  '::ffff:127.0.0.1/128',
  ['10.0.0.1', '::1', '192.168.0.0/16'],
  ['10.0.0.0/8', '::ffff:192.168.0.0/112'],
];

describe('app.set("trust proxy") compiled trust function', () => {
  for (const value of VALUES) {
    it(`answers like Express 4 for ${JSON.stringify(value)}`, () => {
      const ours = compileTrust(value);
      const theirs = expressCompileTrust(value);
      for (const addr of ADDRESSES) {
        for (const hop of [0, 1, 2, 5]) {
          assert.equal(ours(addr, hop), theirs(addr, hop), `${addr} at hop ${hop}`);
        }
      }
    });
  }

  it('returns a function value unchanged', () => {
    const fn = (addr: string) => addr === '10.0.0.1';
    assert.equal(compileTrust(fn), fn);
  });

  it('trusts exactly `n` hops for a number', () => {
    const trust = compileTrust(2);
    assert.equal(trust('203.0.113.9', 0), true);
    assert.equal(trust('203.0.113.9', 1), true);
    assert.equal(trust('203.0.113.9', 2), false);
  });

  const INVALID: unknown[] = [
    'bogus',
    '',
    'loopback, nope',
    '10.0.0.1/33',
    '10.0.0.1/0',
    '10.0.0.1/',
    '10.0.0.1/x',
    '10.0.0.1/-1',
    '10.0.0.0/255.0.255.0',
    '10.0.0.0/0.0.0.0',
    '::1/129',
    '::1/ffff::',
    '::1/0',
    ['10.0.0.1', 'nope'],
    '300.0.0.1',
    '10.0.0.1/8/8',
    {},
    Symbol.iterator,
  ];
  for (const value of INVALID) {
    const label = typeof value === 'symbol' ? value.toString() : JSON.stringify(value);
    it(`throws the TypeError Express throws for ${label}`, () => {
      let expected: Error | undefined;
      try {
        expressCompileTrust(value);
      } catch (err) {
        expected = err as Error;
      }
      assert.ok(expected, 'express throws too');
      assert.throws(
        () => compileTrust(value),
        (err: unknown) => err instanceof TypeError && err.message === expected.message,
      );
    });
  }

  it('refuses legacy address shorthands that Express accepts (strictly canonical addresses only)', () => {
    assert.throws(() => compileTrust('127.1'), { name: 'TypeError', message: 'invalid IP address: 127.1' });
    assert.throws(() => compileTrust('010.0.0.1'), {
      name: 'TypeError',
      message: 'invalid IP address: 010.0.0.1',
    });
    // A disguised address in X-Forwarded-For is never treated as trusted.
    assert.equal(compileTrust('loopback')('127.1', 1), false);
  });

  it("reads every RFC 4291 embedded-IPv4 form (Express's ipaddr.js 1.x misses some)", () => {
    const trust = compileTrust('::/1');
    assert.equal(trust('::10.0.0.1', 0), true);
    assert.equal(trust('1::1.2.3.4', 0), true);
    assert.equal(compileTrust('64:ff9b::/96')('64:ff9b::1.2.3.4', 0), true);
  });

  it('throws when the setting is set, not when a request arrives', async () => {
    const app = webapp();
    assert.throws(() => app.set('trust proxy', '10.0.0.1/99'), {
      name: 'TypeError',
      message: 'invalid range on address: 10.0.0.1/99',
    });
    app.set('trust proxy', 'loopback');
    app.get('/', (req: any, res: any) => res.end(String(req.ip)));
    const res = await request(app, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    assert.equal(res.body, '203.0.113.9');
  });

  it('keeps the raw value readable through app.get', () => {
    const app = webapp();
    assert.equal(app.get('trust proxy'), false);
    app.set('trust proxy', 'loopback');
    assert.equal(app.get('trust proxy'), 'loopback');
    assert.equal(typeof app.get('trust proxy fn'), 'function');
  });

  it('checks a 1000-entry trust list quickly', () => {
    const list = Array.from({ length: 1000 }, (_, i) => `10.${i >> 8}.${i & 255}.0/24`);
    const trust = compileTrust(list);
    const start = cpuClock();
    for (let i = 0; i < 1000; i++) trust('203.0.113.9', 1);
    assert.ok(start() < 500);
    assert.equal(trust('10.3.231.77', 0), true);
  });
});
