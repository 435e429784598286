import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isBytesRange, MALFORMED, parseByteRanges, UNSATISFIABLE } from '../../src/static/range';

test('isBytesRange accepts only the bytes unit, after optional spaces', () => {
  assert.equal(isBytesRange('bytes=0-1'), true);
  assert.equal(isBytesRange('   bytes=0-1'), true);
  assert.equal(isBytesRange('items=0-1'), false);
  assert.equal(isBytesRange('Bytes=0-1'), false);
  assert.equal(isBytesRange('bytes'), false);
  assert.equal(isBytesRange(undefined), false);
});

test('single ranges, open ends and suffixes', () => {
  assert.deepEqual(parseByteRanges(1000, 'bytes=0-499'), [{ start: 0, end: 499 }]);
  assert.deepEqual(parseByteRanges(1000, 'bytes=500-'), [{ start: 500, end: 999 }]);
  assert.deepEqual(parseByteRanges(1000, 'bytes=-100'), [{ start: 900, end: 999 }]);
  assert.deepEqual(parseByteRanges(1000, 'bytes=-2000'), UNSATISFIABLE);
  assert.deepEqual(parseByteRanges(1000, 'bytes=0-5000'), [{ start: 0, end: 999 }]);
  assert.deepEqual(parseByteRanges(1000, 'bytes=999-999'), [{ start: 999, end: 999 }]);
});

test('unsatisfiable and malformed', () => {
  assert.equal(parseByteRanges(1000, 'bytes=1000-'), UNSATISFIABLE);
  assert.equal(parseByteRanges(1000, 'bytes=5-1'), UNSATISFIABLE);
  assert.equal(parseByteRanges(1000, 'bytes=abc'), UNSATISFIABLE);
  assert.equal(parseByteRanges(1000, 'bytes='), UNSATISFIABLE);
  assert.equal(parseByteRanges(1000, 'bytes=-'), UNSATISFIABLE);
  assert.equal(parseByteRanges(0, 'bytes=0-'), UNSATISFIABLE);
  assert.equal(parseByteRanges(1000, 'bytes'), MALFORMED);
});

test('invalid parts are skipped, valid ones kept', () => {
  assert.deepEqual(parseByteRanges(1000, 'bytes=x-y, 5-9'), [{ start: 5, end: 9 }]);
  assert.deepEqual(parseByteRanges(1000, 'bytes= 1-2'), [{ start: 1, end: 2 }]);
  assert.deepEqual(parseByteRanges(1000, 'bytes=1-2-3'), [{ start: 1, end: 2 }]);
});

test('overlapping and adjacent ranges are combined in request order', () => {
  assert.deepEqual(parseByteRanges(1000, 'bytes=0-4,5-9'), [{ start: 0, end: 9 }]);
  assert.deepEqual(parseByteRanges(1000, 'bytes=0-9,3-5'), [{ start: 0, end: 9 }]);
  assert.deepEqual(parseByteRanges(1000, 'bytes=20-29,0-4,3-8'), [
    { start: 20, end: 29 },
    { start: 0, end: 8 },
  ]);
});

test('agrees with the range-parser package Express uses', () => {
  const rangeParser = require('range-parser');
  const headers = [
    'bytes=0-0',
    'bytes=0-1,1-2',
    'bytes=0-1,3-4',
    'bytes=-1',
    'bytes=-0',
    'bytes=0-',
    'bytes=,',
    'bytes=1-,-1',
    'bytes=100-200,150-250,0-10',
    'bytes=+5-6',
    'bytes=5 - 6',
    'bytes=0x1-2',
    'bytes=9999999999999999999999-',
    'bytes=1.5-2',
    'x=1-2',
  ];
  for (const size of [0, 1, 10, 300]) {
    for (const header of headers) {
      const expected = rangeParser(size, header, { combine: true });
      const actual = parseByteRanges(size, header);
      assert.deepEqual(
        actual,
        Array.isArray(expected) ? [...expected].map((r: any) => ({ start: r.start, end: r.end })) : expected,
        `${size} ${header}`,
      );
    }
  }
});
