import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseBytes } from '../../src/utils/bytes';

// The byte-size parser Express 4's body parsers use; its answers are the reference.
const bytes = require('bytes') as { parse(value: unknown): number | null };

describe('parseBytes', () => {
  test('reads unit strings in binary multiples, any case, with optional spaces', () => {
    assert.equal(parseBytes('100kb'), 102400);
    assert.equal(parseBytes('1mb'), 1048576);
    assert.equal(parseBytes('1.5MB'), 1572864);
    assert.equal(parseBytes('2 Gb'), 2 * 1024 ** 3);
    assert.equal(parseBytes('1tb'), 1024 ** 4);
    assert.equal(parseBytes('1pb'), 1024 ** 5);
    assert.equal(parseBytes('0.5kb'), 512);
  });

  test('reads a plain number string as bytes, using its leading integer', () => {
    assert.equal(parseBytes('2048'), 2048);
    assert.equal(parseBytes('100b'), 100);
    assert.equal(parseBytes('12abc'), 12);
  });

  test('passes numbers through, including 0 and Infinity', () => {
    assert.equal(parseBytes(0), 0);
    assert.equal(parseBytes(1234), 1234);
    assert.equal(parseBytes(Number.POSITIVE_INFINITY), Number.POSITIVE_INFINITY);
  });

  test('returns null for values that hold no number', () => {
    assert.equal(parseBytes('lots'), null);
    assert.equal(parseBytes(''), null);
    assert.equal(parseBytes('kb'), null);
    assert.equal(parseBytes(Number.NaN), null);
    assert.equal(parseBytes(null), null);
    assert.equal(parseBytes(undefined), null);
    assert.equal(parseBytes({}), null);
    assert.equal(parseBytes(true), null);
  });

  test('agrees with the bytes package on every edge case', () => {
    const inputs: unknown[] = [
      '1kb',
      '1KB',
      '1Kb',
      '1 kb',
      '1   kb',
      ' 1kb',
      '1kb ',
      '1.kb',
      '.5kb',
      '1.5.5kb',
      '+1kb',
      '-1kb',
      '-1.5kb',
      '+1.25mb',
      '1e3',
      '1e3kb',
      '0x10',
      '0x10kb',
      '10b',
      '1.5b',
      '-1.5b',
      '1 b',
      '1bb',
      '1kbb',
      '1k',
      '1m',
      '12',
      '-12',
      '+12',
      '1.9',
      '   7',
      '7   ',
      'kb1',
      '',
      ' ',
      '∞',
      '١٢kb',
      '1\tkb',
      '1_000kb',
      1.5,
      -3,
      0,
      Number.NEGATIVE_INFINITY,
      Number.NaN,
      null,
      undefined,
      [],
      ['5'],
      {},
      false,
      '9007199254740993kb',
    ];
    for (const input of inputs) {
      assert.equal(parseBytes(input), bytes.parse(input), `parseBytes(${JSON.stringify(input)})`);
    }
  });
});
