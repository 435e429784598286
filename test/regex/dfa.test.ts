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
import { compile, counted, nativeExec, randomRoute, routeSource } from './support';

// The lazy DFA in front of the Pike VM: it must give exactly the Pike VM's (and so RegExp's) results,
// fall back to the Pike VM when its state cache fills, keep the work linear, and hand a dense long
// input on a proven pattern to the built-in RegExp.

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
    // `source` itself is proven linear for a backtracking engine (backtrackingProven), so a long run may be handed over
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

describe('hand-over: a dense long input on a proven pattern runs on the built-in RegExp', () => {
  const counted = (fn: () => void) => {
    const before = { ...workDone };
    fn();
    return {
      nativeRuns: workDone.nativeRuns - before.nativeRuns,
      dfaRuns: workDone.dfaRuns - before.dfaRuns,
      nfaRuns: workDone.nfaRuns - before.nfaRuns,
    };
  };
  const compile = (source: string, maxDfaStates?: number): SafeRegExp => {
    const safe = compileSafeRegExp(source, { ignoreCase: true, maxDfaStates });
    assert.ok(safe, source);
    return safe;
  };
  const dense = `/${'ab-cd-ef-gh-'.repeat(100)}x`;
  const sparse = `/${'abcdefghij'.repeat(120)}-x`;

  it('hands a dense input over, keeps a sparse or short one, and answers as the Pike VM does', () => {
    const source = routeSource('/:a?-:b');
    const safe = compile(source);
    const pike = compile(source, 0);
    const moved = counted(() => assert.deepEqual(safe.exec(dense), pike.exec(dense)));
    assert.equal(moved.nativeRuns, 1);
    assert.deepEqual(safe.exec(dense), [...new RegExp(source, 'i').exec(dense)!]);
    const kept = counted(() => assert.deepEqual(safe.exec(sparse), pike.exec(sparse)));
    assert.deepEqual([kept.nativeRuns, kept.dfaRuns], [0, 1]);
    const short = counted(() => assert.deepEqual(safe.exec('/ab-cd-ef-gh'), pike.exec('/ab-cd-ef-gh')));
    assert.deepEqual([short.nativeRuns, short.dfaRuns], [0, 1]);
  });

  it('decides at character 24 on inputs twice as long: a dense 48-character input is handed over, a 47-character one stays', () => {
    const source = routeSource('/:a?-:b');
    const safe = compile(source);
    const pike = compile(source, 0);
    const longer = `/${'ab-cd-ef-'.repeat(5)}xy`;
    assert.equal(longer.length, 48);
    const moved = counted(() => assert.deepEqual(safe.exec(longer), pike.exec(longer)));
    assert.deepEqual([moved.nativeRuns, moved.dfaRuns], [1, 0]);
    const shorter = longer.slice(0, 47);
    const kept = counted(() => assert.deepEqual(safe.exec(shorter), pike.exec(shorter)));
    assert.deepEqual([kept.nativeRuns, kept.dfaRuns], [0, 1]);
  });

  it('never hands over a pattern that is not proven, however dense the input', () => {
    const source = routeSource('/:a?:b');
    const safe = compile(source);
    const moved = counted(() => safe.exec(`/${'ab-'.repeat(2000)}/`));
    assert.deepEqual([moved.nativeRuns, moved.dfaRuns], [0, 1]);
  });

  it('seeded differential: random route paths × long dense inputs, against the Pike VM', () => {
    const random = prng(2611);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const TOKENS = [
      '/',
      '/',
      ':a?',
      '-',
      '.',
      ':a-:b',
      ':b?-:c',
      ':p*',
      ':p+',
      'c',
      ':n.:e?',
      '(\\d+)?',
      '*',
    ];
    let handed = 0;
    let checks = 0;
    for (let k = 0; k < 120; k++) {
      let path = '';
      for (let t = 1 + Math.floor(random() * 3); t > 0; t--) path += pick(TOKENS);
      if (path[0] !== '/') path = `/${path}`;
      let source: string;
      try {
        source = routeSource(path);
      } catch {
        continue;
      }
      const safe = compileSafeRegExp(source, { ignoreCase: true });
      const pike = compileSafeRegExp(source, { ignoreCase: true, maxDfaStates: 0 });
      if (safe === null || pike === null) continue;
      for (let n = 0; n < 5; n++) {
        let input = '/';
        while (input.length < 200 + random() * 300) input += pick(['a', 'b', '-', '-', '/', '.', '4', 'c']);
        if (random() < 0.3) input += pick(['/', '.json', '-', '']);
        const moved = counted(() =>
          assert.deepEqual(safe.exec(input), pike.exec(input), `${path} on ${input}`),
        );
        handed += moved.nativeRuns;
        checks++;
      }
    }
    assert.ok(checks > 300, `${checks} checks`);
    assert.ok(handed > 30, `${handed} runs handed over`);
  });
});
