import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allAddrs, compileTrust, forwardedFor, proxyAddr } from '../../src/http/proxy-addr';
import { cpuClock } from '../support/cpu-time';

// The modules Express 4 uses, as references for the address walk.
const referenceProxyAddr = require('proxy-addr');
const referenceForwarded = require('forwarded');

function fakeReq(remoteAddress: string | undefined, xff?: string): any {
  const headers: Record<string, string> = {};
  if (xff !== undefined) headers['x-forwarded-for'] = xff;
  return { headers, socket: { remoteAddress }, connection: { remoteAddress } };
}

describe('http/proxy-addr forwardedFor', () => {
  const HEADERS = [
    '',
    '1.2.3.4',
    '1.2.3.4, 10.0.0.1',
    '1.2.3.4,10.0.0.1 ,  10.0.0.2',
    ' , ,',
    ',,,a,,',
    'a b, c',
    '  lead, trail  ',
    'a\t, b',
    'fe80::1, ::ffff:10.0.0.1',
  ];
  for (const header of HEADERS) {
    it(`splits ${JSON.stringify(header)} like the forwarded module`, () => {
      const expected = referenceForwarded({
        headers: { 'x-forwarded-for': header },
        socket: { remoteAddress: 's' },
      });
      assert.deepEqual(['s', ...forwardedFor(header)], expected);
    });
  }

  it('is linear on a huge list of separators', () => {
    const header = ' ,'.repeat(500_000);
    const start = cpuClock();
    assert.deepEqual(forwardedFor(header), []);
    assert.ok(start() < 500);
  });
});

describe('http/proxy-addr proxyAddr and allAddrs', () => {
  const TRUSTS: unknown[] = [
    false,
    true,
    0,
    1,
    2,
    'loopback',
    '127.0.0.1',
    '10.0.0.0/8',
    'loopback, 10.0.0.1',
    ['loopback', '10.0.0.0/8'],
    'uniquelocal',
    (addr: string) => addr !== '10.0.0.2',
    (_addr: string, hop: number) => hop < 2,
  ];
  const CHAINS: Array<[string | undefined, string | undefined]> = [
    ['127.0.0.1', undefined],
    ['127.0.0.1', ''],
    ['127.0.0.1', '1.2.3.4'],
    ['127.0.0.1', '1.2.3.4, 10.0.0.1'],
    ['127.0.0.1', '1.2.3.4, 10.0.0.1, 10.0.0.2'],
    ['127.0.0.1', 'garbage, 10.0.0.1'],
    ['127.0.0.1', '10.0.0.3, garbage'],
    ['127.0.0.1', ' , ,'],
    ['::1', '2001:db8::1, 10.0.0.9'],
    ['::ffff:127.0.0.1', '1.2.3.4'],
    ['10.0.0.1', '1.2.3.4'],
    ['203.0.113.5', '1.2.3.4'],
    [undefined, '1.2.3.4'],
  ];
  for (const trustValue of TRUSTS) {
    const label = typeof trustValue === 'function' ? trustValue.toString() : JSON.stringify(trustValue);
    it(`walks the chain like proxy-addr with trust ${label}`, () => {
      const ours = compileTrust(trustValue);
      const theirs = require('express/lib/utils').compileTrust(trustValue);
      for (const [socket, xff] of CHAINS) {
        const req = fakeReq(socket, xff);
        const where = `${socket} / ${xff}`;
        assert.equal(proxyAddr(req, ours), referenceProxyAddr(req, theirs), where);
        assert.deepEqual(allAddrs(req, ours), referenceProxyAddr.all(req, theirs), where);
      }
    });
  }

  it('never consults trust for the socket when there is no X-Forwarded-For', () => {
    let calls = 0;
    const trust = () => {
      calls++;
      return true;
    };
    assert.equal(proxyAddr(fakeReq('127.0.0.1'), trust), '127.0.0.1');
    assert.deepEqual(allAddrs(fakeReq('127.0.0.1'), trust), ['127.0.0.1']);
    assert.equal(calls, 0);
  });

  it('passes hop numbers from 0 (the socket) outward and never tests the farthest address', () => {
    const seen: Array<[string, number]> = [];
    const trust = (addr: string, hop: number) => {
      seen.push([addr, hop]);
      return true;
    };
    assert.equal(proxyAddr(fakeReq('127.0.0.1', 'c, b, a'), trust), 'c');
    assert.deepEqual(seen, [
      ['127.0.0.1', 0],
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('treats a missing trust function as trusting nothing', () => {
    assert.equal(proxyAddr(fakeReq('127.0.0.1', '1.2.3.4'), undefined as any), '127.0.0.1');
    assert.deepEqual(allAddrs(fakeReq('127.0.0.1', '1.2.3.4'), undefined as any), ['127.0.0.1']);
  });
});
