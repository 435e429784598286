import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileSafeRegExp, type SafeRegExp, workDone } from '../../src/regex';
import { prng } from '../support/prng';
import { compile, counted, nativeExec, pathToRegexp, randomRoute, slashSearches } from './support';

// The prefilter: inputs that cannot match, answered before any engine runs, and mayEndWith.

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
