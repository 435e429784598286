import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { etagListMatches, hasNoCache, isFresh } from '../../src/http/fresh';
import { cpuClock } from '../support/cpu-time';

// fresh@0.5, which Express 4's req.fresh uses.
const reference = require('fresh');

const DATE = 'Sat, 01 Jan 2000 00:00:00 GMT';
const EARLIER = 'Fri, 31 Dec 1999 00:00:00 GMT';
const LATER = 'Sun, 02 Jan 2000 00:00:00 GMT';

const REQUESTS: Array<Record<string, string>> = [
  {},
  { 'if-none-match': '"a"' },
  { 'if-none-match': 'W/"a"' },
  { 'if-none-match': '"b", "a"' },
  { 'if-none-match': '"b",   W/"a"  ' },
  { 'if-none-match': '"b"' },
  { 'if-none-match': '*' },
  { 'if-none-match': ',,' },
  { 'if-none-match': '' },
  { 'if-modified-since': DATE },
  { 'if-modified-since': EARLIER },
  { 'if-modified-since': LATER },
  { 'if-modified-since': 'garbage' },
  { 'if-none-match': '"a"', 'if-modified-since': DATE },
  { 'if-none-match': '"a"', 'if-modified-since': EARLIER },
  { 'if-none-match': '"a"', 'cache-control': 'no-cache' },
  { 'if-none-match': '"a"', 'cache-control': 'max-age=0, no-cache' },
  { 'if-none-match': '"a"', 'cache-control': ' no-cache ,max-age=0' },
  { 'if-none-match': '"a"', 'cache-control': '\tno-cache\t' },
  { 'if-none-match': '"a"', 'cache-control': 'no-cache=foo' },
  { 'if-none-match': '"a"', 'cache-control': 'xno-cache' },
  { 'if-none-match': '"a"', 'cache-control': 'NO-CACHE' },
  { 'if-none-match': '"a"', 'cache-control': 'no-cache-x, no-store' },
  { 'if-none-match': '"a"', 'cache-control': 'no-store' },
];
const RESPONSES: Array<Record<string, unknown>> = [
  {},
  { etag: '"a"' },
  { etag: 'W/"a"' },
  { etag: '"b"' },
  { 'last-modified': DATE },
  { 'last-modified': EARLIER },
  { etag: '"a"', 'last-modified': DATE },
  { etag: 123 },
  { 'last-modified': 'garbage' },
];

describe('http/fresh isFresh', () => {
  for (const reqHeaders of REQUESTS) {
    it(`matches fresh@0.5 for ${JSON.stringify(reqHeaders)}`, () => {
      for (const resHeaders of RESPONSES) {
        assert.equal(
          isFresh(reqHeaders, resHeaders.etag, resHeaders['last-modified']),
          reference(reqHeaders, resHeaders),
          JSON.stringify(resHeaders),
        );
      }
    });
  }
});

describe('http/fresh hasNoCache', () => {
  it('finds no-cache only as a whole list member', () => {
    assert.equal(hasNoCache('no-cache'), true);
    assert.equal(hasNoCache('public, no-cache'), true);
    assert.equal(hasNoCache('no-cache-please, no-cache'), true);
    assert.equal(hasNoCache('no-cachex'), false);
    assert.equal(hasNoCache('private="no-cache"'), false);
  });

  it('is linear on adversarial input', () => {
    const value = `${'no-cache '.repeat(50_000)}x`;
    const spaces = `,${' '.repeat(200_000)}no-cachex`;
    const start = cpuClock();
    assert.equal(hasNoCache(value), false);
    assert.equal(hasNoCache(spaces), false);
    assert.ok(start() < 500);
  });
});

describe('etagListMatches (If-None-Match and If-Match lists)', () => {
  it('matches any entry, spaces trimmed, by weak comparison', () => {
    assert.equal(etagListMatches('"a" ,  W/"b"', '"b"'), true);
    assert.equal(etagListMatches('W/"a"', 'W/"a"'), true);
    assert.equal(etagListMatches('"a",W/"b"', 'W/"a"'), true);
    assert.equal(etagListMatches('"a", "b"', '"c"'), false);
  });

  it('skips empty entries instead of comparing them', () => {
    assert.equal(etagListMatches(', ,', 'W/'), false);
    assert.equal(etagListMatches('', '"a"'), false);
  });
});
