import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, it } from 'node:test';
import { appendVary, varyResponse } from '../../src/http/vary';

const reference = require('vary');

function outcome(fn: () => unknown): unknown {
  try {
    return { ok: fn() };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

const CASES: Array<[string, string | string[]]> = [
  ['', 'Accept'],
  ['', 'Accept, Origin'],
  ['Accept', 'accept'],
  ['Accept', ['Origin', 'ACCEPT', 'Origin']],
  ['accept ,  origin', 'Origin, User-Agent'],
  ['Accept', '*'],
  ['*', 'Accept'],
  ['Accept, *', 'Origin'],
  ['Accept', 'bad header'],
  ['Accept', 'a:b'],
  ['Accept', ['']],
  ['Accept', ''],
  ['Accept', 'Origin,'],
  ['Accept', 'X\r\nSet-Cookie: a=b'],
  ['a\t', 'A'],
];

describe('http/vary appendVary', () => {
  for (const [header, field] of CASES) {
    it(`matches the vary package for ${JSON.stringify(header)} + ${JSON.stringify(field)}`, () => {
      assert.deepEqual(
        outcome(() => appendVary(header, field)),
        outcome(() => reference.append(header, field)),
      );
    });
  }

  it('requires a string header', () => {
    assert.throws(() => appendVary(undefined as any, 'Accept'), /header argument is required/);
  });
});

describe('http/vary varyResponse', () => {
  it('reads an array Vary header and writes the merged value', () => {
    const res = new http.ServerResponse(new http.IncomingMessage(null as any));
    res.setHeader('Vary', ['Accept', 'Origin']);
    varyResponse(res, ['origin', 'Cookie']);
    assert.equal(res.getHeader('Vary'), 'Accept, Origin, Cookie');
  });

  it('creates the header when absent', () => {
    const res = new http.ServerResponse(new http.IncomingMessage(null as any));
    varyResponse(res, 'Accept-Encoding');
    assert.equal(res.getHeader('Vary'), 'Accept-Encoding');
  });
});
