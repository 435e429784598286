/**
 * The epsilon-closure walk both engines advance by: from one thread, every path through jumps, splits,
 * capture moves, empty checks and assertions, in priority order, to the instructions that wait for the
 * next character (or MATCH). The Pike VM runs it on the input itself; the lazy DFA on a one-character
 * stand-in for a symbol class, recording what the walk did to each slot.
 * @module
 */
import { type Look, Op, type Program } from './instructions';
import { workDone } from './work';

/** Whether a lookahead's body matches at `pos`: the Pike VM answers it by running the body's program. */
export type LookBody = (look: Look, input: string, length: number, pos: number, run: number) => boolean;

function isWordAt(input: string, pos: number, length: number): boolean {
  if (pos < 0 || pos >= length) return false;
  const c = input.charCodeAt(pos);
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/**
 * Appends to (list, caps) from `count`, in priority order, the threads every epsilon path from `pc0` at
 * `pos` leaves waiting, and returns the new length; prog.scratch (the thread's slots) is restored.
 */
export function addThreads(
  prog: Program,
  list: Int32Array,
  caps: Int32Array,
  count: number,
  pc0: number,
  pos: number,
  input: string,
  length: number,
  run: number,
  lookBody: LookBody,
): number {
  const { op, a, b, stateBase, enclStart, encl, visited, scratch, stack, slots } = prog;
  const generation = prog.generation;
  workDone.threads++;
  let sp = 0;
  stack[sp++] = pc0;
  while (sp > 0) {
    let pc = stack[--sp];
    if (pc < 0) {
      // A restore entry: the old value of slot -pc - 1, pushed when a path changed it.
      scratch[-pc - 1] = stack[--sp];
      continue;
    }
    walk: for (;;) {
      let key = stateBase[pc];
      const first = enclStart[pc];
      const end = enclStart[pc + 1];
      if (first !== end) {
        let k = first;
        while (k < end && scratch[encl[k]] !== pos) k++;
        key += k - first;
      }
      // Already reached in this step by a thread of higher priority.
      if (visited[key] === generation) break;
      visited[key] = generation;
      switch (op[pc]) {
        case Op.JMP:
          pc = a[pc];
          continue walk;
        case Op.SPLIT:
          stack[sp++] = b[pc];
          pc = a[pc];
          continue walk;
        case Op.SAVE:
        case Op.ENTER: {
          const slot = a[pc];
          stack[sp++] = scratch[slot];
          stack[sp++] = -slot - 1;
          scratch[slot] = pos;
          pc++;
          continue walk;
        }
        case Op.RESET:
          for (let slot = a[pc], last = b[pc]; slot < last; slot++) {
            if (scratch[slot] !== -1) {
              stack[sp++] = scratch[slot];
              stack[sp++] = -slot - 1;
              scratch[slot] = -1;
            }
          }
          pc++;
          continue walk;
        case Op.CHECK:
          if (scratch[a[pc]] === pos) break walk;
          pc++;
          continue walk;
        case Op.BOL:
          if (pos !== 0) break walk;
          pc++;
          continue walk;
        case Op.EOL:
          if (pos !== length) break walk;
          pc++;
          continue walk;
        case Op.WORD_BOUNDARY:
        case Op.NOT_WORD_BOUNDARY: {
          const boundary = isWordAt(input, pos - 1, length) !== isWordAt(input, pos, length);
          if (boundary !== (op[pc] === Op.WORD_BOUNDARY)) break walk;
          pc++;
          continue walk;
        }
        case Op.LOOK: {
          const look = prog.looks[a[pc]];
          if (lookBody(look, input, length, pos, run) === look.negative) break walk;
          if (!look.negative) {
            const out = look.prog.out;
            for (let slot = look.firstSlot; slot < look.endSlot; slot++) {
              if (scratch[slot] !== out[slot]) {
                stack[sp++] = scratch[slot];
                stack[sp++] = -slot - 1;
                scratch[slot] = out[slot];
              }
            }
          }
          pc++;
          continue walk;
        }
        default: {
          // CHAR, SET, MATCH: the thread waits here for the next character.
          const base = count * slots;
          for (let slot = 0; slot < slots; slot++) caps[base + slot] = scratch[slot];
          list[count++] = pc;
          break walk;
        }
      }
    }
  }
  return count;
}
