import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileProgram } from '../../src/regex/program';
import { dfaEligible, partition } from '../../src/regex/symbols';
import { compile, counted, nativeExec } from './support';

// Whether a step depends on the current character alone (so the lazy DFA may run the pattern), and
// the alphabet cut into the classes of characters the pattern cannot tell apart.

describe('symbols: the alphabet', () => {
  it('cuts the alphabet where a character or set of the pattern changes its answer', () => {
    const { representatives, starts } = partition(compileProgram('^[a-c]x|\\d', false).program);
    // Classes: the digits, a-c, x, and everything else (in one class however scattered).
    assert.equal(representatives.length, 4);
    assert.deepEqual(starts.slice(0, 7), [0, 48, 58, 97, 100, 120, 121]);
  });

  it('lets the DFA run anchored patterns with one-character lookaheads, not the others', () => {
    const eligible = (source: string) => dfaEligible(compileProgram(source, false).program);
    assert.equal(eligible('^(?:(?!\\/|-).)+$'), true);
    assert.equal(eligible('a+'), false);
    assert.equal(eligible('^\\ba'), false);
    assert.equal(eligible('^(?=ab)a'), false);
  });
});

describe('symbols: which engine runs', () => {
  it('answers anchored route patterns, `$` and one-character lookaheads included', () => {
    for (const source of [
      '^(?:\\/([^/]+?))?-(?:((?:(?!\\/|-).)+?))\\/?$',
      '^\\/a(?:\\/([^/]+?))?c\\/?(?=\\/|$)',
      '^(?:\\/([^/]+?))+\\/?$',
    ]) {
      const safe = compile(source, 'i');
      const moved = counted(() => safe.exec('/some-long-path'));
      assert.deepEqual([moved.dfaRuns, moved.nfaRuns], [1, 0], source);
    }
  });

  it('leaves to the Pike VM what depends on more than the current character', () => {
    for (const source of [
      'a+b', // not anchored
      '^a\\b', // word boundary: the previous character too
      '^(?=ab)a', // a lookahead longer than one character
      '^(?=(a))a', // a lookahead with captures
      '^(?=a$)a', // `$` after a character inside a lookahead
      '^(?!.*x)a', // an unbounded lookahead
    ]) {
      const safe = compile(source);
      const moved = counted(() => safe.exec('ab'));
      assert.deepEqual([moved.dfaRuns, moved.nfaRuns], [0, 1], source);
      assert.deepEqual(safe.exec('ab'), nativeExec(source, '', 'ab'), source);
    }
  });

  it('runs everything on the Pike VM with maxDfaStates 0', () => {
    const safe = compile('^\\/(\\w+)$', '', 0);
    const moved = counted(() => assert.deepEqual(safe.exec('/abc'), ['/abc', 'abc']));
    assert.deepEqual([moved.dfaRuns, moved.nfaRuns], [0, 1]);
  });
});
