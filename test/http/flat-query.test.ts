/**
 * parseFlatQuery against node:querystring.parse, the reference for Express 4's `simple` query parser and
 * `urlencoded({ extended: false })`: the same object (null prototype included) for listed edge cases and
 * for seeded random texts built from the characters node's scan treats specially.
 */
import assert from 'node:assert/strict';
import querystring from 'node:querystring';
import { describe, it } from 'node:test';
import { parseFlatQuery } from '../../src/http/flat-query';
import { prng } from '../support/prng';
import { FLAT_QUERY_EDGE_CASES } from '../support/query-texts';

function nodeParse(text: string, maxKeys: number): unknown {
  return querystring.parse(text, undefined, undefined, { maxKeys });
}

const CASES = [
  ...FLAT_QUERY_EDGE_CASES,
  'a=%4+1',
  'a%4+1=b',
  'a=%C3%A9+%41',
  // node scans the rest of a flagged key as a value: its second escape flags the value.
  '%9C%93=\u{1F600}%%',
  '%41+%42=\u00e9%',
  '%41%4=\u00e9%',
  'a[b]=1&c=2&c=3',
];

describe('parseFlatQuery', () => {
  it('answers as querystring.parse on edge cases', () => {
    for (const text of CASES) {
      for (const maxKeys of [1000, 1, 2]) {
        assert.deepStrictEqual(
          parseFlatQuery(text, maxKeys),
          nodeParse(text, maxKeys),
          `${text} (${maxKeys})`,
        );
      }
    }
  });

  it('keeps or leaves node’s key-scan quirk as the running node does', () => {
    // node 20–24: an escape after the one that flags a key flags the value too; node 26 keeps them apart.
    for (const text of ['%41%41=\u0100%', '%41%41+%42=\u0100%', '%41%41%4=\u0100%']) {
      assert.deepStrictEqual(parseFlatQuery(text), querystring.parse(text), text);
    }
  });

  it('returns a null-prototype object with __proto__ as an own key', () => {
    const result = parseFlatQuery('__proto__=x&a=1');
    assert.equal(Object.getPrototypeOf(result), null);
    assert.deepEqual(Object.keys(result), ['__proto__', 'a']);
    assert.equal(Object.getOwnPropertyDescriptor(result, '__proto__')?.value, 'x');
    assert.equal(({} as Record<string, unknown>).x, undefined);
  });

  it('stops after maxKeys pairs, empty ones included, as node does', () => {
    assert.deepStrictEqual(parseFlatQuery('a=1&&b=2&c=3', 2), nodeParse('a=1&&b=2&c=3', 2));
    assert.deepEqual({ ...parseFlatQuery('a=1&&b=2&c=3', 2) }, { a: '1' });
    assert.deepEqual({ ...parseFlatQuery('a=1&b=2&c=3', 0) }, { a: '1', b: '2', c: '3' });
    assert.deepEqual({ ...parseFlatQuery('a=1&b=2&c=3', -1) }, { a: '1', b: '2', c: '3' });
    assert.deepEqual(
      { ...parseFlatQuery('a=1&b=2&c=3', Number.POSITIVE_INFINITY) },
      { a: '1', b: '2', c: '3' },
    );
    assert.deepEqual({ ...parseFlatQuery('a=1&b=2&c=3') }, { a: '1', b: '2', c: '3' });
  });

  it('gives an empty null-prototype object for no text', () => {
    for (const text of [null, undefined, '']) {
      const result = parseFlatQuery(text);
      assert.equal(Object.getPrototypeOf(result), null);
      assert.deepEqual(Object.keys(result), []);
    }
  });

  it('runs node’s parse when querystring.unescape is replaced (its rules change with the decoder)', (t) => {
    const original = querystring.unescape;
    t.after(() => {
      querystring.unescape = original;
    });
    querystring.unescape = (text: string) => text.toUpperCase();
    for (const text of ['a=b+c', 'x=%41&y', 'k+k=v%2']) {
      assert.deepStrictEqual(parseFlatQuery(text), nodeParse(text, 1000), text);
    }
    assert.deepEqual({ ...parseFlatQuery('a=b') }, { A: 'B' });
  });

  it('fuzz: answers as querystring.parse on random texts (seeded)', () => {
    const rand = prng(2611);
    const pieces = [
      'a',
      'b',
      'é',
      '\uD83D\uDE00',
      '\uDC00',
      '=',
      '&',
      '+',
      '%',
      '2',
      '0',
      '4',
      '1',
      'F',
      'f',
      'g',
      '7',
      '8',
      '%41',
      '%7e',
      '%C3%A9',
      '%E2%9C%93',
      '%FF',
      '%8',
      '%2B',
      '%26',
      '%3D',
      '%%',
      '__proto__',
      'constructor',
      '0',
      '1',
    ];
    const limits = [1000, 1, 2, 3, 5, 0, -1];
    for (let n = 0; n < 5000; n++) {
      let text = '';
      const count = Math.floor(rand() * 16);
      for (let k = 0; k < count; k++) text += pieces[Math.floor(rand() * pieces.length)];
      const maxKeys = limits[Math.floor(rand() * limits.length)];
      assert.deepStrictEqual(
        parseFlatQuery(text, maxKeys),
        nodeParse(text, maxKeys),
        `${JSON.stringify(text)} (${maxKeys})`,
      );
    }
  });
});
