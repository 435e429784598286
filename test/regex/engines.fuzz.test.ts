import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileSafeRegExp } from '../../src/regex';
import { prng } from '../support/prng';

// Differential fuzzing against the built-in RegExp: random small regexes from a grammar, random short inputs,
// identical exec results required. Seeds are fixed, so every run checks the same cases.

const pathToRegexp: (path: string, keys: unknown[], options: object) => RegExp = require('path-to-regexp');

/** mulberry32: a small seeded PRNG. */

interface Grammar {
  chars: string[];
  classes: string[];
  alphabet: string[];
  ignoreCaseRate: number;
  /** Whether lookahead bodies may use unbounded quantifiers. */
  unboundedLookahead: boolean;
}

const QUANTIFIERS = ['*', '+', '?', '{0,2}', '{1,3}', '{2}', '{1,}', '*?', '+?', '??', '{0,2}?', '{2,}?'];
const BOUNDED_QUANTIFIERS = ['?', '{0,2}', '{1,3}', '{2}', '??', '{0,2}?'];

function generator(grammar: Grammar, random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

  function disjunction(depth: number, bounded: boolean): string {
    let out = sequence(depth, bounded);
    if (random() < 0.25) out += `|${sequence(depth, bounded)}`;
    return out;
  }

  function sequence(depth: number, bounded: boolean): string {
    const count = 1 + Math.floor(random() * 3);
    let out = '';
    for (let k = 0; k < count; k++) out += term(depth, bounded);
    return out;
  }

  function term(depth: number, bounded: boolean): string {
    if (random() < 0.06) return pick(['^', '$', '\\b', '\\B']);
    let out = atom(depth, bounded);
    if (random() < 0.4) out += pick(bounded ? BOUNDED_QUANTIFIERS : QUANTIFIERS);
    return out;
  }

  function atom(depth: number, bounded: boolean): string {
    const r = random();
    if (depth > 0 && r < 0.3) return `${pick(['(', '(?:'])}${disjunction(depth - 1, bounded)})`;
    if (depth > 0 && r < 0.38) {
      return `${pick(['(?=', '(?!'])}${disjunction(depth - 1, !grammar.unboundedLookahead)})`;
    }
    if (r < 0.42) return pick(['()', '(|a)', '(?:)', '(a|)']);
    if (r < 0.7) return pick(grammar.chars);
    return pick(grammar.classes);
  }

  return {
    regex: () => (random() < 0.3 ? '^' : '') + disjunction(3, false),
    input: () => {
      const length = Math.floor(random() * 9);
      let out = '';
      for (let k = 0; k < length; k++) out += pick(grammar.alphabet);
      return out;
    },
  };
}

interface FuzzStats {
  compiled: number;
  unsupported: number;
  checks: number;
}

function fuzz(grammar: Grammar, seed: number, regexes: number, allowUnsupported: boolean): FuzzStats {
  const random = prng(seed);
  const gen = generator(grammar, random);
  const stats: FuzzStats = { compiled: 0, unsupported: 0, checks: 0 };
  for (let k = 0; k < regexes; k++) {
    const source = gen.regex();
    const flags = random() < grammar.ignoreCaseRate ? 'i' : '';
    const safe = compileSafeRegExp(source, { ignoreCase: flags === 'i' });
    let native: RegExp;
    try {
      native = new RegExp(source, flags);
    } catch {
      assert.equal(safe, null, `${source} is not a valid RegExp, so it must not compile`);
      continue;
    }
    if (safe === null) {
      assert.ok(allowUnsupported, `/${source}/${flags} should compile`);
      stats.unsupported++;
      continue;
    }
    stats.compiled++;
    for (let n = 0; n < 12; n++) {
      const input = gen.input();
      const expected = native.exec(input);
      stats.checks++;
      assert.deepEqual(
        safe.exec(input),
        expected === null ? null : [...expected],
        `/${source}/${flags}.exec(${JSON.stringify(input)})`,
      );
    }
  }
  return stats;
}

