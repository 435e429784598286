/**
 * The Pike VM: all threads advance in lock-step over the input, in priority order, one thread per
 * program state, so the first thread to reach MATCH is the one a backtracking engine would have
 * returned, in O(input × program) time. It runs what the lazy DFA cannot (unanchored patterns, word
 * boundaries, lookaheads longer than a character) and every lookahead body.
 * @module
 */

import { inSet } from './charset';
import { addThreads } from './closure';
import { type Look, nextGeneration, Op, type Program } from './instructions';

let runCounter = 0;

/** A new run id: lookahead results are cached per (run, position), so each exec takes a fresh one. */
export function newRun(): number {
  return ++runCounter;
}

/** Whether the lookahead's body matches at `pos`: run forward there, or read from one backward scan. */
export function lookBodyMatches(
  look: Look,
  input: string,
  length: number,
  pos: number,
  run: number,
): boolean {
  if (look.scan) {
    if (look.cacheRun !== run) scanBackward(look, input, length, run);
    return look.bits[pos] === 1;
  }
  if (look.cacheRun !== run || look.cachePos !== pos) {
    look.cacheResult = simulate(look.prog, input, length, pos, run);
    look.cacheRun = run;
    look.cachePos = pos;
  }
  return look.cacheResult;
}

/** Runs `prog` from `start`; on a match prog.out holds the slots of the leftmost, highest-priority one. */
export function simulate(prog: Program, input: string, length: number, start: number, run: number): boolean {
  const { op, a, sets, slots, scratch, anchored, out, waits, stateBase, visited } = prog;
  let list = prog.listA;
  let caps = prog.capsA;
  let nextList = prog.listB;
  let nextCaps = prog.capsB;
  nextGeneration(prog);
  scratch.fill(-1);
  let count = addThreads(prog, list, caps, 0, 0, start, input, length, run, lookBodyMatches);
  let matched = false;
  for (let pos = start; ; pos++) {
    if (count === 0 && (matched || anchored || pos >= length)) break;
    nextGeneration(prog);
    let nextCount = 0;
    const ch = pos < length ? input.charCodeAt(pos) : -1;
    for (let t = 0; t < count; t++) {
      const pc = list[t];
      const code = op[pc];
      if (code === Op.MATCH) {
        if (!prog.captures) return true;
        // Lower-priority threads are cut: they could only yield a less preferred match.
        const base = t * slots;
        for (let slot = 0; slot < slots; slot++) out[slot] = caps[base + slot];
        matched = true;
        break;
      }
      if (ch === -1) continue;
      if (code === Op.CHAR ? ch === a[pc] : inSet(sets[a[pc]], ch)) {
        const base = t * slots;
        const next = pc + 1;
        if (waits[next] === 1) {
          // Fast path: the next instruction is itself a wait state, so there is no closure to follow.
          const key = stateBase[next];
          if (visited[key] !== prog.generation) {
            visited[key] = prog.generation;
            const nextBase = nextCount * slots;
            for (let slot = 0; slot < slots; slot++) nextCaps[nextBase + slot] = caps[base + slot];
            nextList[nextCount++] = next;
          }
          continue;
        }
        for (let slot = 0; slot < slots; slot++) scratch[slot] = caps[base + slot];
        nextCount = addThreads(
          prog,
          nextList,
          nextCaps,
          nextCount,
          next,
          pos + 1,
          input,
          length,
          run,
          lookBodyMatches,
        );
      }
    }
    if (pos >= length) break;
    if (!matched && !anchored) {
      // A match starting further right ranks below every thread that started earlier.
      scratch.fill(-1);
      nextCount = addThreads(
        prog,
        nextList,
        nextCaps,
        nextCount,
        0,
        pos + 1,
        input,
        length,
        run,
        lookBodyMatches,
      );
    }
    const swapList = list;
    list = nextList;
    nextList = swapList;
    const swapCaps = caps;
    caps = nextCaps;
    nextCaps = swapCaps;
    count = nextCount;
  }
  return matched;
}

/** Sets look.bits[p] to whether the body matches at p, for every p, in one backward pass: O(input × body). */
function scanBackward(look: Look, input: string, length: number, run: number): void {
  const prog = look.prog;
  const { op, a, sets } = prog;
  if (look.bits.length < length + 1) look.bits = new Uint8Array(Math.max(length + 1, 2 * look.bits.length));
  const bits = look.bits;
  let list = prog.listA;
  let nextList = prog.listB;
  const caps = prog.capsA;
  nextGeneration(prog);
  let count = 0;
  for (let pos = length; ; pos--) {
    count = addThreads(prog, list, caps, count, 0, pos, input, length, run, lookBodyMatches);
    let found = 0;
    for (let t = 0; t < count; t++) {
      if (op[list[t]] === Op.MATCH) {
        found = 1;
        break;
      }
    }
    bits[pos] = found;
    if (pos === 0) break;
    nextGeneration(prog);
    let nextCount = 0;
    const ch = input.charCodeAt(pos - 1);
    for (let t = 0; t < count; t++) {
      const pc = list[t];
      const code = op[pc];
      if (code !== Op.MATCH && (code === Op.CHAR ? ch === a[pc] : inSet(sets[a[pc]], ch))) {
        nextCount = addThreads(
          prog,
          nextList,
          caps,
          nextCount,
          pc + 1,
          pos - 1,
          input,
          length,
          run,
          lookBodyMatches,
        );
      }
    }
    const swap = list;
    list = nextList;
    nextList = swap;
    count = nextCount;
  }
  look.cacheRun = run;
}
