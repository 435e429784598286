/** Handler lists as Express 4 accepts them: functions and arrays of them, nested to any depth. */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { flatten } from '../../src/utils/flatten';

const a = () => 'a';
const b = () => 'b';
const c = () => 'c';

test('a flat list comes back as a copy, in order', () => {
  const input = [a, b, c];
  const out = flatten(input);
  assert.deepEqual(out, [a, b, c]);
  assert.notEqual(out, input);
  out.push(a);
  assert.equal(input.length, 3);
});

test('nested arrays flatten depth first, in order; empty arrays vanish', () => {
  assert.deepEqual(flatten([a, [b, [c, []], a], [], [[b]]]), [a, b, c, a, b]);
  assert.deepEqual(flatten([]), []);
});

test('depth cannot overflow the stack', () => {
  let deep: unknown[] = [c];
  for (let i = 0; i < 100_000; i++) deep = [deep];
  assert.deepEqual(flatten([a, deep, b]), [a, c, b]);
});
