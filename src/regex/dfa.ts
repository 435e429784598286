/**
 * The lazy DFA. For an anchored pattern whose steps depend on the current character alone (symbols.ts),
 * a Pike VM step is a function of (the ordered list of threads, the character's symbol): it is computed
 * once with the shared closure walk and cached, the threads' priority order kept, so the result is
 * still the one a backtracking engine returns. A state is the ordered list of pcs its threads resume
 * from; a transition records, per thread of the next state, the thread it continues and the capture
 * slots its closure moved. A run costs a table lookup per character; transitions that move captures
 * are traced, and after a match the captures are read back along the trace.
 *
 * Work stays O(input × program): a run builds at most one transition per position (plus, once per state
 * while the cache lives, every transition of a state it skips through), each in O(program); the cache
 * is bounded, and when it fills the Pike VM finishes the run and the next run starts empty. Skipping
 * passes only over characters that loop on a state moving no capture. A dense long input on a pattern
 * proven linear for a backtracking engine (linearity.ts) is handed to the built-in RegExp instead.
 * @module
 */
import { MAX_CODE } from './charset';
import { addThreads } from './closure';
import { SKIP_NONE, SKIP_UNDECIDED, StateSkips } from './dfa-skip';
import { consumes, nextGeneration, Op, type Program } from './instructions';
import { backtrackingLinear } from './linearity';
import { lookBodyMatches, newRun } from './pike-vm';
import { dfaEligible, partition } from './symbols';
import { workDone } from './work';

/** Most states one regex's DFA holds before it gives up for the run (a test may lower it). */
export const DFA_MAX_STATES = 512;
/** Most (state × symbol) cells of one DFA's transition table. */
const DFA_MAX_CELLS = 1 << 17;
/** Most symbols: past it (a pattern naming hundreds of distinct characters) no DFA is built. */
const DFA_MAX_SYMBOLS = 1024;
const F_MATCH = 1;
/** Every thread of the next state is the same-numbered thread of this one, and no capture moved. */
const F_PLAIN = 2;
const UNKNOWN = -1;
const NO_OPS = new Int32Array(0);
/** A slot value no walk writes: the slot keeps what the thread had before the step. */
const UNTOUCHED = -2;
/** Self-loops in a row before a run looks ahead for the way out (a search costs a few steps). */
const SKIP_AFTER_LOOPS = 2;
/** Where a run on a proven pattern decides to hand over (inputs twice as long: RegExp restarts at 0). */
const HAND_OVER_CHECK_AT = 24;
/** One DFA step costs about as much as this many instructions walked by a backtracking engine. */
const STEP_COST = 90;
/** Weight of each capture slot a backtracking engine saves when an iteration resets it. */
const RESET_SLOT_COST = 3;
/** LazyDfa#run's answer when the built-in RegExp should run the input instead. */
export const HAND_OVER = 2;

interface Edge {
  /** For each thread of the next state, the index of the thread of this state it continues. */
  parents: Int32Array;
  /** Thread j's capture moves: ops[opStart[j] .. opStart[j + 1]], one per slot moved. */
  opStart: Int32Array;
  /** slot × 2 (set to the position) or slot × 2 + 1 (reset to unset). */
  ops: Int32Array;
  /** Index of the thread that reached MATCH at this position (lower ones are cut), or -1. */
  matchParent: number;
  matchOps: Int32Array;
}

/** The current run's trace, shared by every DFA (runs never overlap): one buffer however many patterns. */
let traceAt = new Int32Array(256);
let traceEdge = new Int32Array(256);

