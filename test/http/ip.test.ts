import assert from 'node:assert/strict';
import { isIP } from 'node:net';
import { describe, it } from 'node:test';
import { isIPv4Mapped, netmaskPrefix, parseIPv4, parseIpInto } from '../../src/http/ip';

function words(text: string): { family: number; words: number[] } {
  const out = new Uint32Array(4);
  const family = parseIpInto(text, out);
  return { family, words: family === 4 ? [out[0]] : family === 6 ? [...out] : [] };
}

describe('http/ip parseIPv4', () => {
  it('parses dotted-decimal addresses into unsigned 32-bit numbers', () => {
    assert.equal(parseIPv4('0.0.0.0'), 0);
    assert.equal(parseIPv4('10.0.0.1'), 0x0a000001);
    assert.equal(parseIPv4('255.255.255.255'), 0xffffffff);
    assert.equal(parseIPv4('192.168.1.20'), 0xc0a80114);
  });

  it('parses a slice of a longer string', () => {
    assert.equal(parseIPv4('::ffff:1.2.3.4', 7), 0x01020304);
    assert.equal(parseIPv4('x1.2.3.4y', 1, 8), 0x01020304);
  });

  it('accepts exactly what node:net isIP accepts as IPv4', () => {
    const samples = [
      '1.2.3.4',
      '01.2.3.4',
      '1.2.3.04',
      '1.2.3',
      '1.2.3.4.5',
      '256.1.1.1',
      '1.2.3.255',
      '1.2.3.256',
      '127.1',
      '0x7f.0.0.1',
      '1..2.3',
      '1.2.3.',
      '.1.2.3',
      ' 1.2.3.4',
      '1.2.3.4 ',
      '1.2.3.4a',
      '',
      '1000.1.1.1',
      '0.0.0.0',
      '00.0.0.0',
      '99.199.249.255',
    ];
    for (const text of samples) {
      assert.equal(parseIPv4(text) !== -1, isIP(text) === 4, text);
    }
  });
});

describe('http/ip parseIpInto', () => {
  it('parses IPv4', () => {
    assert.deepEqual(words('127.0.0.1'), { family: 4, words: [0x7f000001] });
  });

  it('parses IPv6 forms: full, compressed, loopback, unspecified', () => {
    assert.deepEqual(words('2001:db8:0:0:0:0:0:1'), { family: 6, words: [0x20010db8, 0, 0, 1] });
    assert.deepEqual(words('2001:db8::1'), { family: 6, words: [0x20010db8, 0, 0, 1] });
    assert.deepEqual(words('::1'), { family: 6, words: [0, 0, 0, 1] });
    assert.deepEqual(words('::'), { family: 6, words: [0, 0, 0, 0] });
    assert.deepEqual(words('fe80::'), { family: 6, words: [0xfe800000, 0, 0, 0] });
    assert.deepEqual(words('FFFF:ffff::ABCD'), { family: 6, words: [0xffffffff, 0, 0, 0xabcd] });
    assert.deepEqual(words('1:2:3:4:5:6:7:8'), { family: 6, words: [0x10002, 0x30004, 0x50006, 0x70008] });
  });

  it('parses an embedded IPv4 tail', () => {
    assert.deepEqual(words('::ffff:127.0.0.1'), { family: 6, words: [0, 0, 0xffff, 0x7f000001] });
    assert.deepEqual(words('::1.2.3.4'), { family: 6, words: [0, 0, 0, 0x01020304] });
    assert.deepEqual(words('1:2:3:4:5:6:1.2.3.4'), {
      family: 6,
      words: [0x10002, 0x30004, 0x50006, 0x01020304],
    });
    assert.deepEqual(words('1::6:1.2.3.4'), { family: 6, words: [0x10000, 0, 0x6, 0x01020304] });
  });

  it('ignores a zone id', () => {
    assert.deepEqual(words('fe80::1%eth0'), { family: 6, words: [0xfe800000, 0, 0, 1] });
  });

  it('returns 0 for anything that is not an address', () => {
    for (const text of [
      '',
      'localhost',
      '1.2.3',
      ':::1',
      '1::2::3',
      '12345::',
      'g::1',
      '::1 ',
      '[::1]',
      '1.2.3.4/8',
    ]) {
      assert.equal(words(text).family, 0, text);
    }
    assert.equal(parseIpInto(undefined as unknown as string, new Uint32Array(4)), 0);
  });
});

describe('http/ip helpers', () => {
  it('isIPv4Mapped recognises ::ffff:0:0/96 only', () => {
    const out = new Uint32Array(4);
    parseIpInto('::ffff:10.0.0.1', out);
    assert.equal(isIPv4Mapped(out), true);
    parseIpInto('::ffff:a00:1', out);
    assert.equal(isIPv4Mapped(out), true);
    parseIpInto('::fffe:10.0.0.1', out);
    assert.equal(isIPv4Mapped(out), false);
    parseIpInto('1::ffff:10.0.0.1', out);
    assert.equal(isIPv4Mapped(out), false);
  });

  it('netmaskPrefix gives the prefix of contiguous masks and -1 otherwise', () => {
    assert.equal(netmaskPrefix(0xffffffff), 32);
    assert.equal(netmaskPrefix(0xffffff00), 24);
    assert.equal(netmaskPrefix(0xff000000), 8);
    assert.equal(netmaskPrefix(0x80000000), 1);
    assert.equal(netmaskPrefix(0), 0);
    assert.equal(netmaskPrefix(0xff00ff00), -1);
    assert.equal(netmaskPrefix(0x00ffffff), -1);
  });
});
