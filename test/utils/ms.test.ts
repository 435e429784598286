import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ms } from '../../src/utils/ms';

test('bare numbers are milliseconds', () => {
  assert.equal(ms('100'), 100);
  assert.equal(ms('1.5'), 1.5);
  assert.equal(ms('.5'), 0.5);
  assert.equal(ms('-3'), -3);
  assert.equal(ms('0'), 0);
  assert.equal(ms('100 '), 100);
});

test('every unit spelling', () => {
  const cases: Array<[string, number]> = [
    ['2ms', 2],
    ['2msec', 2],
    ['2msecs', 2],
    ['2millisecond', 2],
    ['2milliseconds', 2],
    ['2s', 2000],
    ['2sec', 2000],
    ['2secs', 2000],
    ['2second', 2000],
    ['2seconds', 2000],
    ['2m', 120_000],
    ['2min', 120_000],
    ['2mins', 120_000],
    ['2minute', 120_000],
    ['2minutes', 120_000],
    ['2h', 7_200_000],
    ['2hr', 7_200_000],
    ['2hrs', 7_200_000],
    ['2hour', 7_200_000],
    ['2hours', 7_200_000],
    ['2d', 172_800_000],
    ['2day', 172_800_000],
    ['2days', 172_800_000],
    ['2w', 1_209_600_000],
    ['2week', 1_209_600_000],
    ['2weeks', 1_209_600_000],
    ['1y', 31_557_600_000],
    ['1yr', 31_557_600_000],
    ['1yrs', 31_557_600_000],
    ['1year', 31_557_600_000],
    ['1years', 31_557_600_000],
  ];
  for (const [input, expected] of cases) assert.equal(ms(input), expected, input);
});

test('units are case-insensitive and may follow spaces', () => {
  assert.equal(ms('1D'), 86_400_000);
  assert.equal(ms('1 Hour'), 3_600_000);
  assert.equal(ms('1   d'), 86_400_000);
  assert.equal(ms('1.5h'), 5_400_000);
  assert.equal(ms('-1d'), -86_400_000);
  assert.equal(ms('-.5s'), -500);
});

test('anything else is undefined', () => {
  for (const input of [
    '',
    ' ',
    'd',
    '1.',
    '.',
    '-',
    '- 1',
    ' 1d',
    '1dd',
    '1 d s',
    '1e3',
    '0x10',
    '1.5.5',
    'soon',
    '1d ',
    '1 days ago',
  ]) {
    assert.equal(ms(input), undefined, JSON.stringify(input));
  }
});

test('long input is refused without scanning it', () => {
  assert.equal(ms(`1${' '.repeat(100)}`), undefined);
  assert.equal(ms(`1${' '.repeat(99)}`), 1);
  assert.equal(ms('9'.repeat(101)), undefined);
});
