import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { complement, finalRanges, inSet, normalize, toCharSet } from '../../src/regex/charset';
import { assertSame, compile } from './support';

// Character sets: the class escapes and `.` as ECMAScript defines them, and non-unicode case folding.

describe('charset: ranges', () => {
  it('merges, complements and folds ranges', () => {
    assert.deepEqual(normalize([5, 9, 1, 3, 4, 4, 20, 20]), [1, 9, 20, 20]);
    assert.deepEqual(complement([0, 9, 0xfff0, 0xffff]), [10, 0xffef]);
    assert.deepEqual(finalRanges([97, 98], true, true), [0, 64, 67, 96, 99, 0xffff]);
    const set = toCharSet([65, 65, 0x100, 0x200]);
    assert.deepEqual(
      [65, 66, 0xff, 0x100, 0x180, 0x200, 0x201].map((ch) => inSet(set, ch)),
      [true, false, false, true, true, true, false],
    );
  });

  it('\\d, \\w, \\s and . agree with RegExp on every code unit', () => {
    for (const source of ['\\s', '\\S', '\\d', '\\w', '\\W', '.', '[^\\s]']) {
      for (const flags of ['', 'i']) {
        const safe = compile(`^${source}$`, flags);
        const native = new RegExp(`^${source}$`, flags);
        for (let code = 0; code <= 0xffff; code++) {
          const ch = String.fromCharCode(code);
          if ((safe.exec(ch) !== null) !== native.test(ch)) {
            assert.fail(`/${source}/${flags} disagrees on U+${code.toString(16)}`);
          }
        }
      }
    }
  });
});

describe('compileSafeRegExp: case-insensitive matching', () => {
  const SPECIAL = [
    'a',
    'A',
    'k',
    'K',
    's',
    'S',
    'i',
    'I',
    '\u212a', // KELVIN SIGN: uppercases to itself, so it never folds with k
    '\u017f', // LATIN SMALL LETTER LONG S: uppercases to ASCII S, so it does not fold
    '\u0131', // dotless i: uppercases to ASCII I, no fold
    '\u0130', // I with dot above
    '\u00df', // sharp s: uppercases to "SS" (two characters), no fold
    '\u1e9e', // capital sharp s
    '\u00b5', // micro sign: uppercases to Greek capital mu
    '\u039c',
    '\u03bc',
    '\u00e9',
    '\u00c9',
    '\u00ff',
    '\u0178',
    '\u01c4',
    '\u01c5',
    '\u01c6',
    '\u03a3',
    '\u03c2',
    '\u03c3',
    '\u0345',
    '\u0399',
    '\u03b9',
    '\u1fbe',
    '\u2126',
    '\u03c9',
    '\u00c5',
    '\u212b',
    '\u00e5',
    '\u0412',
    '\u0432',
    '\u1c80',
    '\ua64a',
    '\u1c88',
    '\uff21',
    '\uff41',
  ];

  function unicodeEscape(ch: string): string {
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  }

  it('folds literals like RegExp with the i flag (non-unicode Canonicalize)', () => {
    for (const pattern of SPECIAL) {
      const source = unicodeEscape(pattern);
      const literal = compile(source, 'i');
      const native = new RegExp(source, 'i');
      for (const input of SPECIAL) {
        assert.equal(
          literal.exec(input) !== null,
          native.test(input),
          `/${source}/i on ${unicodeEscape(input)}`,
        );
      }
    }
  });

  it('folds class members before negation, like RegExp', () => {
    for (const pattern of SPECIAL) {
      const e = unicodeEscape(pattern);
      for (const source of [`[${e}]`, `[^${e}]`, `[\\u0000-${e}]`, `[^a-z${e}]`]) {
        assertSame(source, 'i', SPECIAL);
      }
    }
  });

  it('finds the same matches as RegExp across the whole code unit range for sampled characters', () => {
    let all = '';
    for (let code = 0; code <= 0xffff; code++) all += String.fromCharCode(code);
    const sample = [
      ...SPECIAL,
      '\u0100',
      '\u01f1',
      '\u1e00',
      '\u2c00',
      '\u10a0',
      '\u13a0',
      '\uab70',
      '\u0560',
    ];
    for (const ch of sample) {
      const expected: number[] = [];
      const global = new RegExp(unicodeEscape(ch), 'gi');
      for (let m = global.exec(all); m !== null; m = global.exec(all)) expected.push(m.index);
      // `^([^]*?)c` reports where the next match starts.
      const finder = compile(`^([^]*?)${unicodeEscape(ch)}`, 'i');
      const actual: number[] = [];
      for (let from = 0; ; ) {
        const m = finder.exec(all.slice(from));
        if (m === null) break;
        actual.push(from + m[1]!.length);
        from = from + m[1]!.length + 1;
      }
      assert.deepEqual(actual, expected, `matches of /${unicodeEscape(ch)}/i`);
    }
  });
});
