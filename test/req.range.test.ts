import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cpuClock } from './support/cpu-time';
import { assertSameAsExpress } from './support/http';
import { eachHeader, echoApp, fakeRequest } from './support/request-echo';

const RANGES = [
  undefined,
  '',
  'bytes=0-499',
  'bytes=-500',
  'bytes=9500-',
  'bytes=0-499,-100',
  'bytes=500-700,601-999',
  'bytes=0-1,3-4,2-2',
  'bytes=2000-',
  'bytes=5',
  'bytes=1-2-3',
  'bytes=abc',
  'bytes=-',
  'bytes=',
  'items=0-5',
  'bytes',
  'nonsense',
];

describe('req.range', () => {
  it('answers like Express 4 for a table of Range headers, sizes and options', async () => {
    await assertSameAsExpress(
      echoApp((req) =>
        [0, 100, 1000, 10000].map((size) => [
          req.range(size),
          req.range(size, { combine: true }),
          req.range(size, { combine: false }),
        ]),
      ),
      eachHeader('range', RANGES),
    );
  });

  it('returns -2 for a malformed header, -1 when unsatisfiable and a typed array otherwise', () => {
    assert.equal(fakeRequest({ headers: { range: 'bytes' } }).range(100), -2);
    assert.equal(fakeRequest({ headers: { range: 'bytes=200-' } }).range(100), -1);
    assert.equal(fakeRequest().range(100), undefined);
    const ranges = fakeRequest({ headers: { range: 'bytes=0-9,5-19' } }).range(100, { combine: true });
    assert.equal(ranges.type, 'bytes');
    assert.deepEqual([...ranges], [{ start: 0, end: 19 }]);
  });

  it('answers quickly for a near-limit header of thousands of ranges', async () => {
    await assertSameAsExpress(
      echoApp((req) => {
        const start = cpuClock();
        const result = req.range(1_000_000, { combine: true });
        return [result, start() < 100];
      }),
      eachHeader('range', [
        `bytes=${'0-1,'.repeat(3500)}`,
        `bytes=${'1'.repeat(14000)}`,
        `bytes=${','.repeat(14000)}`,
      ]),
    );
  });
});
