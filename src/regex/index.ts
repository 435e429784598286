/**
 * A linear-time regular-expression engine for route patterns that could backtrack: the router hands it
 * a regex *source* and gets back an object with RegExp's `exec` results.
 *
 * Guarantee: for a source it accepts, `exec(input)` returns exactly what
 * `new RegExp(source, ignoreCase ? 'i' : '').exec(input)` returns as a plain array (leftmost match,
 * alternatives by priority, greedy and lazy quantifiers, captures of the last iteration, ECMAScript's
 * empty-iteration check, non-unicode case folding, Annex B syntax), in time O(input length × program
 * size), never backtracking. A dense long input on a pattern proven to run in linear time on a
 * backtracking engine (linearity.ts) is run by the built-in RegExp: O(program² × input) there.
 *
 * Accepts: every source `new RegExp` accepts with flags '' or 'i' that uses none of the constructs
 * below; lookaheads included (bounded ones run forward per position, unbounded capture-free ones by one
 * backward scan per exec).
 *
 * Refuses (compileSafeRegExp returns null and unsupportedReason says why, so the caller can fall back
 * or refuse the route): backreferences; lookbehind and any group form other than `(?:`, `(?=`, `(?!`,
 * `(?<name>`; a positive lookahead with captures that can match more than LOOK_MAX_LENGTH characters;
 * flags other than `i`; programs past MAX_INSTRUCTIONS instructions or MAX_LIST_CELLS thread-list cells
 * (`a{99999}`); sources `new RegExp` rejects.
 *
 * Pipeline: parser.ts reads the source into an AST (ast.ts), program.ts compiles it to instructions
 * (instructions.ts); at exec, prefilter.ts refuses inputs that cannot match, then the lazy DFA (dfa.ts)
 * or the Pike VM (pike-vm.ts) runs, both advancing through the one closure walk (closure.ts).
 * @module
 */

import { inSet } from './charset';
import { DFA_MAX_STATES, HAND_OVER, LazyDfa } from './dfa';
import { consumes, type Program } from './instructions';
import { REASONS, Unsupported } from './limits';
import { backtrackingLinear } from './linearity';
import { lookBodyMatches, newRun, simulate } from './pike-vm';
import { buildPrefilter, LONG_INPUT, type Prefilter, refusesLong } from './prefilter';
import { compileProgram } from './program';
import { workDone } from './work';

export { DFA_MAX_STATES } from './dfa';
export { workDone } from './work';

export interface SafeRegExp {
  exec(input: string): (string | undefined)[] | null;
  /** False when no match can end with `input`'s last character (`/a/:b?c` ends with 'c' or '/'): one read, before exec. */
  mayEndWith(input: string): boolean;
  readonly source: string;
  readonly ignoreCase: boolean;
}

class LinearRegExp implements SafeRegExp {
  /** Built on the first exec (undefined until then); null when the program needs the Pike VM. */
  private dfa: LazyDfa | null | undefined = undefined;
  /** The source as a built-in RegExp, made on the first hand-over (the DFA holds the proof). */
  private native: RegExp | undefined = undefined;
  // Copied from the prefilter: read on every exec.
  private readonly minLength: number;
  private readonly maxLength: number;
  private readonly lastAscii: Uint32Array | null;

  constructor(
    readonly source: string,
    readonly ignoreCase: boolean,
    private readonly prog: Program,
    private readonly groups: number,
    private readonly maxDfaStates: number,
    private readonly filter: Prefilter,
  ) {
    this.minLength = filter.minLength;
    this.maxLength = filter.maxLength;
    this.lastAscii = filter.last === null ? null : filter.last.ascii;
  }

  /** RegExp's answer for a handed-over input; undefined when it throws (its backtrack stack is bounded). */
  private runNative(text: string): (string | undefined)[] | null | undefined {
    workDone.nativeRuns++;
    this.native ??= new RegExp(this.source, this.ignoreCase ? 'i' : '');
    try {
      const found = this.native.exec(text);
      return found === null ? null : [...found];
    } catch {
      return undefined;
    }
  }

  mayEndWith(input: string): boolean {
    const ascii = this.lastAscii;
    if (ascii === null || typeof input !== 'string' || input.length === 0) return true;
    const ch = input.charCodeAt(input.length - 1);
    return ch < 128 ? (ascii[ch >> 5] & (1 << (ch & 31))) !== 0 : inSet(this.filter.last!, ch);
  }

