import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRange } from '../../src/http/range';
import { cpuClock } from '../support/cpu-time';

// range-parser@1.2, which Express 4's req.range uses.
const reference = require('range-parser');

function shape(result: unknown): unknown {
  return Array.isArray(result) ? { type: (result as any).type, ranges: [...result] } : result;
}

const HEADERS = [
  'bytes=0-499',
  'bytes=500-999',
  'bytes=-500',
  'bytes=9500-',
  'bytes=0-0,-1',
  'bytes=0-499,-100',
  'bytes=500-600,601-999',
  'bytes=500-700,601-999',
  'bytes=0-1,3-4,2-2',
  'bytes=0-4,90-99,5-75,100-199,101-102',
  'bytes=2000-',
  'bytes=1000-2000',
  'bytes=5',
  'bytes= 0-1',
  'bytes=1-2-3',
  'bytes=+1-+2',
  'bytes=1.5-3',
  'bytes=0x10-20',
  'bytes=abc',
  'bytes=-',
  'bytes=',
  'bytes=0-1,,2-3',
  'bytes=5-2',
  'bytes=-0',
  'bytes=0-',
  'items=0-5',
  '=0-5',
  'bytes',
  'foo',
  '',
  'bytes=99999999999999999999-',
];

describe('http/range parseRange', () => {
  for (const header of HEADERS) {
    it(`matches range-parser@1.2 for ${JSON.stringify(header)}`, () => {
      for (const size of [0, 1, 200, 1000, 10000]) {
        for (const options of [undefined, { combine: true }, { combine: false }]) {
          assert.deepEqual(
            shape(parseRange(size, header, options)),
            shape(reference(size, header, options)),
            `size ${size} ${JSON.stringify(options)}`,
          );
        }
      }
    });
  }

  it('throws the reference TypeError for a non-string header', () => {
    assert.throws(() => parseRange(10, undefined as any), {
      name: 'TypeError',
      message: 'argument str must be a string',
    });
  });

  it('keeps combined ranges in the order of their first appearance', () => {
    const result = parseRange(1000, 'bytes=100-200,0-50,150-300,51-60', { combine: true });
    assert.deepEqual(shape(result), {
      type: 'bytes',
      ranges: [
        { start: 100, end: 300 },
        { start: 0, end: 60 },
      ],
    });
  });

  it('is linear on a megabyte of ranges without dashes or commas', () => {
    const start = cpuClock();
    const singles = parseRange(100, `bytes=${'1,'.repeat(500_000)}`);
    assert.ok(Array.isArray(singles) && singles.length === 500_000 && singles[0].end === 99);
    assert.equal(parseRange(100, `bytes=${'9'.repeat(1_000_000)}`), -1);
    const many = parseRange(1_000_000, `bytes=${'0-1,'.repeat(200_000)}`, { combine: true });
    assert.deepEqual(shape(many), { type: 'bytes', ranges: [{ start: 0, end: 1 }] });
    assert.ok(start() < 2000);
  });
});
