import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  backtrackingProven,
  compileSafeRegExp,
  DFA_MAX_STATES,
  type SafeRegExp,
  workDone,
} from '../../src/regex';
import { prng } from '../support/prng';

// The lazy DFA in front of the Pike VM (src/regex/safe-regexp.ts): it must give exactly the Pike VM's
// (and so RegExp's) results, fall back to the Pike VM when its state cache fills, and keep the work linear.

const pathToRegexp: (path: string, keys: unknown[], options: object) => RegExp = require('path-to-regexp');

/** Native '/' searches made by `fn` (String.prototype.indexOf with '/'). */
function slashSearches(fn: () => void): number {
  const indexOf = String.prototype.indexOf;
  let count = 0;
  String.prototype.indexOf = function (this: string, ...args: Parameters<typeof indexOf>) {
    if (args[0] === '/') count++;
    return indexOf.apply(this, args);
  };
  try {
    fn();
  } finally {
    String.prototype.indexOf = indexOf;
  }
  return count;
}

/**
 * A random Express 4 path of 1 to `most` tokens (led by '/') with random options, each on with the given
 * odds, compiled by Express's own path-to-regexp; undefined when it refuses the path.
 */
function randomRoute(
  random: () => number,
  tokens: readonly string[],
  most: number,
  odds: { end: number; strict: number; sensitive: number },
): { path: string; regexp: RegExp } | undefined {
  let path = '';
  for (let t = 1 + Math.floor(random() * most); t > 0; t--)
    path += tokens[Math.floor(random() * tokens.length)];
  if (path[0] !== '/') path = `/${path}`;
  const options = {
    end: random() < odds.end,
    strict: random() < odds.strict,
    sensitive: random() < odds.sensitive,
  };
  try {
    return { path, regexp: pathToRegexp(path, [], options) };
  } catch {
    return undefined;
  }
}

function compile(source: string, flags = '', maxDfaStates?: number): SafeRegExp {
  const safe = compileSafeRegExp(source, { ignoreCase: flags === 'i', maxDfaStates });
  assert.ok(safe, `expected ${JSON.stringify(source)} to compile`);
  return safe;
}

function nativeExec(source: string, flags: string, input: string): (string | undefined)[] | null {
  const match = new RegExp(source, flags).exec(input);
  return match === null ? null : [...match];
}

/** Counters of workDone moved by `fn`. */
function counted(fn: () => void): {
  threads: number;
  dfaRuns: number;
  nfaRuns: number;
  dfaOverflows: number;
} {
  const before = { ...workDone };
  fn();
  return {
    threads: workDone.threads - before.threads,
    dfaRuns: workDone.dfaRuns - before.dfaRuns,
    nfaRuns: workDone.nfaRuns - before.nfaRuns,
    dfaOverflows: workDone.dfaOverflows - before.dfaOverflows,
  };
}

