import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  backtrackingProven,
  compileSafeRegExp,
  type ProgramView,
  programView,
  type SafeRegExp,
  workDone,
} from '../../src/regex';
import { prng } from '../support/prng';

// The proof that hands a pattern to V8's backtracking RegExp (src/regex/safe-regexp.ts,
// backtrackingLinear): proven patterns must really run in linear time on a backtracking engine. A
// backtracking interpreter of the compiled program (below: depth first, preferred branch first, first
// MATCH wins, like irregexp) counts how often it stands at each consuming instruction and position; the
// proof claims once at most, so its work is O(program² × input). Counted, not timed.

const pathToRegexp: (path: string, keys: unknown[], options: object) => RegExp = require('path-to-regexp');

function routeSource(path: string): string {
  return pathToRegexp(path, [], { end: true, strict: false, sensitive: false }).source;
}

interface Work {
  matched: boolean;
  /** Instructions executed in all. */
  steps: number;
  /** Most visits of one (consuming instruction, position). */
  most: number;
}

/** Runs `view` on `input` as a backtracking engine does, counting its work (anchored at 0). */
function backtrack(view: ProgramView, input: string, registers: number): Work {
  const { kind, a, b } = view;
  const visits = new Map<number, number>();
  let steps = 0;
  let most = 0;
  // Frames: pc, position, loop registers (the empty check of ENTER/CHECK).
  const stack: [number, number, Int32Array][] = [[0, 0, new Int32Array(registers).fill(-1)]];
  while (stack.length > 0) {
    let [pc, pos, regs] = stack.pop()!;
    for (;;) {
      steps++;
      const k = kind[pc];
      if (k === 'match') return { matched: true, steps, most };
      if (k === 'char' || k === 'set') {
        const key = pc * (input.length + 1) + pos;
        const seen = (visits.get(key) ?? 0) + 1;
        visits.set(key, seen);
        if (seen > most) most = seen;
        if (pos >= input.length || !view.consumes(pc, input.charCodeAt(pos))) break;
        pc++;
        pos++;
      } else if (k === 'jmp') pc = a[pc];
      else if (k === 'split') {
        stack.push([b[pc], pos, regs]);
        pc = a[pc];
      } else if (k === 'enter') {
        regs = Int32Array.from(regs);
        regs[a[pc] % registers] = pos;
        pc++;
      } else if (k === 'check') {
        if (regs[a[pc] % registers] === pos) break;
        pc++;
      } else if (k === 'bol') {
        if (pos !== 0) break;
        pc++;
      } else if (k === 'eol') {
        if (pos !== input.length) break;
        pc++;
      } else if (k === 'look') {
        if (!view.lookPasses(pc, input, pos)) break;
        pc++;
      } else if (k === 'boundary') {
        throw new Error('not modelled');
      } else pc++; // save, reset
    }
  }
  return { matched: false, steps, most };
}

function view(source: string, flags = 'i'): ProgramView {
  const v = programView(source, { ignoreCase: flags === 'i' });
  assert.ok(v, source);
  return v;
}

/** Registers for the empty check: generous (register numbers are taken modulo this). */
const REGISTERS = 64;

describe('backtracking proof: which patterns are proven', () => {
  it('proves the dense route shapes handed to V8, and what stays unambiguous', () => {
    for (const path of [
      '/:a?-:b',
      '/:from?-:to',
      '/:a-:b?',
      '/:p*',
      '/:p+',
      '/a/:b?c',
      '/:a?.:b',
      '/file/:name?.json',
      '/files/*',
      '/:a(\\d+)?',
      '/:slug([a-z0-9-]+(?:\\.[a-z]+)?)',
    ]) {
      assert.equal(backtrackingProven(routeSource(path), { ignoreCase: true }), true, path);
    }
    for (const source of ['^a+$', '^(a|ab)*c', '^(?:a|b){2,5}a$', '^\\/(?:x|x)$', '^[ab]*b[ab]{3}$']) {
      assert.equal(backtrackingProven(source, { ignoreCase: false }), true, source);
    }
  });

  it('refuses ambiguous patterns, epsilon paths that meet, and what it does not model', () => {
    for (const path of ['/:a?:b', '/s/:b?*', '/:a?/:b?', '/:name.:ext?', '/:id(\\d+|[a-z0-9-]+)']) {
      assert.equal(backtrackingProven(routeSource(path), { ignoreCase: true }), false, path);
    }
    for (const source of [
      '^(a+)+$', // nested quantifiers
      '^(a|a)*$', // overlapping alternatives in a loop
      '^a*a*$', // adjacent overlapping loops
      '^a*b?a*$',
      '^(a*)*$', // an empty loop (epsilon cycle)
      '^(?:|)(?:|)a$', // two epsilon paths to one instruction
      '^(?:a(?:|)(?:|)$)', // ... or to one assertion
      '^(?!(?:|)(?:|)a)b', // ... inside a lookahead body
      '^\\bab', // word boundary
      '^(?=ab)a', // a lookahead longer than one character
      'a+$', // not anchored: V8 tries every start
      '^[ab]*a[ab]*$',
    ]) {
      assert.equal(backtrackingProven(source, { ignoreCase: false }), false, source);
    }
  });

  it('gives up (not proven) past its size caps, so its own work stays bounded', () => {
    const alternatives = (n: number) => Array.from({ length: n }, (_, k) => `k${k}z`).join('|');
    assert.equal(backtrackingProven(`^(?:${alternatives(100)})$`, { ignoreCase: false }), true);
    // 1100 epsilon paths from the start: more entries than the proof handles.
    assert.equal(backtrackingProven(`^(?:${alternatives(1100)})$`, { ignoreCase: false }), false);
  });

  it('the interpreter agrees with RegExp on whether short inputs match', () => {
    const random = prng(77);
    for (const source of [
      routeSource('/:a?-:b'),
      routeSource('/:p*'),
      routeSource('/a/:b?c'),
      '^(a|ab)*c',
      '^(a+)+$',
    ]) {
      const v = view(source);
      const native = new RegExp(source, 'i');
      for (let n = 0; n < 200; n++) {
        let input = '';
        for (let c = Math.floor(random() * 14); c > 0; c--) input += '/a-bc'[Math.floor(random() * 5)];
        assert.equal(backtrack(v, input, REGISTERS).matched, native.test(input), `${source} ${input}`);
      }
    }
  });

  it('an unproven pattern can take super-linear work: the interpreter shows it', () => {
    // `/:a?:b` on one long segment that fails at its end: quadratic.
    const v = view(routeSource('/:a?:b'));
    const short = backtrack(v, `/${'x'.repeat(100)}/-`, REGISTERS);
    const long = backtrack(v, `/${'x'.repeat(400)}/-`, REGISTERS);
    assert.equal(long.matched, false);
    assert.ok(long.steps > 10 * short.steps, `${short.steps} → ${long.steps}`);
    assert.ok(long.most > 1);
  });
});

