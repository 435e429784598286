/**
 * The compiled form both engines run: a Thompson NFA as parallel instruction arrays, its lookahead
 * programs, and the buffers each run reuses (one program is never run twice at once).
 * @module
 */
import { type CharSet, inSet, type Ranges } from './charset';

/** The instruction set; `a` and `b` are each instruction's operands. */
// biome-ignore lint/suspicious/noConstEnum: tsc writes the numbers at every use, so the engines' inner loops switch on constants; the build is tsc alone.
export const enum Op {
  /** Consume code unit a. */
  CHAR = 0,
  /** Consume a member of sets[a]. */
  SET = 1,
  MATCH = 2,
  /** Go to a. */
  JMP = 3,
  /** Go to a (preferred) and b. */
  SPLIT = 4,
  /** Slot a := position. */
  SAVE = 5,
  /** Slots [a, b) := unset. */
  RESET = 6,
  /** Loop register a := position (start of an iteration that may not be empty). */
  ENTER = 7,
  /** Fail when loop register a = position (the iteration matched empty). */
  CHECK = 8,
  BOL = 9,
  EOL = 10,
  WORD_BOUNDARY = 11,
  NOT_WORD_BOUNDARY = 12,
  /** Lookahead looks[a]. */
  LOOK = 13,
}

export interface Look {
  prog: Program;
  negative: boolean;
  /** Capture slots [firstSlot, endSlot) set by a successful positive lookahead. */
  firstSlot: number;
  endSlot: number;
  /** An unbounded capture-free body, compiled reversed and scanned once per exec (else run per position). */
  scan: boolean;
  cacheRun: number;
  cachePos: number;
  cacheResult: boolean;
  bits: Uint8Array;
}

export interface Program {
  op: Int32Array;
  a: Int32Array;
  b: Int32Array;
  sets: CharSet[];
  /** The ranges each of `sets` was built from (the lazy DFA partitions the alphabet with them). */
  setRanges: Ranges[];
  looks: Look[];
  /** Only position `start` is tried (a `^`-anchored regex, or a lookahead body). */
  anchored: boolean;
  /** False for lookahead bodies whose captures nobody reads: the first match found is enough. */
  captures: boolean;
  /** Capture slots (2 per group, the whole match included); registers follow them up to `slots`. */
  captureSlots: number;
  slots: number;
  /** Thread-state key at pc: stateBase[pc] + how many enclosing checked loops (encl) have consumed input. */
  stateBase: Int32Array;
  enclStart: Int32Array;
  encl: Int32Array;
  /** 1 where the instruction is CHAR, SET or MATCH outside any checked loop (a plain wait state). */
  waits: Uint8Array;
  // Buffers reused by every run.
  visited: Int32Array;
  generation: number;
  listA: Int32Array;
  capsA: Int32Array;
  listB: Int32Array;
  capsB: Int32Array;
  scratch: Int32Array;
  stack: Int32Array;
  out: Int32Array;
}

/** Starts a new visited set (one per step) without clearing the array each time. */
export function nextGeneration(prog: Program): void {
  if (prog.generation === 0x7fffffff) {
    prog.visited.fill(0);
    prog.generation = 0;
  }
  prog.generation++;
}

/** Whether the CHAR or SET at pc accepts code unit ch. */
export function consumes(prog: Program, pc: number, ch: number): boolean {
  return prog.op[pc] === Op.CHAR ? ch === prog.a[pc] : inSet(prog.sets[prog.a[pc]], ch);
}
