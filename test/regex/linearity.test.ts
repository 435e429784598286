import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backtrackingProven, type ProgramView, programView } from '../../src/regex';
import { prng } from '../support/prng';
import { routeSource } from './support';

// The proof that lets a pattern's dense inputs go to the built-in backtracking RegExp
// (src/regex/linearity.ts): proven patterns must really run in linear time on a backtracking engine. A
// backtracking interpreter of the compiled program (below: depth first, preferred branch first, first
// MATCH wins) counts how often it stands at each consuming instruction and position; the proof claims
// once at most, so its work is O(program² × input). Counted, not timed.

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
  it('proves the dense route shapes handed over, and what stays unambiguous', () => {
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
      'a+$', // not anchored: a backtracking engine tries every start
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

  it('adversarial inputs for the route shapes handed over', () => {
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
