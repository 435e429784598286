/**
 * Express 4's path syntax, differentially: seeded random route patterns × random paths, each matched
 * by an express@4 Layer and a webapp Layer with the same options. The matched part, the params and a
 * 400 for a malformed escape must agree — whichever engine runs the pattern (string compare, V8, or the
 * linear-time engine). Bounded: a few thousand matches, no server.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Layer } from '../../src/router/layer';
import { prng } from '../support/prng';

const ExpressLayer = require('express/lib/router/layer');

// Pieces of patterns: literals, every parameter form of Express 4, operators and groups.
const PATTERN_TOKENS = [
  '/',
  '/',
  '/',
  'a',
  'b',
  'api',
  'v1',
  '-',
  '.',
  ':id',
  ':b',
  ':name',
  '?',
  '*',
  '+',
  '(x)',
  '(\\d+)',
  ':id(\\d+)',
  ':id?',
  ':file.:ext',
  ':a-:b',
  ':p*',
  '.json',
  'file',
  '(a|b)',
  '[ab]',
  '%41',
  'X',
];
// Pieces of paths, chosen to meet the tokens above.
const PATH_TOKENS = [
  '/',
  '/',
  '/',
  'a',
  'b',
  'api',
  'v1',
  '-',
  '.',
  '42',
  'x',
  'json',
  'file',
  'ab',
  'A',
  'X',
  '%41',
  '%E0%A4%A',
  '%zz',
  '7',
  'report.pdf',
];

function build(rand: () => number, tokens: readonly string[], max: number): string {
  let out = '/';
  const count = 1 + Math.floor(rand() * max);
  for (let i = 0; i < count; i++) out += tokens[Math.floor(rand() * tokens.length)];
  return out;
}

type Outcome = string;

function outcome(
  layer: { match(path: string): boolean; path?: string; params?: unknown },
  path: string,
): Outcome {
  try {
    return layer.match(path) ? JSON.stringify([layer.path, layer.params]) : 'no match';
  } catch (err) {
    return `throws ${(err as { status?: number }).status ?? (err as Error).name}`;
  }
}

test('route patterns match as in express@4: seeded random patterns × paths', () => {
  let compared = 0;
  let matched = 0;
  for (let seed = 1; seed <= 500; seed++) {
    const rand = prng(seed);
    const pattern = build(rand, PATTERN_TOKENS, 6);
    const options = { end: rand() < 0.6, strict: rand() < 0.3, sensitive: rand() < 0.3 };
    let theirs: { match(path: string): boolean };
    try {
      theirs = new ExpressLayer(pattern, options, () => undefined);
    } catch {
      // Not a valid pattern for Express either (an unbalanced group): webapp must refuse it too.
      assert.throws(() => new Layer(pattern, options, () => undefined), Error, pattern);
      continue;
    }
    const ours = new Layer(pattern, options, () => undefined);
    assert.equal(String(ours.regexp), String((theirs as unknown as { regexp: RegExp }).regexp), pattern);
    for (let p = 0; p < 30; p++) {
      const path = build(rand, PATH_TOKENS, 8);
      const expected = outcome(theirs, path);
      assert.equal(outcome(ours, path), expected, `${pattern} ${JSON.stringify(options)} on ${path}`);
      compared++;
      if (expected !== 'no match') matched++;
    }
  }
  // Guard against a vacuous run: a fair share of the generated paths do match.
  assert.ok(matched > compared / 20, `only ${matched} of ${compared} paths matched`);
});