export class LazyDfa {
  /** Character classes + 1: the last symbol is the end of the input. */
  readonly symbols: number;
  readonly endSymbol: number;
  private readonly ascii: Uint16Array;
  /** Starts of the intervals at or above 128 and each one's class. */
  private readonly highStarts: Int32Array;
  private readonly highClasses: Uint16Array;
  /** A member of each class (-1 for the end symbol). */
  private readonly representatives: Int32Array;
  private readonly maxStates: number;
  private states: Int32Array[] = [];
  private keys = new Map<string, number>();
  /** (state × symbols + symbol) → (next state × symbols) << 2 | flags, UNKNOWN until built. */
  private cells: Int32Array = new Int32Array(0);
  /** At each state's first cell: what a backtracking engine walks per position there (the hand-over estimate). */
  private rowWeight: Int32Array = new Int32Array(0);
  private readonly walkOf: Int32Array;
  private edges: (Edge | undefined)[] = [];
  private full = false;
  private dead = 1;
  // Scratch of build(): each waiting thread's parent, and the pcs the next state's threads surely pass.
  private readonly parentOf: Int32Array;
  private readonly reach: Int32Array;
  private reachGeneration = 0;
  private readonly skips: StateSkips;
  private runId = 0;
  /** Whether backtrackingLinear proved the program linear: 0 not decided yet, 1 yes, -1 no. */
  private proven = 0;
  private readonly prog: Program;

  static create(prog: Program, maxStates: number): LazyDfa | null {
    if (maxStates < 2 || !dfaEligible(prog)) return null;
    const { starts, intervalClass, representatives } = partition(prog);
    const symbols = representatives.length + 1;
    if (symbols > DFA_MAX_SYMBOLS) return null;
    const states = Math.min(maxStates, Math.floor(DFA_MAX_CELLS / symbols));
    if (states < 2) return null;
    return new LazyDfa(prog, starts, intervalClass, representatives, states);
  }

  private constructor(
    prog: Program,
    starts: number[],
    intervalClass: number[],
    representatives: number[],
    maxStates: number,
  ) {
    this.symbols = representatives.length + 1;
    this.endSymbol = representatives.length;
    this.maxStates = maxStates;
    this.representatives = Int32Array.from([...representatives, -1]);
    this.ascii = new Uint16Array(128);
    const highStarts: number[] = [];
    const highClasses: number[] = [];
    for (let k = 0; k < starts.length; k++) {
      const from = starts[k];
      const to = k + 1 < starts.length ? starts[k + 1] : MAX_CODE + 1;
      if (from < 128) this.ascii.fill(intervalClass[k], from, Math.min(to, 128));
      else {
        highStarts.push(from);
        highClasses.push(intervalClass[k]);
      }
    }
    this.highStarts = Int32Array.from(highStarts);
    this.highClasses = Uint16Array.from(highClasses);
    this.skips = new StateSkips(Int32Array.from(starts), Uint16Array.from(intervalClass));
    this.parentOf = new Int32Array(prog.listA.length);
    this.reach = new Int32Array(prog.op.length + 1);
    this.walkOf = new Int32Array(prog.op.length + 1).fill(-1);
    this.prog = prog;
    this.reset();
  }