describe('backtracking proof: proven patterns visit each instruction and position once at most', () => {
  function assertLinear(source: string, flags: string, input: string): void {
    const v = view(source, flags);
    const work = backtrack(v, input, REGISTERS);
    const m = v.kind.length;
    assert.ok(work.most <= 1, `${source} on ${JSON.stringify(input.slice(0, 60))}: ${work.most} visits`);
    assert.ok(work.steps <= m * m * (input.length + 1), `${source}: ${work.steps} steps`);
  }

  it('adversarial inputs for the route shapes handed to V8', () => {
    const cases: [string, string[]][] = [
      ['/:a?-:b', ['a-', '-', 'a', '/', '-/']],
      ['/:from?-:to', ['ab-', '--', 'x/']],
      ['/:a-:b?', ['a-', '-', '/']],
      ['/:p*', ['a/', '/', '//', 'ab']],
      ['/:p+', ['a/', '/', '//']],
      ['/a/:b?c', ['c', 'cc/', 'ac']],
      ['/file/:name?.json', ['.json', '.', 'json.']],
      ['/:slug([a-z0-9-]+(?:\\.[a-z]+)?)', ['a.', '.a', 'a-', '.']],
    ];
    for (const [path, units] of cases) {
      const source = routeSource(path);
      assert.equal(backtrackingProven(source, { ignoreCase: true }), true, path);
      for (const unit of units) {
        for (const tail of ['', '/', '/x/', '\n', '-.']) {
          assertLinear(source, 'i', `/${unit.repeat(Math.ceil(300 / unit.length))}${tail}`);
          if (path.startsWith('/a/') || path.startsWith('/file/')) {
            assertLinear(source, 'i', `${path.split('/:')[0]}/${unit.repeat(150)}${tail}`);
          }
        }
      }
    }
  });

  it('seeded: random route paths and random anchored regexes that are proven, on random inputs', () => {
    const random = prng(1919);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const ROUTE_TOKENS = [
      '/',
      '/',
      'a',
      '-',
      '.',
      ':id',
      ':b?',
      ':a-:b',
      ':p*',
      ':p+',
      '*',
      '(\\d+)',
      'c?',
      '.json',
    ];
    const QUANT = ['*', '+', '?', '{0,2}', '{1,3}', '*?', '+?', '??'];
    const atom = (depth: number): string => {
      const r = random();
      if (depth > 0 && r < 0.3) return `(?:${alt(depth - 1)})`;
      if (depth > 0 && r < 0.38) return `(?!${pick(['a', '\\/|-', 'b|$'])})`;
      return pick(['a', 'b', '-', '\\/', '.', '[ab]', '[^/]', '\\d']);
    };
    const seq = (depth: number): string => {
      let out = '';
      for (let k = 1 + Math.floor(random() * 3); k > 0; k--)
        out += atom(depth) + (random() < 0.4 ? pick(QUANT) : '');
      return out;
    };
    const alt = (depth: number): string => (random() < 0.3 ? `${seq(depth)}|${seq(depth)}` : seq(depth));
    let proven = 0;
    let checks = 0;
    for (let k = 0; k < 600; k++) {
      let source: string;
      let flags: string;
      if (k % 2 === 0) {
        let path = '';
        for (let t = 1 + Math.floor(random() * 4); t > 0; t--) path += pick(ROUTE_TOKENS);
        if (path[0] !== '/') path = `/${path}`;
        try {
          source = routeSource(path);
        } catch {
          continue;
        }
        flags = 'i';
      } else {
        source = `^${alt(2)}${random() < 0.5 ? '$' : ''}`;
        flags = random() < 0.3 ? 'i' : '';
        try {
          new RegExp(source, flags);
        } catch {
          continue;
        }
      }
      if (!backtrackingProven(source, { ignoreCase: flags === 'i' })) continue;
      proven++;
      for (let n = 0; n < 6; n++) {
        let input = random() < 0.7 ? '/' : '';
        for (let c = Math.floor(random() * 120); c > 0; c--)
          input += pick(['a', 'b', '-', '/', '.', '1', 'x']);
        assertLinear(source, flags, input);
        checks++;
      }
    }
    assert.ok(proven > 100, `${proven} proven patterns`);
    assert.ok(checks > 600, `${checks} checks`);
  });
});

describe('hand-over: a dense long input on a proven pattern runs on V8', () => {
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

  it('decides at character 24 on inputs twice as long: a dense 48-character input goes to V8, a 47-character one stays', () => {
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

describe('hand-over: when V8 throws', () => {
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
