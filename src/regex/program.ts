/**
 * Compiles an AST to a program: one instruction per choice point, as a backtracking engine has them
 * (alternatives, each optional or repeated iteration, counted repetition unrolled), plus the registers
 * of ECMAScript's empty check and the thread-state layout both engines deduplicate threads by.
 * @module
 */
import { anchored, Kind, maxLength, minLength, type Node, type RepeatNode, trimTail } from './ast';
import { type CharSet, finalRanges, type Ranges, toCharSet } from './charset';
import { type Look, Op, type Program } from './instructions';
import { LOOK_MAX_LENGTH, MAX_INSTRUCTIONS, MAX_LIST_CELLS, Unsupported } from './limits';
import { Parser } from './parser';

const EMPTY_BITS = new Uint8Array(0);

interface Budget {
  instructions: number;
}

class Builder {
  readonly op: number[] = [];
  readonly a: number[] = [];
  readonly b: number[] = [];
  private readonly enclosing: number[][] = [];
  private loops: number[] = [];
  private registers = 0;
  private readonly sets: CharSet[] = [];
  private readonly setRanges: Ranges[] = [];
  private readonly setIndex = new Map<Ranges, number>();
  private readonly looks: Look[] = [];

  /** `captures` false: only whether it matches counts (no captures, resets, empty checks); `reversed`: right to left. */
  constructor(
    private readonly captureSlots: number,
    private readonly ignoreCase: boolean,
    private readonly budget: Budget,
    private readonly captures = true,
    private readonly reversed = false,
  ) {
    if (!captures) this.captureSlots = 0;
  }

  get pc(): number {
    return this.op.length;
  }

  emit(op: number, a = 0, b = 0): number {
    if (--this.budget.instructions < 0) throw new Unsupported('too large');
    this.op.push(op);
    this.a.push(a);
    this.b.push(b);
    this.enclosing.push(this.loops);
    return this.op.length - 1;
  }

  node(node: Node): void {
    switch (node.kind) {
      case Kind.EMPTY:
        return;
      case Kind.CHAR:
        if (this.ignoreCase) this.set([node.code, node.code], false);
        else this.emit(Op.CHAR, node.code);
        return;
      case Kind.CLASS:
        this.set(node.members, node.negate);
        return;
      case Kind.SEQ:
        if (this.reversed) for (let k = node.items.length - 1; k >= 0; k--) this.node(node.items[k]);
        else for (const item of node.items) this.node(item);
        return;
      case Kind.ALT: {
        const jumps: number[] = [];
        for (let k = 0; k < node.alts.length - 1; k++) {
          const split = this.emit(Op.SPLIT);
          this.a[split] = this.pc;
          this.node(node.alts[k]);
          jumps.push(this.emit(Op.JMP));
          this.b[split] = this.pc;
        }
        this.node(node.alts[node.alts.length - 1]);
        for (const jump of jumps) this.a[jump] = this.pc;
        return;
      }
      case Kind.GROUP:
        if (!this.captures) {
          this.node(node.body);
          return;
        }
        this.emit(Op.SAVE, 2 * node.index);
        this.node(node.body);
        this.emit(Op.SAVE, 2 * node.index + 1);
        return;
      case Kind.REPEAT:
        this.repeat(node);
        return;
      case Kind.ASSERT:
        this.emit(node.op);
        return;
      case Kind.LOOK: {
        // Captures of a negative lookahead are never visible, and a body without groups has none.
        const captures = this.captures && !node.negative && node.endGroup > node.firstGroup;
        // Without captures a trailing `x+` may become `x` (`(?!\/|-+)`), which can bound the body.
        const body = captures ? node.body : trimTail(node.body);
        const bounded = maxLength(body) <= LOOK_MAX_LENGTH;
        if (!bounded && captures) throw new Unsupported('unbounded lookahead with captures');
        const sub = new Builder(this.captureSlots, this.ignoreCase, this.budget, captures, !bounded);
        sub.node(body);
        sub.emit(Op.MATCH);
        this.looks.push({
          prog: sub.finish(true),
          negative: node.negative,
          firstSlot: captures ? 2 * node.firstGroup : 0,
          endSlot: captures ? 2 * node.endGroup : 0,
          scan: !bounded,
          cacheRun: -1,
          cachePos: -1,
          cacheResult: false,
          bits: EMPTY_BITS,
        });
        this.emit(Op.LOOK, this.looks.length - 1);
        return;
      }
    }
  }

  private set(members: Ranges, negate: boolean): void {
    const ranges = finalRanges(members, negate, this.ignoreCase);
    if (ranges.length === 2 && ranges[0] === ranges[1]) {
      this.emit(Op.CHAR, ranges[0]);
      return;
    }
    let index = this.setIndex.get(ranges);
    if (index === undefined) {
      index = this.sets.length;
      this.sets.push(toCharSet(ranges));
      this.setRanges.push(ranges);
      this.setIndex.set(ranges, index);
    }
    this.emit(Op.SET, index);
  }

