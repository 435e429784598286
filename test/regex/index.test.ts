import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileSafeRegExp, type SafeRegExp, unsupportedReason, workDone } from '../../src/regex';
import { compile, nativeExec, routeSource } from './support';

// The entry point's contract: RegExp's exec results as plain arrays, null for what it refuses (with the
// reason in words), and work linear in the input where a backtracking engine's is not.

describe('compileSafeRegExp: API', () => {
  it('exposes source and ignoreCase', () => {
    const safe = compile('^\\/a$', 'i');
    assert.equal(safe.source, '^\\/a$');
    assert.equal(safe.ignoreCase, true);
    assert.equal(compile('a').ignoreCase, false);
  });

  it('returns a plain array with undefined for groups that did not participate', () => {
    const result = compile('^(a)|(b)$').exec('b');
    assert.ok(Array.isArray(result));
    assert.deepEqual(result, ['b', undefined, 'b']);
    assert.equal(Object.getPrototypeOf(result), Array.prototype);
  });

  it('returns null when there is no match', () => {
    assert.equal(compile('^\\/users$').exec('/posts'), null);
  });

  it('coerces a non-string input like RegExp#exec does', () => {
    const safe = compile('^und(ef)ined$');
    assert.deepEqual(safe.exec(undefined as unknown as string), ['undefined', 'ef']);
    assert.deepEqual(compile('^\\d+$').exec(123 as unknown as string), ['123']);
  });

  it('gives independent results on repeated use of one compiled regex', () => {
    const source = '^(?:\\/([^/]+?))-(?:((?:(?!\\/|-).)+?))\\/?(?=\\/|$)';
    const safe = compile(source, 'i');
    const inputs = ['/a-b', '/a/b', '/a-b/c', '/x-y-z', '/a-b', '/-', '/a-b', '/ab-cd/'];
    for (let round = 0; round < 3; round++) {
      for (const input of inputs) assert.deepEqual(safe.exec(input), nativeExec(source, 'i', input), input);
    }
  });
});

describe('compileSafeRegExp: unsupported constructs return null', () => {
  it('sources RegExp rejects', () => {
    for (const source of [
      '(',
      '[a',
      'a**',
      '\\',
      'x{2,1}',
      '[z-a]',
      '(?<x>a)\\k',
      '*a',
      '{1}',
      '(?<x>a)[\\k]',
    ]) {
      assert.equal(compileSafeRegExp(source, { ignoreCase: false }), null, source);
    }
  });

  it('a non-string source', () => {
    assert.equal(compileSafeRegExp(undefined as unknown as string, { ignoreCase: false }), null);
  });
});

describe('unsupportedReason: why a source is refused, in words', () => {
  it('names each refusal, and answers null for a source that compiles', () => {
    const cases: [string, string][] = [
      ['(a)\\1', 'a backreference'],
      ['(?<=a)b', 'a lookbehind or another group kind the engine lacks'],
      ['a{99999}', 'the pattern is too large'],
      ['(?=(a+))', 'a lookahead with captures and no length bound'],
    ];
    for (const [source, reason] of cases) {
      assert.equal(compileSafeRegExp(source, { ignoreCase: false }), null, source);
      assert.equal(unsupportedReason(source, { ignoreCase: false }), reason, source);
    }
    assert.match(unsupportedReason('(', { ignoreCase: false })!, /^not a valid regular expression: /);
    assert.equal(unsupportedReason('^\\/a(\\d+)$', { ignoreCase: true }), null);
  });
});

