/**
 * A proof that a backtracking engine (the built-in RegExp) runs a pattern in time linear in the input:
 * only a proven pattern's dense long inputs are handed to it, where it is faster per character.
 *
 * The argument: a backtracking engine explores, depth first, every path of the pattern through the
 * input until one reaches MATCH. If no two distinct paths can stand at one consuming instruction at one
 * position (the program is unambiguous on every prefix), each (instruction, position) is reached once
 * at most, and between two consuming instructions the engine follows one tree of epsilon moves:
 * O(program) per (instruction, position), O(program² × input) in all. The program compiled here has
 * the backtracking engine's choice points one for one, so the check runs on it.
 *
 * The check, over the DFA's symbols plus the end of the input: every epsilon path from the start and
 * after each consuming instruction to a consuming instruction is an entry, with the symbols its
 * assertions let it consume (a closure visiting an instruction twice is refused). Pairs of entries at
 * one position are explored from every pair of start entries; a pair accepting a common symbol moves
 * to every pair of its successors' entries, and two different paths reaching one instruction refute
 * the proof. Word boundaries, longer lookaheads and patterns past the size caps are not proven.
 * @module
 */
import { consumes, Op, type Program } from './instructions';
import { newRun, simulate } from './pike-vm';
import { dfaEligible, partition } from './symbols';

/** Most entry pairs the proof explores before giving up (the pattern then stays on this engine). */
const PROOF_MAX_PAIRS = 1 << 16;
/** Most entries (epsilon paths to a consuming instruction) the proof handles. */
const PROOF_MAX_ENTRIES = 1024;

interface ProofEntry {
  pc: number;
  /** Symbols the entry's instruction may consume after its path's assertions. */
  allowed: Uint8Array;
}

/** Whether a backtracking engine runs `prog` in linear time, by the argument above (false: not proven). */
export function backtrackingLinear(prog: Program): boolean {
  if (!dfaEligible(prog)) return false;
  for (const look of prog.looks) if (!epsilonTree(look.prog, 0)) return false;
  const { representatives } = partition(prog);
  const symbols = representatives.length + 1;
  const end = symbols - 1;
  const { op, a, b } = prog;
  // accepts[pc]: symbols the consuming instruction at pc takes.
  const accepts: (Uint8Array | undefined)[] = [];
  for (let pc = 0; pc < op.length; pc++) {
    if (op[pc] !== Op.CHAR && op[pc] !== Op.SET) continue;
    const set = new Uint8Array(symbols);
    for (let sym = 0; sym < end; sym++) set[sym] = consumes(prog, pc, representatives[sym]) ? 1 : 0;
    accepts[pc] = set;
  }
  // passes[k]: symbols at which lookahead k lets the path on.
  const passes: Uint8Array[] = prog.looks.map((look) => {
    const set = new Uint8Array(symbols);
    for (let sym = 0; sym < symbols; sym++) {
      const text = sym === end ? '' : String.fromCharCode(representatives[sym]);
      const found = simulate(look.prog, text, text.length, 0, newRun());
      set[sym] = found !== look.negative ? 1 : 0;
    }
    return set;
  });
  const endOnly = new Uint8Array(symbols);
  endOnly[end] = 1;
  const entries: ProofEntry[] = [];
  /** Entry indices of the closure from the start (key -1) and after each consuming instruction (key pc). */
  const closures = new Map<number, number[]>();
  const closureOf = (source: number): number[] | null => {
    const known = closures.get(source);
    if (known) return known;
    const found: number[] = [];
    const seen = new Uint8Array(op.length);
    const stack: [number, Uint8Array][] = [[source < 0 ? 0 : source + 1, new Uint8Array(symbols).fill(1)]];
    while (stack.length > 0) {
      const [pc, filter] = stack.pop()!;
      if (seen[pc] === 1) return null;
      seen[pc] = 1;
      switch (op[pc]) {
        case Op.CHAR:
        case Op.SET: {
          const allowed = intersect(filter, accepts[pc]!);
          if (allowed !== null) {
            found.push(entries.length);
            entries.push({ pc, allowed });
          }
          break;
        }
        case Op.MATCH:
          break;
        case Op.JMP:
          stack.push([a[pc], filter]);
          break;
        case Op.SPLIT:
          stack.push([b[pc], filter], [a[pc], filter]);
          break;
        case Op.SAVE:
        case Op.RESET:
        case Op.ENTER:
        case Op.CHECK:
        case Op.BOL:
          // An empty iteration (CHECK failing) needs an epsilon cycle, refused above; `^` only filters.
          stack.push([pc + 1, filter]);
          break;
        case Op.EOL: {
          const next = intersect(filter, endOnly);
          if (next !== null) stack.push([pc + 1, next]);
          break;
        }
        case Op.LOOK: {
          const next = intersect(filter, passes[a[pc]]);
          if (next !== null) stack.push([pc + 1, next]);
          break;
        }
        default:
          return null;
      }
    }
    if (entries.length > PROOF_MAX_ENTRIES) return null;
    closures.set(source, found);
    return found;
  };
  const start = closureOf(-1);
  if (start === null) return false;
  // Pairs (x, y) with x <= y of entries at one position; x === y is one path, x !== y two.
  const seenPairs = new Set<number>();
  const queue: number[] = [];
  const push = (x: number, y: number): boolean => {
    if (x !== y && entries[x].pc === entries[y].pc) return false;
    const key = x <= y ? x * PROOF_MAX_ENTRIES + y : y * PROOF_MAX_ENTRIES + x;
    if (!seenPairs.has(key)) {
      // Past the cap the pattern is not proven (false): the work stays bounded whatever its size.
      if (seenPairs.size >= PROOF_MAX_PAIRS) return false;
      seenPairs.add(key);
      queue.push(x, y);
    }
    return true;
  };
  for (const x of start) for (const y of start) push(x, y);
  while (queue.length > 0) {
    const y = queue.pop()!;
    const x = queue.pop()!;
    if (intersect(entries[x].allowed, entries[y].allowed) === null) continue;
    const next1 = closureOf(entries[x].pc);
    const next2 = closureOf(entries[y].pc);
    if (next1 === null || next2 === null) return false;
    for (const x2 of next1) for (const y2 of next2) if (!push(x2, y2)) return false;
  }
  return true;
}

/** The symbols in both sets, or null when none. */
function intersect(x: Uint8Array, y: Uint8Array): Uint8Array | null {
  const out = new Uint8Array(x.length);
  let any = false;
  for (let k = 0; k < x.length; k++) {
    if (x[k] === 1 && y[k] === 1) {
      out[k] = 1;
      any = true;
    }
  }
  return any ? out : null;
}

/** Whether no instruction is reached twice by epsilon moves from `from` (paths meet nowhere, no cycle). */
function epsilonTree(prog: Program, from: number): boolean {
  const { op, a, b } = prog;
  const seen = new Uint8Array(op.length);
  const stack = [from];
  while (stack.length > 0) {
    const pc = stack.pop()!;
    if (seen[pc] === 1) return false;
    seen[pc] = 1;
    const code = op[pc];
    if (code === Op.JMP) stack.push(a[pc]);
    else if (code === Op.SPLIT) stack.push(a[pc], b[pc]);
    else if (code !== Op.CHAR && code !== Op.SET && code !== Op.MATCH) stack.push(pc + 1);
  }
  return true;
}
