/**
 * A program as the lazy DFA and the linearity proof see it: the alphabet cut into classes of characters
 * no test of the program tells apart (symbols), and whether every test decides on the current
 * character alone, so that a step is a function of (threads, symbol).
 * @module
 */
import { inSet, MAX_CODE } from './charset';
import { Op, type Program } from './instructions';

/** Whether the lazy DFA reproduces `prog`: anchored, no `\b` (it reads the previous character), one-character lookaheads. */
export function dfaEligible(prog: Program): boolean {
  if (!prog.anchored || !prog.captures) return false;
  const { op } = prog;
  for (let pc = 0; pc < op.length; pc++) {
    if (op[pc] === Op.WORD_BOUNDARY || op[pc] === Op.NOT_WORD_BOUNDARY) return false;
  }
  for (const look of prog.looks) {
    if (look.scan || look.endSlot > look.firstSlot) return false;
    if (!oneCharacterLook(look.prog)) return false;
  }
  return true;
}

/** Whether a lookahead body reads one character at most and nothing after it, as `(?=\/|$)` or `(?!\/|-)`. */
function oneCharacterLook(prog: Program): boolean {
  const { op, a, b } = prog;
  for (let pc = 0; pc < op.length; pc++) {
    const code = op[pc];
    if (code !== Op.CHAR && code !== Op.SET && code !== Op.MATCH && code !== Op.JMP && code !== Op.SPLIT) {
      if (code !== Op.EOL) return false;
    }
    if (code !== Op.CHAR && code !== Op.SET) continue;
    // Everything reachable without input after this character must be MATCH.
    const seen = new Set<number>();
    const todo = [pc + 1];
    while (todo.length > 0) {
      const at = todo.pop()!;
      if (seen.has(at)) continue;
      seen.add(at);
      if (op[at] === Op.JMP) todo.push(a[at]);
      else if (op[at] === Op.SPLIT) todo.push(a[at], b[at]);
      else if (op[at] !== Op.MATCH) return false;
    }
  }
  return true;
}

/** Every range and character a program (lookaheads included) tests, as boundaries of classes. */
function collectBoundaries(prog: Program, points: Set<number>): void {
  const { op, a } = prog;
  for (let pc = 0; pc < op.length; pc++) {
    if (op[pc] === Op.CHAR) {
      points.add(a[pc]);
      points.add(a[pc] + 1);
    }
  }
  for (const ranges of prog.setRanges) {
    for (let k = 0; k < ranges.length; k += 2) {
      points.add(ranges[k]);
      points.add(ranges[k + 1] + 1);
    }
  }
  for (const look of prog.looks) collectBoundaries(look.prog, points);
}

/** Whether `ch` passes every CHAR and SET of the program, as a string of 0/1 (the class signature). */
function signature(prog: Program, ch: number, out: string[]): void {
  const { op, a } = prog;
  for (let pc = 0; pc < op.length; pc++) {
    if (op[pc] === Op.CHAR) out.push(ch === a[pc] ? '1' : '0');
  }
  for (const set of prog.sets) out.push(inSet(set, ch) ? '1' : '0');
  for (const look of prog.looks) signature(look.prog, ch, out);
}

/** The alphabet cut into classes no CHAR or SET of the program (lookaheads included) tells apart. */
export function partition(prog: Program): {
  starts: number[];
  intervalClass: number[];
  representatives: number[];
} {
  const points = new Set<number>([0, 128]);
  collectBoundaries(prog, points);
  const starts = [...points].filter((p) => p <= MAX_CODE).sort((x, y) => x - y);
  const classOf = new Map<string, number>();
  const representatives: number[] = [];
  const intervalClass: number[] = [];
  for (const start of starts) {
    const sig: string[] = [];
    signature(prog, start, sig);
    const key = sig.join('');
    let cls = classOf.get(key);
    if (cls === undefined) {
      cls = representatives.length;
      classOf.set(key, cls);
      representatives.push(start);
    }
    intervalClass.push(cls);
  }
  return { starts, intervalClass, representatives };
}
