import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileQueryParser } from '../../src/http/query';

// Express 4's own compiler is the reference (it uses qs with its own options, and node:querystring).
const expressCompile: (value: unknown) => (str: string) => unknown =
  require('express/lib/utils').compileQueryParser;

const QUERIES = [
  '',
  'a=1',
  'a=1&b=2',
  'a=1&a=2&a=3',
  'a[]=1&a[]=2',
  'a[b]=1&a[c]=2',
  'a[0]=x&a[1]=y',
  'a[21]=x',
  'a[999]=x',
  'a[1001]=x',
  'a.b=1',
  'a=%20b+c',
  'a=%E2%82%AC',
  'a=%ZZ',
  '=x',
  'a',
  'a[b][c][d][e][f][g][h]=1',
  'hasOwnProperty=1',
  'toString=x',
  '__proto__[x]=1',
  '__proto__=1',
  'a[__proto__][x]=1',
  'constructor[prototype][x]=1',
  '[__proto__][z]=1',
  Array.from({ length: 30 }, (_, i) => `t=${i}`).join('&'),
  Array.from({ length: 1200 }, (_, i) => `k${i}=${i}`).join('&'),
];

function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

describe('http/query compileQueryParser', () => {
  for (const setting of ['extended', 'simple', true]) {
    it(`parses like Express 4 with ${JSON.stringify(setting)}`, () => {
      const ours = compileQueryParser(setting);
      const theirs = expressCompile(setting);
      assert.ok(ours);
      for (const query of QUERIES) {
        assert.deepEqual(plain(ours(query)), plain(theirs(query)), query.slice(0, 60));
      }
    });
  }

  it('returns a function giving a fresh {} for false, as Express 4 does', () => {
    const ours = compileQueryParser(false);
    const theirs = expressCompile(false);
    assert.deepEqual(ours('a=1&b[c]=2'), theirs('a=1&b[c]=2'));
    assert.deepEqual(ours('a=1'), {});
    assert.notEqual(ours(''), ours(''));
  });

  it('returns a function value unchanged', () => {
    const fn = (str: string) => ({ str });
    assert.equal(compileQueryParser(fn), fn);
  });

  it("throws Express's TypeError for an unknown value", () => {
    assert.throws(() => compileQueryParser('fancy'), {
      name: 'TypeError',
      message: 'unknown value for query parser function: fancy',
    });
  });

  it('never pollutes Object.prototype', () => {
    const extended = compileQueryParser('extended')!;
    const simple = compileQueryParser('simple')!;
    for (const query of QUERIES) {
      extended(query);
      simple(query);
    }
    assert.equal(({} as any).x, undefined);
    assert.equal(({} as any).z, undefined);
    assert.equal(Object.getPrototypeOf(extended('__proto__[x]=1')), Object.prototype);
    assert.equal(Object.getPrototypeOf(simple('__proto__=1')), null);
  });

  it('bounds the extended parser: depth 5, 1000 parameters, array indexes below 1000', () => {
    const extended = compileQueryParser('extended')!;
    assert.deepEqual(plain(extended('a[b][c][d][e][f][g]=1')), {
      a: { b: { c: { d: { e: { f: { '[g]': '1' } } } } } },
    });
    const many = extended(Array.from({ length: 1500 }, (_, i) => `k${i}=1`).join('&'));
    assert.equal(Object.keys(many).length, 1000);
    assert.deepEqual(plain(extended('a[999]=x')), { a: ['x'] });
    assert.deepEqual(plain(extended('a[1000]=x')), { a: { 1000: 'x' } });
  });
});
