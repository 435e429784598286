/**
 * parseFlatQs against qs itself with the extended query parser's options (Express 4's): the same
 * object (plain prototype, own keys, order, arrays) for every bracket-free text, edge cases and seeded
 * random texts; undefined, leaving the text to qs, whenever a key could nest.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import qs from 'qs';
import { parseFlatQs } from '../../src/http/flat-qs';
import { prng } from '../support/prng';
import { FLAT_QUERY_EDGE_CASES } from '../support/query-texts';

const OPTIONS = { allowPrototypes: true, depth: 5, arrayLimit: 1000, parameterLimit: 1000 };
const LIMIT = 1000;

function assertAsQs(text: string): void {
  const ours = parseFlatQs(text, LIMIT);
  assert.notEqual(ours, undefined, `${JSON.stringify(text)} has no bracket: answered without qs`);
  const theirs = qs.parse(text, OPTIONS);
  assert.deepStrictEqual(ours, theirs, JSON.stringify(text));
  assert.deepEqual(Object.keys(ours as object), Object.keys(theirs), `key order of ${JSON.stringify(text)}`);
}

const CASES = [
  ...FLAT_QUERY_EDGE_CASES,
  'q=shoes&page=2&sort=price',
  '?a=1',
  'a.b=1&a.c=2',
  'a;b=1',
  'a,b=1,2',
  '%5F%5Fproto%5F%5F=x&a=1',
  '__proto__=x&__proto__=y&b=1',
  'constructor=1&hasOwnProperty=2&toString=3&valueOf=4',
  'toString=1&toString=2',
  '2=a&b=1&1=c',
  'a=%5c&%5a=1&%5=2&%50=3',
  'utf8=%E2%9C%93&a=1',
];

describe('parseFlatQs', () => {
  it('answers as qs on edge cases', () => {
    for (const text of CASES) assertAsQs(text);
  });

  it('leaves every text with a bracket or its escape to qs', () => {
    for (const text of [
      'a[b]=1',
      'a[]=1&a[]=2',
      'a]=1',
      'x=[1]',
      'a%5Bb%5D=1',
      'a%5bb=1',
      'a%5D=1',
      'a=%5d',
    ]) {
      assert.equal(parseFlatQs(text, LIMIT), undefined, text);
    }
  });

  it('stops after the parameter limit, empty parts included, as qs does', () => {
    const many = Array.from({ length: 1005 }, (_, i) => `k${i}=${i}`).join('&');
    assertAsQs(many);
    assert.equal(Object.keys(parseFlatQs(many, LIMIT) as object).length, 1000);
    const repeated = Array.from({ length: 1200 }, (_, i) => `k=${i}`).join('&');
    assertAsQs(repeated);
    assert.equal((parseFlatQs(repeated, LIMIT) as { k: string[] }).k.length, 1000);
    assert.deepEqual({ ...parseFlatQs('a=1&&b=2&c=3', 2) }, { a: '1' });
  });

  it('gives a plain object: keys named after Object.prototype members are own, __proto__ is never set', () => {
    const result = parseFlatQs('hasOwnProperty=x&__proto__=y', LIMIT) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(result), Object.prototype);
    assert.equal(Object.getOwnPropertyDescriptor(result, 'hasOwnProperty')?.value, 'x');
    assert.equal(Object.hasOwn(result, '__proto__'), false);
    assert.equal(({} as Record<string, unknown>).y, undefined);
  });

  it('fuzz: answers as qs on random bracket-free texts (seeded)', () => {
    const rand = prng(2711);
    const pieces = [
      'a',
      'b',
      '0',
      '1',
      '\u00e9',
      '\uD83D\uDE00',
      '\uDC00',
      '=',
      '=',
      '&',
      '&',
      '+',
      '%',
      '%2',
      '%20',
      '%41',
      '%5',
      '%5F',
      '%C3%A9',
      '%E2%9C%93',
      '%E2%9C',
      '%FF',
      '%zz',
      '.',
      ';',
      ',',
      '?',
      '__proto__',
      'toString',
      'constructor',
    ];
    for (let n = 0; n < 5000; n++) {
      let text = '';
      const length = 1 + Math.floor(rand() * 12);
      for (let i = 0; i < length; i++) text += pieces[Math.floor(rand() * pieces.length)];
      // Pieces can meet as a bracket's escape ('%5' then 'b'): that text is qs's to parse.
      if (/%5[bd]/i.test(text)) assert.equal(parseFlatQs(text, LIMIT), undefined, text);
      else assertAsQs(text);
    }
  });
});