  exec(input: string): (string | undefined)[] | null {
    const text = typeof input === 'string' ? input : String(input);
    const prog = this.prog;
    if (text.length < this.minLength || text.length > this.maxLength) {
      workDone.prefiltered++;
      return null;
    }
    let dfa = this.dfa;
    if (dfa === undefined) dfa = this.dfa = LazyDfa.create(prog, this.maxDfaStates);
    if (text.length >= LONG_INPUT && refusesLong(this.filter, prog, text)) return null;
    let matched: boolean | null | typeof HAND_OVER = null;
    if (dfa !== null) {
      matched = dfa.run(prog, text);
      if (matched === HAND_OVER) {
        const found = this.runNative(text);
        if (found !== undefined) return found;
        matched = null;
      } else if (matched === null) workDone.dfaOverflows++;
      else workDone.dfaRuns++;
    }
    if (matched === null) {
      workDone.nfaRuns++;
      matched = simulate(prog, text, text.length, 0, newRun());
    }
    if (!matched) return null;
    const out = prog.out;
    const result: (string | undefined)[] = new Array(this.groups + 1);
    for (let g = 0; g <= this.groups; g++) {
      const from = out[2 * g];
      const to = out[2 * g + 1];
      result[g] = from >= 0 && to >= 0 ? text.slice(from, to) : undefined;
    }
    return result;
  }
}

/**
 * Compiles a regex source. Returns null when the source uses a construct the engine does not support
 * (see the module header), so the caller can fall back to RegExp or refuse the pattern.
 * @example
 * compileSafeRegExp('^\\/users(?:\\/([^/]+?))\\/?$', { ignoreCase: true })!.exec('/users/42') // ['/users/42', '42']
 */
export function compileSafeRegExp(
  source: string,
  flags: {
    ignoreCase: boolean;
    /** States the lazy DFA may hold (default DFA_MAX_STATES); 0 runs every exec on the Pike VM. For tests. */
    maxDfaStates?: number;
  },
): SafeRegExp | null {
  if (typeof source !== 'string') return null;
  const ignoreCase = flags.ignoreCase === true;
  const flagString = ignoreCase ? 'i' : '';
  let nativeGroups: number;
  try {
    // The native parser is the authority on syntax; only what it accepts is compiled here.
    nativeGroups = new RegExp(`${source}|`, flagString).exec('')!.length - 1;
    new RegExp(source, flagString);
  } catch {
    return null;
  }
  try {
    const { groups, ast, program } = compileProgram(source, ignoreCase);
    if (groups !== nativeGroups) return null;
    const filter = buildPrefilter(ast, ignoreCase);
    const states = flags.maxDfaStates ?? DFA_MAX_STATES;
    return new LinearRegExp(source, ignoreCase, program, groups, states, filter);
  } catch {
    // Unsupported construct (or a limit): the caller falls back to RegExp.
    return null;
  }
}

/** Why compileSafeRegExp refuses `source`, in words ("a backreference", …), or null when it compiles. */
export function unsupportedReason(source: string, flags: { ignoreCase: boolean }): string | null {
  try {
    new RegExp(source, flags.ignoreCase ? 'i' : '');
  } catch (err) {
    return `not a valid regular expression: ${(err as Error).message}`;
  }
  try {
    compileProgram(source, flags.ignoreCase);
    return null;
  } catch (err) {
    if (!(err instanceof Unsupported)) throw err;
    return REASONS[err.message] ?? err.message;
  }
}

/** Whether `source` is proven linear on a backtracking RegExp (linearity.ts); false when not, or refused. */
export function backtrackingProven(source: string, flags: { ignoreCase: boolean }): boolean {
  try {
    return backtrackingLinear(compileProgram(source, flags.ignoreCase).program);
  } catch (err) {
    if (!(err instanceof Unsupported)) throw err;
    return false;
  }
}

/** A compiled program as tests read it (a test runs it the way a backtracking engine does). */
export interface ProgramView {
  /** Per instruction: char, set, match, jmp, split, save, reset, enter, check, bol, eol, boundary, look. */
  kind: string[];
  a: Int32Array;
  b: Int32Array;
  /** Whether the CHAR or SET at pc accepts code unit ch. */
  consumes(pc: number, ch: number): boolean;
  /** Whether the LOOK at pc lets a path on at `pos` (its body run there, its sign applied). */
  lookPasses(pc: number, input: string, pos: number): boolean;
}

const KIND_NAMES = [
  'char',
  'set',
  'match',
  'jmp',
  'split',
  'save',
  'reset',
  'enter',
  'check',
  'bol',
  'eol',
  'boundary',
  'boundary',
  'look',
];

/** The program compileSafeRegExp runs for `source`, for tests; null when it does not compile. */
export function programView(source: string, flags: { ignoreCase: boolean }): ProgramView | null {
  try {
    const prog = compileProgram(source, flags.ignoreCase).program;
    return {
      kind: Array.from(prog.op, (code) => KIND_NAMES[code]),
      a: prog.a,
      b: prog.b,
      consumes: (pc, ch) => consumes(prog, pc, ch),
      lookPasses: (pc, input, pos) => {
        const look = prog.looks[prog.a[pc]];
        return lookBodyMatches(look, input, input.length, pos, newRun()) !== look.negative;
      },
    };
  } catch (err) {
    if (!(err instanceof Unsupported)) throw err;
    return null;
  }
}