  private repeat(node: RepeatNode): void {
    const { min, max, greedy } = node;
    if (max === 0) return;
    // Only a body that can match empty needs the empty check (and its register).
    const checked = this.captures && minLength(node.body) === 0;
    if (min > MAX_INSTRUCTIONS) throw new Unsupported('too large');
    for (let k = 0; k < min; k++) this.iteration(node, false);
    if (max === Number.POSITIVE_INFINITY) {
      const loop = this.emit(Op.SPLIT);
      const body = this.pc;
      this.iteration(node, checked);
      this.emit(Op.JMP, loop);
      this.branch(loop, body, this.pc, greedy);
      return;
    }
    if (max - min > MAX_INSTRUCTIONS) throw new Unsupported('too large');
    const splits: number[] = [];
    for (let k = min; k < max; k++) {
      splits.push(this.emit(Op.SPLIT));
      this.iteration(node, checked);
    }
    for (const split of splits) this.branch(split, split + 1, this.pc, greedy);
  }

  private branch(split: number, body: number, exit: number, greedy: boolean): void {
    this.a[split] = greedy ? body : exit;
    this.b[split] = greedy ? exit : body;
  }

  private iteration(node: RepeatNode, checked: boolean): void {
    let register = -1;
    if (checked) {
      register = this.captureSlots + this.registers++;
      this.emit(Op.ENTER, register);
      this.loops = [...this.loops, register];
    }
    if (this.captures && node.endGroup > node.firstGroup)
      this.emit(Op.RESET, 2 * node.firstGroup, 2 * node.endGroup);
    this.node(node.body);
    if (checked) {
      this.emit(Op.CHECK, register);
      this.loops = this.loops.slice(0, -1);
    }
  }

  finish(anchored: boolean): Program {
    const count = this.op.length;
    const slots = this.captureSlots + this.registers;
    const stateBase = new Int32Array(count);
    const enclStart = new Int32Array(count + 1);
    const encl: number[] = [];
    let states = 0;
    let stack = 1;
    for (let pc = 0; pc < count; pc++) {
      const loops = this.enclosing[pc];
      stateBase[pc] = states;
      enclStart[pc] = encl.length;
      encl.push(...loops);
      const variants = loops.length + 1;
      states += variants;
      // Stack entries one visit of this state can push (each state is visited once per step).
      const op = this.op[pc];
      if (op === Op.SPLIT) stack += variants;
      else if (op === Op.SAVE || op === Op.ENTER) stack += 2 * variants;
      else if (op === Op.RESET) stack += 2 * (this.b[pc] - this.a[pc]) * variants;
      else if (op === Op.LOOK) {
        const look = this.looks[this.a[pc]];
        stack += 2 * (look.endSlot - look.firstSlot) * variants;
      }
    }
    enclStart[count] = encl.length;
    const waits = new Uint8Array(count);
    for (let pc = 0; pc < count; pc++) {
      const op = this.op[pc];
      const plain = enclStart[pc] === enclStart[pc + 1];
      if (plain && (op === Op.CHAR || op === Op.SET || op === Op.MATCH)) waits[pc] = 1;
    }
    if (states > MAX_LIST_CELLS || states * slots > MAX_LIST_CELLS) throw new Unsupported('too large');
    return {
      op: Int32Array.from(this.op),
      a: Int32Array.from(this.a),
      b: Int32Array.from(this.b),
      sets: this.sets,
      setRanges: this.setRanges,
      looks: this.looks,
      anchored,
      captures: this.captures,
      captureSlots: this.captureSlots,
      slots,
      stateBase,
      enclStart,
      encl: Int32Array.from(encl),
      waits,
      visited: new Int32Array(states),
      generation: 0,
      listA: new Int32Array(states),
      capsA: new Int32Array(states * slots),
      listB: new Int32Array(states),
      capsB: new Int32Array(states * slots),
      scratch: new Int32Array(slots),
      stack: new Int32Array(stack),
      out: new Int32Array(slots),
    };
  }
}

/** Parses `source` and compiles the program of a whole match (group 0 saved around it); throws Unsupported. */
export function compileProgram(
  source: string,
  ignoreCase: boolean,
): { groups: number; ast: Node; program: Program } {
  const parser = new Parser(source);
  const ast = parser.parse();
  const builder = new Builder(2 * (parser.groups + 1), ignoreCase, { instructions: MAX_INSTRUCTIONS });
  builder.emit(Op.SAVE, 0);
  builder.node(ast);
  builder.emit(Op.SAVE, 1);
  builder.emit(Op.MATCH);
  return { groups: parser.groups, ast, program: builder.finish(anchored(ast, Op.BOL)) };
}