describe('lazy DFA: which engine runs', () => {
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

describe('lazy DFA: state cache overflow', () => {
  // `^[ab]*a[ab]{9}$` needs a state per combination of the last ten characters: 2^10 > DFA_MAX_STATES.
  const source = '^([ab]*)a([ab]{9})$';

  function abString(random: () => number, length: number): string {
    let out = '';
    for (let k = 0; k < length; k++) out += random() < 0.5 ? 'a' : 'b';
    return out;
  }

  it('falls back to the Pike VM with the same results, then starts again from an empty cache', () => {
    assert.ok(2 ** 10 > DFA_MAX_STATES);
    const safe = compile(source);
    const random = prng(7);
    let overflows = 0;
    let dfaRuns = 0;
    for (let k = 0; k < 40; k++) {
      const input = abString(random, 20 + Math.floor(random() * 600));
      const moved = counted(() => assert.deepEqual(safe.exec(input), nativeExec(source, '', input), input));
      overflows += moved.dfaOverflows;
      dfaRuns += moved.dfaRuns;
      // A run that overflowed was finished by the Pike VM.
      assert.equal(moved.nfaRuns, moved.dfaOverflows);
    }
    assert.ok(overflows > 0, 'the cache filled at least once');
    // After an overflow the next run starts with an empty cache: short inputs fit and stay on the DFA.
    const short = counted(() => safe.exec('abababababab'));
    assert.deepEqual([short.dfaRuns, short.nfaRuns], [1, 0]);
    assert.ok(dfaRuns > 0);
  });

  it('a small cap (maxDfaStates) overflows on ordinary patterns too, and results do not change', () => {
    const route = '^(?:\\/([^/]+?))?-(?:((?:(?!\\/|-).)+?))\\/?$';
    const tiny = compile(route, 'i', 3);
    const roomy = compile(route, 'i');
    for (const input of ['/a-b', '/abc-def-ghi', '/a--b/', '-x', '/x/y-z', '/a-b/', '/é-ü']) {
      const moved = counted(() => assert.deepEqual(tiny.exec(input), roomy.exec(input), input));
      assert.equal(moved.dfaOverflows, 1, input);
      assert.deepEqual(roomy.exec(input), nativeExec(route, 'i', input), input);
    }
  });

  it('every cap from 2 to 12 states gives the same results on long inputs (overflow while examining a state to skip)', () => {
    const route = '^\\/a(?:\\/([^/]+?))?c\\/?$';
    const inputs = [
      `/a/${'xyz-'.repeat(500)}c`,
      `/a/${'xyzc'.repeat(500)}`,
      `/a/${'xy'.repeat(500)}C/`,
      '/ac',
    ];
    let overflows = 0;
    for (let cap = 2; cap <= 12; cap++) {
      const safe = compile(route, 'i', cap);
      for (const input of inputs) {
        const moved = counted(() =>
          assert.deepEqual(
            safe.exec(input),
            nativeExec(route, 'i', input),
            `cap ${cap}: ${input.slice(0, 20)}`,
          ),
        );
        overflows += moved.dfaOverflows;
      }
    }
    assert.ok(overflows > 0);
  });

  it('stays linear when every run overflows', () => {
    // `source` itself is proven linear on V8 (backtrackingProven), so a long run may be handed over
    // before it overflows; the doubled star is ambiguous, never handed over, and overflows the same way.
    const unproven = '^([ab]*)[ab]*a([ab]{9})$';
    assert.equal(backtrackingProven(unproven, { ignoreCase: false }), false);
    const safe = compile(unproven);
    const random = prng(8);
    const small = abString(random, 10_000);
    const large = abString(random, 80_000);
    const w1 = counted(() => safe.exec(small));
    const w2 = counted(() => safe.exec(large));
    assert.equal(w1.dfaOverflows + w2.dfaOverflows, 2);
    assert.ok(w2.threads <= 9 * w1.threads, `10 000 chars: ${w1.threads}, 80 000 chars: ${w2.threads}`);
  });
});

describe('lazy DFA: skipping through self-looping states', () => {
  const long = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

  const CASES: [string, string, string[]][] = [
    // One character leaves the loop: indexOf.
    [
      '^(?:\\/([^/]+?))\\/?$',
      'i',
      [`/${long('abc-12', 5000)}`, `/${long('abc-12', 5000)}/`, `/${long('x', 3000)}/y`],
    ],
    // A few leave it (ignoreCase doubles the letters): indexOf per character, each result remembered.
    [
      '^\\/a(?:\\/([^/]+?))?c\\/?$',
      'i',
      [
        `/a/${long('xyz-', 4000)}c`,
        `/a/${long('xyzC', 4000)}`,
        `/a/${long('xy', 4000)}C/`,
        `/a/${long('xy', 4000)}`,
      ],
    ],
    // Non-ASCII characters inside the loop and among the ways out (`.` stops at U+2028 and U+2029).
    [
      '^(?:\\/([^/]+?))-(?:((?:(?!\\/|-).)+?))$',
      '',
      [`/${long('aé-ü', 3000)}`, `/${long('ñ', 3000)}-${long('ß', 200)}`],
    ],
    // A loop on `.`: indexOf for '/' and for each line terminator (U+2028, U+2029 and \r, \n too).
    [
      '^\\/x(.+?)\\/?$',
      'i',
      [
        `/x${long('ab/cd', 4000)}`,
        `/x${long('ab/cd', 2000)}\u2028${long('e', 2000)}`,
        `/x${long('ab/cd', 2000)}\r${long('e', 2000)}/`,
        `/x${long('abc', 3000)}\u2029`,
      ],
    ],
    // More leaving characters than indexOf is used for (ranges too): a sticky class RegExp.
    [
      '^\\/([^éüß/.,;]+)(?:[éüß.,;](.*))?$',
      '',
      [`/${long('abc', 5000)}ü${long('d', 100)}`, `/${long('abc', 5000)}`],
    ],
    // Short stretches between the ways out, and a way out at the very end.
    ['^(?:\\/([^/]+?))+\\/?$', '', [long('/ab', 6000), `${long('/abcdefgh', 6000)}//`]],
  ];

  for (const [source, flags, inputs] of CASES) {
    it(`/${source}/${flags} on long inputs`, () => {
      const safe = compile(source, flags);
      for (const input of inputs) {
        const moved = counted(() =>
          assert.deepEqual(safe.exec(input), nativeExec(source, flags, input), input.slice(0, 40)),
        );
        assert.equal(moved.nfaRuns, 0);
      }
    });
  }
});

describe('lazy DFA: seeded differential against RegExp and the Pike VM', () => {
  it('random Express 4 route paths (path-to-regexp) × random paths, short and long', () => {
    const random = prng(1905);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const PATTERN_TOKENS = [
      '/',
      '/',
      'a',
      'b',
      '-',
      '.',
      ':id',
      ':b',
      ':id?',
      ':a-:b',
      ':p*',
      ':p+',
      '*',
      '(\\d+)',
      ':x(\\d+|[a-c]+)',
      '.json',
      'c?',
    ];
    const PATH_TOKENS = ['/', '/', '/', 'a', 'b', 'c', '-', '.', '42', 'x', 'json', 'A', 'é'];
    let dfaRuns = 0;
    let checks = 0;
    for (let k = 0; k < 250; k++) {
      const route = randomRoute(random, PATTERN_TOKENS, 5, { end: 0.7, strict: 0.2, sensitive: 0.2 });
      if (route === undefined) continue;
      const { path, regexp } = route;
      const flags = regexp.ignoreCase ? 'i' : '';
      const dfa = compileSafeRegExp(regexp.source, { ignoreCase: flags === 'i' });
      const pike = compileSafeRegExp(regexp.source, { ignoreCase: flags === 'i', maxDfaStates: 0 });
      if (dfa === null || pike === null) continue; // refused at registration; not this suite's subject
      for (let n = 0; n < 16; n++) {
        let input = '';
        const tokens = n < 12 ? Math.floor(random() * 10) : 40 + Math.floor(random() * 80);
        for (let t = 0; t < tokens; t++) input += pick(PATH_TOKENS);
        if (random() < 0.7) input = `/${input}`;
        const moved = counted(() => {
          const got = dfa.exec(input);
          assert.deepEqual(got, pike.exec(input), `${path} ${regexp.source} on ${JSON.stringify(input)}`);
          // RegExp itself only where its backtracking stays quick (short inputs).
          if (input.length <= 24) assert.deepEqual(got, nativeExec(regexp.source, flags, input));
        });
        dfaRuns += moved.dfaRuns;
        checks++;
      }
    }
    assert.ok(checks > 2000, `${checks} checks`);
    assert.ok(dfaRuns > checks / 2, `${dfaRuns} of ${checks} execs ran on the DFA`);
  });

  it('random anchored regexes (alternation, nested and lazy quantifiers, empty loops) × inputs up to 60 characters', () => {
    const random = prng(2024);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const QUANT = ['*', '+', '?', '{0,2}', '{1,3}', '*?', '+?', '??', '{2,}?'];
    const atom = (depth: number): string => {
      const r = random();
      if (depth > 0 && r < 0.35) return `${pick(['(', '(?:'])}${alt(depth - 1)})`;
      if (depth > 0 && r < 0.42) return `${pick(['(?=', '(?!'])}${pick(['a', '[ab]', '\\/|$', 'b|-', ''])})`;
      if (r < 0.5) return pick(['()', '(a|)', '(?:)']);
      if (r < 0.8) return pick(['a', 'b', '-', '\\/', '.']);
      return pick(['[ab]', '[^/]', '\\d', '\\w', '[^a]']);
    };
    const seq = (depth: number): string => {
      let out = '';
      for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
        out += random() < 0.05 ? '$' : atom(depth);
        if (random() < 0.4) out += pick(QUANT);
      }
      return out;
    };
    const alt = (depth: number): string => (random() < 0.3 ? `${seq(depth)}|${seq(depth)}` : seq(depth));
    let dfaRuns = 0;
    for (let k = 0; k < 400; k++) {
      const source = `^${alt(3)}`;
      const flags = random() < 0.3 ? 'i' : '';
      let valid = true;
      try {
        new RegExp(source, flags);
      } catch {
        valid = false;
      }
      if (!valid) continue;
      const dfa = compile(source, flags);
      const pike = compile(source, flags, 0);
      for (let n = 0; n < 10; n++) {
        let input = '';
        for (let c = Math.floor(random() * 60); c > 0; c--)
          input += pick(['a', 'b', 'A', '-', '/', '1', 'é']);
        const moved = counted(() => {
          const got = dfa.exec(input);
          assert.deepEqual(got, pike.exec(input), `/${source}/${flags}.exec(${JSON.stringify(input)})`);
          if (input.length <= 12) assert.deepEqual(got, nativeExec(source, flags, input));
        });
        dfaRuns += moved.dfaRuns;
      }
    }
    assert.ok(dfaRuns > 2000, `${dfaRuns} execs on the DFA`);
  });
});

describe('prefilter: inputs that cannot match, answered before any engine runs', () => {
  function prefiltered(safe: SafeRegExp, input: string): boolean {
    const before = workDone.prefiltered;
    safe.exec(input);
    return workDone.prefiltered > before;
  }

  const many = `/abcdefghij-b${'/segment-x'.repeat(30)}`;

  it('rejects a long path with more segments than an end-anchored pattern holds', () => {
    // `/:a?-:b`: at most two '/' — the parameter after '-' cannot hold one (its lookahead forbids it).
    const source = '^(?:\\/([^/]+?))?-(?:((?:(?!\\/|-).)+?))\\/?$';
    const safe = compile(source, 'i');
    assert.equal(prefiltered(safe, many), true);
    assert.equal(safe.exec(many), null);
    // Two '/' (one trailing) still reach the engine and match.
    const two = `/${'ab-'.repeat(60)}cd/`;
    assert.equal(prefiltered(safe, two), false);
    assert.deepEqual(safe.exec(two), nativeExec(source, 'i', two));
  });

  it('counts nothing when a loop can consume "/" or the match may end before the input does', () => {
    for (const source of [
      '^(?:\\/([^/]+?))+\\/?$', // `/:p+`
      '^\\/s(?:\\/([^/]+?))?(.*)\\/?$', // `*`
      '^(?:\\/([^/]+?))-(?:([^/]+?))\\/?(?=\\/|$)', // end: false
      '^\\/x(?:(?!-).)+$', // a lookahead that lets '/' through
    ]) {
      const safe = compile(source, 'i');
      const input = source.includes('\\/s') ? `/s${many}` : source.includes('\\/x') ? `/x${many}` : many;
      assert.equal(prefiltered(safe, input), false, source);
      assert.deepEqual(safe.exec(input), nativeExec(source, 'i', input), source);
    }
  });

  it("keeps the '/' count of the last long input for every pattern tried on it, and recounts another", () => {
    const first = compile('^(?:\\/([^/]+?))?-(?:((?:(?!\\/|-).)+?))\\/?$', 'i');
    const second = compile('^\\/a(?:\\/([^/]+?))?c\\/?$', 'i');
    // `second` holds up to two '/' before the last character, `first` one: counting for `second`
    // answers `first` too. (The path starts as `second` requires: its first characters pass.)
    const path = `/a${many}`;
    assert.ok(slashSearches(() => assert.equal(prefiltered(second, path), true)) > 0);
    // The same path (and an equal string built anew) against another pattern: no search at all.
    assert.equal(
      slashSearches(() => assert.equal(prefiltered(first, path), true)),
      0,
    );
    const again = [...path].join('');
    assert.equal(
      slashSearches(() => assert.equal(prefiltered(first, again), true)),
      0,
    );
    // Another path of the same length with fewer '/' is counted afresh and reaches the engine.
    const other = `/a/${'x'.repeat(path.length - 4)}c`;
    assert.equal(other.length, path.length);
    assert.equal(prefiltered(second, other), false);
    assert.deepEqual(second.exec(other), nativeExec('^\\/a(?:\\/([^/]+?))?c\\/?$', 'i', other));
    assert.equal(prefiltered(first, path), true);
  });

  it('rejects inputs shorter or longer than every match', () => {
    const source = '^\\/(\\d{2,4})$';
    const safe = compile(source);
    assert.equal(prefiltered(safe, '/1'), true);
    assert.equal(prefiltered(safe, '/12345'), true);
    assert.equal(prefiltered(safe, '/123'), false);
    assert.deepEqual(safe.exec('/123'), ['/123', '123']);
    // Not end-anchored: longer inputs may still match a prefix.
    const open = compile('^\\/(\\d{2,4})');
    assert.equal(prefiltered(open, '/12345'), false);
    assert.deepEqual(open.exec('/12345'), ['/1234', '1234']);
  });

  it('seeded differential: random route paths × long paths with a few to many segments, against RegExp', () => {
    const random = prng(4242);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const PATTERN_TOKENS = [
      '/',
      '/',
      ':a',
      ':b?',
      '-',
      '.',
      ':a-:b',
      ':x(\\d+)',
      'c',
      ':n.:e?',
      '.json',
      '(x|y)?',
    ];
    let rejected = 0;
    let checks = 0;
    for (let k = 0; k < 150; k++) {
      let path = '';
      for (let t = 1 + Math.floor(random() * 4); t > 0; t--) path += pick(PATTERN_TOKENS);
      if (path[0] !== '/') path = `/${path}`;
      const options = { end: random() < 0.8, strict: random() < 0.3, sensitive: random() < 0.3 };
      let regexp: RegExp;
      try {
        regexp = pathToRegexp(path, [], options);
      } catch {
        continue;
      }
      const flags = regexp.ignoreCase ? 'i' : '';
      const safe = compileSafeRegExp(regexp.source, { ignoreCase: flags === 'i' });
      if (safe === null) continue;
      for (let n = 0; n < 10; n++) {
        // 0–5 '/' in 130–260 characters, so the '/' count is checked, around every pattern's limit.
        const slashes = Math.floor(random() * 6);
        let input = '';
        while (input.length < 130 + random() * 130)
          input += pick(['a', 'b', '-', '.', '4', 'x', 'c', 'json']);
        for (let s = 0; s < slashes; s++) {
          const at = Math.floor(random() * input.length);
          input = `${input.slice(0, at)}/${input.slice(at)}`;
        }
        if (random() < 0.8) input = `/${input}`;
        if (random() < 0.2) input += '/';
        const before = workDone.prefiltered;
        assert.deepEqual(
          safe.exec(input),
          nativeExec(regexp.source, flags, input),
          `${path} ${JSON.stringify(options)} on ${JSON.stringify(input)}`,
        );
        rejected += workDone.prefiltered - before;
        checks++;
      }
    }
    assert.ok(checks > 1000, `${checks} checks`);
    assert.ok(rejected > checks / 10, `${rejected} of ${checks} rejected by the prefilter`);
  });
});

describe("long inputs: a probe of the first characters and the '/' count before any run", () => {
  // `/:a(\d+)?`, `/:a?-:b`, `/file/:name?.json` as Express 4 compiles them.
  const DIGITS = '^(?:\\/(\\d+))?\\/?$';
  const DASH = '^(?:\\/([^/]+?))?-(?:((?:(?!\\/|-).)+?))\\/?$';
  const FILE = '^\\/file(?:\\/([^/]+?))?\\.json\\/?$';
  const A_C = '^\\/a(?:\\/([^/]+?))?c\\/?$';

  function moved(fn: () => void): { probed: number; prefiltered: number; runs: number } {
    const before = { ...workDone };
    fn();
    return {
      probed: workDone.probed - before.probed,
      prefiltered: workDone.prefiltered - before.prefiltered,
      runs:
        workDone.dfaRuns +
        workDone.nfaRuns +
        workDone.nativeRuns -
        before.dfaRuns -
        before.nfaRuns -
        before.nativeRuns,
    };
  }

  it('answers a long miss that fails on its first characters from what a match can have there, without a search', () => {
    const safe = compile(DIGITS, 'i');
    const letters = `/${'abcdefghij'.repeat(1000)}`;
    // Known from the pattern alone: no run first.
    let work = moved(() => {
      assert.equal(
        slashSearches(() => assert.equal(safe.exec(letters), null)),
        0,
      );
    });
    assert.deepEqual(work, { probed: 1, prefiltered: 0, runs: 0 });
    // Another long miss of the same kind (a fresh string): the same.
    const other = `/${'zyxwvutsrq'.repeat(1000)}x`;
    work = moved(() => assert.equal(safe.exec(other), null));
    assert.deepEqual(work, { probed: 1, prefiltered: 0, runs: 0 });
    // Past the fourth character (`/files` against `/file/:name?.json`, one long segment): the same,
    // where a count would search the whole path for '/'.
    const file = compile(FILE, 'i');
    const files = `/files${'n'.repeat(1000)}.json`;
    assert.equal(nativeExec(FILE, 'i', files), null);
    work = moved(() => {
      assert.equal(
        slashSearches(() => assert.equal(file.exec(files), null)),
        0,
      );
    });
    assert.deepEqual(work, { probed: 1, prefiltered: 0, runs: 0 });
    // Either case, as the pattern folds it: `/FILE/…` passes, `/FILES…` does not.
    work = moved(() => assert.equal(file.exec(files.toUpperCase()), null));
    assert.deepEqual(work, { probed: 1, prefiltered: 0, runs: 0 });
    const upper = `/FILE/${'n'.repeat(1000)}.JSON`;
    assert.deepEqual(file.exec(upper), nativeExec(FILE, 'i', upper));
    assert.notEqual(file.exec(upper), null);
  });

  it("reads only the first characters that decide: up to a parameter's `[^/]`, at most eight, the second and those that may be '/'", () => {
    // `/:a?-:b`: after the first character any but '/' may follow: nothing past it is read, the count
    // decides (one search: the probe read no '/').
    const dash = compile(DASH, 'i');
    const input = `/${'abc-def/'.repeat(40)}`;
    assert.equal(
      slashSearches(() => assert.equal(dash.exec(input), null)),
      1,
    );
    // `/file/:name?.json` on many segments: `/file/` read, its two '/' counted, one search finds the third.
    const file = compile(FILE, 'i');
    const many = `/file/${'abc-def/'.repeat(40)}x.json`;
    assert.equal(nativeExec(FILE, 'i', many), null);
    assert.equal(
      slashSearches(() => assert.equal(file.exec(many), null)),
      1,
    );
    // Of `/file/`, position 1 ('f') and 5 (the '/' the count needs) are read; 2 to 4 cannot hold a
    // '/' and are left to the count and the run: `/fxle/…` is refused by the count (one search), and
    // a '/' there, uncounted, still gets RegExp's answer.
    const fxle = `/fxle/${'abc-def/'.repeat(40)}x.json`;
    let work = moved(() => {
      assert.equal(
        slashSearches(() => assert.equal(file.exec(fxle), null)),
        1,
      );
    });
    assert.deepEqual(work, { probed: 0, prefiltered: 1, runs: 0 });
    for (const text of [
      `/f/le/${'n'.repeat(300)}.json`,
      `/f/l/${'n'.repeat(300)}.json`,
      `/fil//${'n'.repeat(300)}.json`,
    ]) {
      assert.equal(nativeExec(FILE, 'i', text), null);
      assert.equal(file.exec(text), null, text.slice(0, 8));
    }
    // A digit parameter: the eighth character decides; the ninth is the count's, then the run's.
    const digits = compile(DIGITS, '');
    for (const at of [7, 8, 9]) {
      const text = `/${'1'.repeat(at - 1)}a${'1'.repeat(300)}`;
      assert.equal(nativeExec(DIGITS, '', text), null);
      work = moved(() => assert.equal(digits.exec(text), null));
      assert.equal(work.probed, at < 8 ? 1 : 0, `a letter at ${at}`);
    }
  });

  it('reads nothing first when a match may end early or the pattern is not anchored at the start', () => {
    // Not end-anchored (`end: false`): a match may end after `/a`; what follows is free.
    const open = compile('^\\/a(?:\\/([^/]+?))?\\/?(?=\\/|$)', 'i');
    const input = `/a${'/x'.repeat(100)}`;
    let work = moved(() => assert.deepEqual(open.exec(input), nativeExec(open.source, 'i', input)));
    assert.equal(work.probed, 0);
    // Not anchored at the start: a match may start anywhere.
    const loose = compile('\\/a(\\d+)', '');
    const far = `${'x'.repeat(300)}/a12`;
    work = moved(() => assert.deepEqual(loose.exec(far), nativeExec(loose.source, '', far)));
    assert.equal(work.probed, 0);
  });

  it("gives RegExp's answer around the probe: hits, misses past it, short inputs, other characters", () => {
    for (const [source, flags] of [
      [DIGITS, 'i'],
      [DASH, 'i'],
      [FILE, 'i'],
      [DIGITS, ''],
      ['^\\/(?:a|b)c(\\d*)\\/?$', ''],
      // Zero-width tests, alternations and characters past ASCII in the first positions.
      ['^(?=\\/a)\\/[a-z]+\\d*$', 'i'],
      ['^\\b\\/?\\b(?:ab|cd)\\d*$', ''],
      ['^\\/(?:é|ac)\\d*$', 'i'],
      ['^\\/[^a]\\d+$', ''],
      ['^(?:\\/1|$)(?!2)\\d*$', ''],
    ] as const) {
      const safe = compile(source, flags);
      const digits = '1234567890'.repeat(20);
      const inputs = [
        `/${digits}`, // a hit, 201 characters
        `/${digits}/`,
        `/${digits}x`, // fails at the end, far past the probe
        `/1${'a'.repeat(200)}`, // fails on the third character
        `/12345678${'a'.repeat(200)}`, // fails past the probe's steps
        `/é${digits}`, // a character the probe leaves to the run
        `/ac${digits}`,
        `/bc${digits}/`,
        `/ab${digits}`,
        `ab${digits}`,
        `cd${digits}`,
        `/cd${digits}`,
        `/ad${digits}`,
        `/É${digits}`,
        `/A${digits}`,
        `/12${digits}`,
        `//${digits}`,
        `/file/${'n'.repeat(200)}.json`,
        `/file${'n'.repeat(200)}.json`,
        `/file/a-b/${'n'.repeat(200)}.json`,
        `/${'ab-'.repeat(60)}cd`,
        `/${'ab-'.repeat(60)}cd/x`,
        '',
        '/',
      ];
      // Lengths around the threshold of the probe and the count (128).
      for (const length of [126, 127, 128, 129]) {
        inputs.push(
          `/${'7'.repeat(length - 1)}`,
          `/${'7'.repeat(length - 2)}a`,
          `/a${'7'.repeat(length - 2)}`,
        );
      }
      for (let round = 0; round < 2; round++) {
        for (const input of inputs) {
          assert.deepEqual(
            safe.exec(input),
            nativeExec(source, flags, input),
            `/${source}/${flags}.exec(${JSON.stringify(input.slice(0, 40))}…) round ${round}`,
          );
        }
      }
    }
  });

  it("counts '/' before the run, past what the probe read: `limit` searches at most and no run", () => {
    // `/a/:b?c` holds two '/' at most before its last character (a trailing '/' takes no room). The
    // probe reads `/a/` and its two '/': one search finds the third, past the limit.
    const safe = compile(A_C, 'i');
    const many = (tag: string) => `/a/${`segment-${tag}/`.repeat(40)}c`;
    let searches = 0;
    let work = moved(() => {
      searches = slashSearches(() => assert.equal(safe.exec(many('x')), null));
    });
    assert.equal(searches, 1);
    assert.deepEqual(work, { probed: 0, prefiltered: 1, runs: 0 });
    // After runs on short paths: the same.
    assert.deepEqual(safe.exec('/a/segmentc'), ['/a/segmentc', 'segment']);
    work = moved(() => {
      searches = slashSearches(() => assert.equal(safe.exec(many('y')), null));
    });
    assert.equal(searches, 1);
    assert.deepEqual(work, { probed: 0, prefiltered: 1, runs: 0 });
    // The same path again: the count is kept, no search.
    assert.equal(
      slashSearches(() => assert.equal(safe.exec(many('y')), null)),
      0,
    );
    // `/:a?-:b` (one '/' at most before the last character): the probe reads the leading one, one search.
    const dash = compile(DASH, 'i');
    assert.deepEqual(dash.exec('/abc-def'), nativeExec(DASH, 'i', '/abc-def'));
    assert.equal(
      slashSearches(() => assert.equal(dash.exec(`/${'abd-def/'.repeat(40)}`), null)),
      1,
    );
    // As many '/' as the limit, and a trailing one the count leaves out: counted, then run, with
    // RegExp's answer (a match).
    const two = `/a/${'n'.repeat(300)}c/`;
    assert.deepEqual(safe.exec(two), nativeExec(A_C, 'i', two));
    assert.notEqual(safe.exec(two), null);
    const trailing = `/${'abc-def'.repeat(40)}/`;
    assert.deepEqual(dash.exec(trailing), nativeExec(DASH, 'i', trailing));
    assert.notEqual(dash.exec(trailing), null);
    // One '/' more, anywhere before the last character: refused by the count, no run.
    for (const input of [`/a/${'n'.repeat(300)}/c/`, `/a/${'n'.repeat(300)}c//`]) {
      assert.equal(nativeExec(A_C, 'i', input), null);
      assert.deepEqual(
        moved(() => assert.equal(safe.exec(input), null)),
        { probed: 0, prefiltered: 1, runs: 0 },
      );
    }
  });

  it("leaves the last character out of the '/' count, whatever the pattern's last part is", () => {
    const x = 'x'.repeat(200);
    // source, an input with as many '/' before its last character as a match can hold (a match), and
    // one with one more and not a '/' last (refused by the count; no match either; a count of every '/'
    // would let it through).
    const cases: [string, string, string][] = [
      // `\/?` last (Express without `strict`): two before it.
      [A_C, `/a/${x}c/`, `/a/${x}/c`],
      // A required '/' last (`strict` and a trailing '/').
      ['^\\/a\\/([^/]+?)\\/$', `/a/${x}/`, `/a/${x}/y`],
      // An alternation last: the most before the last character of either branch.
      ['^\\/x+(?:\\/b|\\/c\\/)$', `/${x}/c/`, `/${x}/c/b`],
      // An optional group of several characters last.
      ['^\\/x+(?:\\/y\\/)?$', `/${x}/y/`, `/${x}/y/y`],
      // A counted group last: all of its '/' count (`/${x}/y/y` ends in 'y').
      ['^\\/x+(?:\\/y){2}\\/?$', `/${x}/y/y/`, `/${x}/x/y/y`],
      // Lookaheads and `$` after the last part consume nothing.
      ['^\\/x+\\/?(?=$)$', `/${x}/`, `/${x}/y`],
    ];
    for (const [source, hit, refused] of cases) {
      const safe = compile(source, '');
      assert.notEqual(nativeExec(source, '', hit), null, source);
      let work = moved(() => assert.deepEqual(safe.exec(hit), nativeExec(source, '', hit), source));
      assert.equal(work.prefiltered, 0, `${source} on a hit`);
      assert.equal(nativeExec(source, '', refused), null, source);
      work = moved(() => assert.equal(safe.exec(refused), null, source));
      assert.deepEqual(work, { probed: 0, prefiltered: 1, runs: 0 }, `${source} on ${refused.slice(-8)}`);
    }
    // A loop of '/' last: no bound, nothing refused by a count; every answer is RegExp's.
    const loop = '^\\/x+(?:\\/[^/]+)*$';
    const safe = compile(loop, '');
    const deep = `/${x}${'/y'.repeat(50)}`;
    const work = moved(() => assert.deepEqual(safe.exec(deep), nativeExec(loop, '', deep)));
    assert.equal(work.prefiltered, 0);
  });

  it("asks the '/' count kept for this very input before probing it", () => {
    // A_C counts the '/' in the path (its first characters pass); FILE, whose probe would end on the
    // second character, is answered by that count.
    const path = `/a${'/abc-def'.repeat(40)}`;
    assert.equal(compile(A_C, 'i').exec(path), null);
    const file = compile(FILE, 'i');
    const work = moved(() => assert.equal(file.exec(path), null));
    assert.deepEqual(work, { probed: 0, prefiltered: 1, runs: 0 });
    // Another path the count does not know: the probe answers.
    const other = `/b${'/abc-def'.repeat(40)}`;
    assert.deepEqual(
      moved(() => assert.equal(file.exec(other), null)),
      { probed: 1, prefiltered: 0, runs: 0 },
    );
  });

  it("reads a long path once for '/': the count that found none spares the run its own search", () => {
    const dash = compile(DASH, 'i');
    assert.deepEqual(dash.exec('/abc-def'), nativeExec(DASH, 'i', '/abc-def'));
    // One segment, no '-': the count searches once to the end; the run's skip looks for '-' only.
    const one = `/${'abcdefghij'.repeat(120)}`;
    assert.equal(
      slashSearches(() => assert.equal(dash.exec(one), null)),
      1,
    );
    // With a '/' near the end the run still finds it (the count saw it) and answers as RegExp does.
    for (const input of [`${one}/`, `${one}-x/`, `${one}/-x`, `${one}-x`]) {
      assert.deepEqual(dash.exec(input), nativeExec(DASH, 'i', input), input.slice(-6));
    }
    // A trailing '/', which the count leaves out but saw: the run's skip takes its place from the count
    // instead of searching for it again.
    for (const input of [`${one}/`, `${one}-x/`]) {
      assert.equal(
        slashSearches(() => assert.deepEqual(dash.exec(input), nativeExec(DASH, 'i', input))),
        1,
        input.slice(-6),
      );
    }
  });

  it('keeps adversarial long inputs linear with the probe in front', () => {
    // Inputs that survive the probe and the count and make the engine work at every character.
    for (const [source, input] of [
      [DASH, `/${'a-'.repeat(20_000)}`],
      [DASH, `/${'a-'.repeat(40_000)}`],
      ['^(?:\\/([^/]+?))+\\/?$', `/${'a/'.repeat(20_000)}!`],
      ['^(?:\\/([^/]+?))+\\/?$', `/${'a/'.repeat(40_000)}!`],
    ] as const) {
      const safe = compile(source, 'i');
      const small = counted(() => safe.exec(input.slice(0, input.length / 2)));
      const large = counted(() => safe.exec(input));
      assert.ok(large.threads <= 2.5 * small.threads + 100, `${source}: ${small.threads} → ${large.threads}`);
    }
  });
});

describe('mayEndWith: the characters a whole-input match can end with', () => {
  it("answers from the pattern's last consuming parts, case folding included, and true when unsure", () => {
    const cases: [string, string, string[], string[]][] = [
      // source, flags, last characters that may end a match, ones that cannot
      ['^\\/a(?:\\/([^/]+?))?c\\/?$', 'i', ['c', 'C', '/'], ['x', 'a', '-']],
      ['^\\/file(?:\\/([^/]+?))?\\.json\\/?$', 'i', ['n', 'N', '/'], ['x', 's', '.']],
      ['^(?:\\/(\\d+))?\\/?$', '', ['0', '9', '/'], ['a', '-']],
      ['^(?:a|bc?)(?:x|)$', '', ['a', 'b', 'c', 'x'], ['d']],
      ['^ab*$', '', ['a', 'b'], ['c']],
      ['^a(?=$)$', '', ['a'], ['b']],
    ];
    for (const [source, flags, yes, no] of cases) {
      const safe = compile(source, flags);
      for (const ch of yes) assert.equal(safe.mayEndWith(`/x${ch}`), true, `${source} ${ch}`);
      for (const ch of no) {
        assert.equal(safe.mayEndWith(`/x${ch}`), false, `${source} ${ch}`);
        assert.equal(nativeExec(source, flags, `/x${ch}`), null);
      }
      assert.equal(safe.mayEndWith(''), true);
    }
    // Not every match is the whole input: nothing is known.
    for (const source of ['^\\/a(?:\\/([^/]+?))?c\\/?(?=\\/|$)', 'ab$', '^ab']) {
      assert.equal(compile(source).mayEndWith('zzz'), true, source);
    }
  });

  it('never refuses an input that matches (seeded, against RegExp)', () => {
    const random = prng(1919);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const TOKENS = ['/', ':a', ':b?', '-', '.', 'c', ':x(\\d+)', '(x|y)?', '*', ':p+', ':q*', '.json'];
    let matched = 0;
    for (let k = 0; k < 200; k++) {
      const route = randomRoute(random, TOKENS, 4, { end: 0.8, strict: 0.3, sensitive: 0.3 });
      if (route === undefined) continue;
      const { path, regexp } = route;
      const safe = compileSafeRegExp(regexp.source, { ignoreCase: regexp.ignoreCase });
      if (safe === null) continue;
      for (let n = 0; n < 20; n++) {
        let input = '';
        for (let c = Math.floor(random() * 12); c > 0; c--)
          input += pick(['/', 'a', 'B', '-', '.', 'c', 'C', '4', 'x', 'json']);
        if (regexp.exec(input) !== null) {
          matched++;
          assert.equal(safe.mayEndWith(input), true, `${path} on ${input}`);
        }
      }
    }
    assert.ok(matched > 100, `${matched} matching inputs`);
  });
});