  /** Instructions a backtracking engine walks from `pc` to the next character or failure (RESET weighed per slot). */
  private walk(pc: number): number {
    const known = this.walkOf[pc];
    if (known >= 0) return known;
    const { op, a, b } = this.prog;
    const seen = new Set<number>();
    const stack = [pc];
    let count = 0;
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (seen.has(at)) continue;
      seen.add(at);
      const code = op[at];
      count += code === Op.RESET ? 1 + RESET_SLOT_COST * (b[at] - a[at]) : 1;
      if (code === Op.JMP) stack.push(a[at]);
      else if (code === Op.SPLIT) stack.push(a[at], b[at]);
      else if (code !== Op.CHAR && code !== Op.SET && code !== Op.MATCH) stack.push(at + 1);
    }
    this.walkOf[pc] = count;
    return count;
  }

  private reset(): void {
    this.states = [];
    this.keys = new Map();
    this.edges = [];
    this.skips.reset();
    this.cells = new Int32Array(8 * this.symbols).fill(UNKNOWN);
    this.rowWeight = new Int32Array(8 * this.symbols);
    this.full = false;
    this.addState(Int32Array.of(0), '^0'); // 0: the start, where `^` holds
    this.dead = this.addState(new Int32Array(0), ''); // 1: no thread left
  }

  private addState(pcs: Int32Array, key: string): number {
    const id = this.states.length;
    this.states.push(pcs);
    this.keys.set(key, id);
    this.skips.addState();
    const cells = (id + 1) * this.symbols;
    if (cells > this.cells.length) {
      this.cells = doubled(this.cells, UNKNOWN);
      this.rowWeight = doubled(this.rowWeight, 0);
    }
    let weight = 0;
    for (let k = 0; k < pcs.length; k++) weight += this.walk(pcs[k]);
    this.rowWeight[id * this.symbols] = weight;
    return id;
  }

  private symbolOf(ch: number): number {
    if (ch < 128) return this.ascii[ch];
    const starts = this.highStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= ch) lo = mid;
      else hi = mid - 1;
    }
    return this.highClasses[lo];
  }

  /**
   * Runs the program on `input` from 0: whether it matched (captures in prog.out, as the Pike VM leaves
   * them), null when the cache filled, or HAND_OVER on a proven pattern whose steps cost more than RegExp's.
   */
  run(prog: Program, input: string): boolean | null | typeof HAND_OVER {
    if (this.full) this.reset();
    const runId = ++this.runId;
    const length = input.length;
    if (traceAt.length < length + 1) {
      const size = Math.max(length + 1, 2 * traceAt.length);
      traceAt = new Int32Array(size);
      traceEdge = new Int32Array(size);
    }
    const { symbols, endSymbol, ascii } = this;
    const tracePos = traceAt;
    const traceStep = traceEdge;
    const deadBase = this.dead * symbols;
    // One load per character: the next state's first cell and the flags.
    let cells = this.cells;
    let base = 0; // the start state
    let loops = 0;
    // Every step that moved a capture or reached MATCH: (position, edge).
    let traced = 0;
    // Steps taken, and the instructions a backtracking engine would have walked over the same positions.
    let steps = 0;
    let walked = 0;
    let handOver = this.proven === -1 || length < 2 * HAND_OVER_CHECK_AT ? length + 1 : HAND_OVER_CHECK_AT;
    let weights = this.rowWeight;
    let pos = 0;
    for (; ; pos++) {
      // Known ASCII steps that neither end the run nor start a skip, in a loop with no calls (the cheapest).
      const fastCells = cells;
      const fastWeights = weights;
      const fastEnd = Math.min(length, handOver);
      while (pos < fastEnd) {
        const ch = input.charCodeAt(pos);
        if (ch >= 128) break;
        const edge = base + ascii[ch];
        const cell = fastCells[edge];
        if (cell === UNKNOWN) break;
        const to = cell >> 2;
        if (to === deadBase) break;
        if ((cell & 3) === F_PLAIN) {
          if (to === base) {
            if (loops + 1 >= SKIP_AFTER_LOOPS) break;
            loops++;
          } else loops = 0;
        } else {
          tracePos[traced] = pos;
          traceStep[traced++] = edge;
          if (to !== base) loops = 0;
        }
        steps++;
        walked += fastWeights[base];
        base = to;
        pos++;
      }
      steps++;
      walked += weights[base];
      let sym = endSymbol;
      if (pos < length) {
        const ch = input.charCodeAt(pos);
        sym = ch < 128 ? ascii[ch] : this.symbolOf(ch);
      }
      const edge = base + sym;
      let cell = cells[edge];
      if (cell === UNKNOWN) {
        if (this.build(prog, base / symbols, sym) === UNKNOWN) {
          this.full = true;
          workDone.threads += pos + 1;
          return null;
        }
        cells = this.cells;
        weights = this.rowWeight;
        cell = cells[edge];
      }
      const flag = cell & 3;
      const to = cell >> 2;
      if (flag !== F_PLAIN) {
        tracePos[traced] = pos;
        traceStep[traced++] = edge;
      } else if (to === base && ++loops >= SKIP_AFTER_LOOPS && pos + 1 < length) {
        // Several characters in a row looped on this state: look for the next one that leaves it.
        const state = base / symbols;
        let kind = this.skips.kind[state];
        if (kind === SKIP_UNDECIDED) {
          kind = this.examine(prog, state);
          cells = this.cells;
          weights = this.rowWeight;
        }
        if (kind > 0) {
          const to = this.skips.skip(state, kind, input, pos + 1, length, runId);
          walked += (to - pos - 1) * weights[base];
          pos = to - 1;
        }
        loops = 0;
        continue;
      }
      if (to !== base) loops = 0;
      if (to === deadBase || pos >= length) break;
      if (pos >= handOver) {
        handOver = length + 1;
        if (this.proven === 0) this.proven = backtrackingLinear(prog) ? 1 : -1;
        if (this.proven === 1 && steps * STEP_COST > walked) {
          workDone.threads += pos + 1;
          return HAND_OVER;
        }
      }
      base = to;
    }
    workDone.threads += pos + 1;
    // The last MATCH reached is the result: a later one outranks every earlier one it did not cut.
    let matchTraced = traced - 1;
    while (matchTraced >= 0 && (cells[traceStep[matchTraced]] & F_MATCH) === 0) matchTraced--;
    if (matchTraced < 0) return false;
    const matchAt = tracePos[matchTraced];
    const matchEdge = traceStep[matchTraced];
    // Captures read back from the matching thread through its ancestors: the first move met is the last made.
    const out = prog.out;
    const captureSlots = prog.captureSlots;
    const UNDECIDED = -2;
    out.fill(UNDECIDED, 0, captureSlots);
    out[0] = 0; // SAVE 0 is the program's first instruction, at position 0
    let undecided = captureSlots - 1;
    const edges = this.edges;
    const last = edges[matchEdge]!;
    const matchOps = last.matchOps;
    for (let k = matchOps.length - 1; k >= 0; k--) {
      const slot = matchOps[k] >> 1;
      if (out[slot] === UNDECIDED) {
        out[slot] = (matchOps[k] & 1) === 1 ? -1 : matchAt;
        undecided--;
      }
    }
    let thread = last.matchParent;
    for (let t = matchTraced - 1; t >= 0 && undecided > 0; t--) {
      const step = edges[traceStep[t]]!;
      const at = tracePos[t];
      const ops = step.ops;
      for (let k = step.opStart[thread + 1] - 1, first = step.opStart[thread]; k >= first; k--) {
        const slot = ops[k] >> 1;
        if (out[slot] === UNDECIDED) {
          out[slot] = (ops[k] & 1) === 1 ? -1 : at;
          undecided--;
        }
      }
      thread = step.parents[thread];
    }
    if (undecided > 0) {
      for (let slot = 0; slot < captureSlots; slot++) if (out[slot] === UNDECIDED) out[slot] = -1;
    }
    return true;
  }

  /** Decides whether (and how) runs through `state` can skip ahead; builds all its transitions. */
  private examine(prog: Program, state: number): number {
    const { symbols } = this;
    const loops = new Uint8Array(symbols);
    let any = false;
    for (let sym = 0; sym < this.endSymbol; sym++) {
      const edge = state * symbols + sym;
      if (this.cells[edge] === UNKNOWN && this.build(prog, state, sym) === UNKNOWN) {
        // The cache is full: no skipping here for this run (not examined again), and the next run starts empty.
        this.skips.kind[state] = SKIP_NONE;
        this.full = true;
        return SKIP_NONE;
      }
      if (this.cells[edge] === (((state * symbols) << 2) | F_PLAIN)) {
        loops[sym] = 1;
        any = true;
      }
    }
    if (!any) {
      this.skips.kind[state] = SKIP_NONE;
      return SKIP_NONE;
    }
    return this.skips.decide(state, loops);
  }

  /**
   * One Pike VM step for (state, sym): the shared walk runs on a stand-in character of class `sym`, after
   * another one unless at the start (so `^` and `$` hold where they would). The next state, or UNKNOWN.
   */
  private build(prog: Program, state: number, sym: number): number {
    const { op, a, b, slots, captureSlots, scratch } = prog;
    const pcs = this.states[state];
    const rep = this.representatives[sym];
    const atStart = state === 0;
    const text = (atStart ? '' : ' ') + (rep === -1 ? '' : String.fromCharCode(rep));
    const pos = atStart ? 0 : 1;
    const list = prog.listA;
    const caps = prog.capsA;
    const parentOf = this.parentOf;
    nextGeneration(prog);
    // Slots the walk leaves UNTOUCHED keep the value the thread had: only the others are recorded.
    scratch.fill(UNTOUCHED);
    const run = newRun();
    let count = 0;
    for (let i = 0; i < pcs.length; i++) {
      const first = count;
      count = addThreads(prog, list, caps, count, pcs[i], pos, text, text.length, run, lookBodyMatches);
      parentOf.fill(i, first, count);
    }
    // The waiting threads in order: MATCH cuts the rest; the others consume the symbol or die.
    let matchParent = -1;
    let matchOps = NO_OPS;
    const nextPcs: number[] = [];
    const parents: number[] = [];
    const opStart: number[] = [0];
    const ops: number[] = [];
    const reach = this.reach;
    const mark = ++this.reachGeneration;
    for (let w = 0; w < count; w++) {
      const pc = list[w];
      if (op[pc] === Op.MATCH) {
        matchParent = parentOf[w];
        const moves: number[] = [];
        captureMoves(caps, w * slots, captureSlots, moves);
        matchOps = Int32Array.from(moves);
        break;
      }
      if (rep === -1 || !consumes(prog, pc, rep)) continue;
      // A thread resuming where an earlier one surely passes would be dropped next step as a duplicate: now.
      if (reach[pc + 1] === mark) continue;
      const todo = [pc + 1];
      while (todo.length > 0) {
        const at = todo.pop()!;
        if (reach[at] === mark) continue;
        reach[at] = mark;
        const code = op[at];
        if (code === Op.JMP) todo.push(a[at]);
        else if (code === Op.SPLIT) todo.push(a[at], b[at]);
        else if (code === Op.SAVE || code === Op.RESET) todo.push(at + 1);
      }
      nextPcs.push(pc + 1);
      parents.push(parentOf[w]);
      captureMoves(caps, w * slots, captureSlots, ops);
      opStart.push(ops.length);
    }
    let plain = ops.length === 0;
    for (let j = 0; plain && j < parents.length; j++) plain = parents[j] === j;
    const key = nextPcs.join(',');
    let to = this.keys.get(key);
    if (to === undefined) {
      if (this.states.length >= this.maxStates) return UNKNOWN;
      to = this.addState(Int32Array.from(nextPcs), key);
    }
    const edge = state * this.symbols + sym;
    const flag = (matchParent >= 0 ? F_MATCH : 0) | (plain ? F_PLAIN : 0);
    this.cells[edge] = ((to * this.symbols) << 2) | flag;
    this.edges[edge] = {
      parents: Int32Array.from(parents),
      opStart: Int32Array.from(opStart),
      ops: Int32Array.from(ops),
      matchParent,
      matchOps,
    };
    return to;
  }
}

/** Appends the capture slots one thread's closure moved: slot × 2 (set here) or slot × 2 + 1 (unset). */
function captureMoves(caps: Int32Array, base: number, captureSlots: number, out: number[]): void {
  for (let slot = 0; slot < captureSlots; slot++) {
    const value = caps[base + slot];
    if (value !== UNTOUCHED) out.push(value === -1 ? 2 * slot + 1 : 2 * slot);
  }
}

/** A copy of `array` twice as long, its new half filled with `fill`. */
function doubled(array: Int32Array, fill: number): Int32Array {
  const out = new Int32Array(2 * array.length);
  if (fill !== 0) out.fill(fill, array.length);
  out.set(array);
  return out;
}