describe('compileSafeRegExp: linear time on inputs that are catastrophic for backtracking', () => {
  const CASES: [string, (n: number) => string][] = [
    // (Without `\.json`, `/${'-'.repeat(n)}/x` is as slow on a backtracking RegExp; there the '/' count refuses it before
    // any run: see the next test.)
    ['^(?:\\/([^/]+?))-(?:([^/]+?))-(?:([^/]+?))-(?:([^/]+?))\\.json\\/?$', (n) => `/${'-'.repeat(n)}x`],
    [
      '^(?:\\/([^/]+?))-(?:((?:(?!\\/|-).)+?))-(?:((?:(?!\\/|-).)+?))\\/?(?=\\/|$)',
      (n) => `/${'a-'.repeat(n / 2)}`,
    ],
    ['^(a+)+$', (n) => `${'a'.repeat(n)}b`],
    ['^(a|a)*$', (n) => `${'a'.repeat(n)}b`],
    ['^(a*)*$', (n) => `${'a'.repeat(n)}b`],
    ['(x+x+)+y', (n) => 'x'.repeat(n)],
    ['^\\/ab(.*)cd(.*)ef(.*)gh\\/?$', (n) => `/ab${'cdef'.repeat(n / 4)}`],
    ['^(\\w+\\s?)*$', (n) => `${'aaaa '.repeat(n / 5)}!`],
    // Quadratic on a backtracking engine: the lookahead rescans the rest of the input at every position.
    ['^(?:(?=[^-]*-).)+$', (n) => 'a'.repeat(n)],
    ['^(?:(?!.*admin)\\w)+$', (n) => `${'a'.repeat(n)}-`],
  ];

  /** The engine's work (thread additions, see workDone) for one exec of `input`. */
  function work(safe: SafeRegExp, input: string): number {
    const before = workDone.threads;
    safe.exec(input);
    return workDone.threads - before;
  }

  for (const [source, input] of CASES) {
    it(`runs ${source} on 10 000 and 80 000 characters in linear time`, () => {
      const safe = compile(source, 'i');
      const small = input(10_000);
      const large = input(80_000);
      // Correct on a short input that RegExp itself still handles quickly.
      assert.deepEqual(safe.exec(input(16)), nativeExec(source, 'i', input(16)));
      assert.equal(safe.exec(small), null);
      // Eight times the input: a linear matcher does ~8x the work, a quadratic one ~64x. Counted, not
      // timed, so the answer does not depend on what else the machine is doing.
      const w1 = work(safe, small);
      const w2 = work(safe, large);
      assert.ok(w1 > 0, 'the engine did some work');
      assert.ok(w2 <= 9 * w1, `10 000 chars: ${w1} thread additions, 80 000 chars: ${w2}`);
    });
  }

  it("refuses a catastrophic input by its '/' count, without a run", () => {
    const source = '^(?:\\/([^/]+?))-(?:([^/]+?))-(?:([^/]+?))-(?:([^/]+?))\\/?$';
    const safe = compile(source, 'i');
    const input = (n: number) => `/${'-'.repeat(n)}/x`;
    assert.equal(nativeExec(source, 'i', input(16)), null);
    assert.equal(safe.exec(input(16)), null);
    for (const n of [10_000, 80_000]) {
      const before = { ...workDone };
      assert.equal(safe.exec(input(n)), null);
      assert.equal(workDone.threads, before.threads, `${n}: no thread`);
      assert.equal(workDone.prefiltered, before.prefiltered + 1, `${n}`);
    }
  });
});

describe('hand-over: when the built-in RegExp throws', () => {
  it('a RegExp that throws (its backtrack stack exhausted) leaves the answer to the Pike VM', () => {
    const source = routeSource('/:a?-:b');
    const safe = compileSafeRegExp(source, { ignoreCase: true });
    assert.ok(safe);
    const dense = `/${'ab-cd-ef-gh-'.repeat(100)}x`;
    const expected = safe.exec(dense);
    // The RegExp is made on the first long input; replace it with one that throws.
    (safe as unknown as { native: { exec(): never } }).native = {
      exec() {
        throw new RangeError('Maximum call stack size exceeded');
      },
    };
    const before = workDone.nfaRuns;
    assert.deepEqual(safe.exec(dense), expected);
    assert.equal(workDone.nfaRuns, before + 1);
  });
});