describe('compileSafeRegExp: differential fuzzing against RegExp', () => {
  it('route-like alphabet, bounded lookaheads', () => {
    const stats = fuzz(
      {
        chars: ['a', 'b', 'A', '\\/', '-', '\\.', '/', '1'],
        classes: [
          '[ab]',
          '[^/]',
          '[^/-]',
          '[a-b]',
          '[^a]',
          '\\d',
          '\\w',
          '\\W',
          '\\s',
          '[\\w-]',
          '.',
          '[^]',
          '[A-Z]',
        ],
        alphabet: ['a', 'b', 'A', '/', '-', '.', '1', ' '],
        ignoreCaseRate: 0.3,
        unboundedLookahead: false,
      },
      20240917,
      1500,
      false,
    );
    assert.ok(stats.checks > 15_000, `${stats.checks} checks`);
  });

  it('case-insensitive with non-ASCII characters that fold specially', () => {
    const stats = fuzz(
      {
        chars: [
          'a',
          'k',
          's',
          'S',
          '\u212a',
          '\u017f',
          'é',
          'É',
          '\u00b5',
          '\u039c',
          'ÿ',
          'ı',
          'İ',
          'ß',
          '\\u00e9',
          '\\x4b',
        ],
        classes: [
          '[à-þ]',
          '[^k]',
          '[a-z]',
          '[^\u00b5]',
          '[\u0100-\u017f]',
          '[K-M]',
          '[^a-z]',
          '\\w',
          '\\W',
          '.',
        ],
        alphabet: [
          'a',
          'k',
          'K',
          's',
          'S',
          '\u212a',
          '\u017f',
          'é',
          'É',
          '\u00b5',
          '\u039c',
          '\u03bc',
          'ÿ',
          '\u0178',
          'ı',
        ],
        ignoreCaseRate: 0.8,
        unboundedLookahead: false,
      },
      77,
      1000,
      false,
    );
    assert.ok(stats.checks > 10_000, `${stats.checks} checks`);
  });

  it('unbounded lookaheads (null allowed only for the rare capturing ones)', () => {
    const stats = fuzz(
      {
        chars: ['a', 'b', '\\/', '-', '1'],
        classes: ['[ab]', '[^/]', '[^/-]', '\\d', '\\w', '.', '[^a]'],
        alphabet: ['a', 'b', '/', '-', '1'],
        ignoreCaseRate: 0.2,
        unboundedLookahead: true,
      },
      4242,
      1000,
      true,
    );
    assert.ok(
      stats.unsupported < stats.compiled / 10,
      `${stats.unsupported} unsupported of ${stats.compiled}`,
    );
  });

  it('random Express 4 route paths compiled by path-to-regexp', () => {
    const random = prng(1234);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const TOKENS = [
      '/',
      '/',
      ':p',
      ':q',
      '-',
      '.',
      'a',
      'b',
      '?',
      '*',
      '(\\d+)',
      '(a|b)',
      '/:r?',
      '.:ext',
      '+',
    ];
    const ALPHABET = ['/', '-', '.', 'a', 'b', 'A', '1', 'x'];
    let checks = 0;
    for (let k = 0; k < 600; k++) {
      let path = '/';
      const count = 1 + Math.floor(random() * 6);
      for (let t = 0; t < count; t++) path += pick(TOKENS).replace(/:(\w)/, (_, name) => `:${name}${t}`);
      const options = { sensitive: random() < 0.5, strict: random() < 0.5, end: random() < 0.7 };
      let regexp: RegExp;
      try {
        regexp = pathToRegexp(path, [], options);
      } catch {
        continue; // path-to-regexp produced an invalid pattern (Express throws too)
      }
      const safe = compileSafeRegExp(regexp.source, { ignoreCase: regexp.ignoreCase });
      assert.ok(safe, `${path} -> ${regexp.source} should compile`);
      for (let n = 0; n < 15; n++) {
        let input = '/';
        const length = Math.floor(random() * 10);
        for (let c = 0; c < length; c++) input += pick(ALPHABET);
        const expected = regexp.exec(input);
        checks++;
        assert.deepEqual(safe.exec(input), expected === null ? null : [...expected], `${path} on ${input}`);
      }
    }
    assert.ok(checks > 5000, `${checks} checks`);
  });
});
