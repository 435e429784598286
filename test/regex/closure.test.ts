import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addThreads, type LookBody } from '../../src/regex/closure';
import { nextGeneration, Op, type Program } from '../../src/regex/instructions';
import { compileProgram } from '../../src/regex/program';

// The one epsilon-closure walk both engines advance by, called directly: threads in priority order,
// duplicates dropped, the thread's slots restored, lookaheads answered by the caller.

const NO_LOOKS: LookBody = () => {
  throw new Error('no lookahead in this program');
};

/** The pcs and slots of the threads the walk from pc 0 at `pos` leaves, in priority order. */
function walk(prog: Program, input: string, pos: number, lookBody = NO_LOOKS) {
  nextGeneration(prog);
  prog.scratch.fill(-1);
  const before = Array.from(prog.scratch);
  const count = addThreads(prog, prog.listA, prog.capsA, 0, 0, pos, input, input.length, 1, lookBody);
  assert.deepEqual(Array.from(prog.scratch), before, 'the walk restores the slots it changed');
  const threads: { pc: number; slots: number[] }[] = [];
  for (let t = 0; t < count; t++) {
    threads.push({
      pc: prog.listA[t],
      slots: Array.from(prog.capsA.subarray(t * prog.slots, t * prog.slots + prog.captureSlots)),
    });
  }
  return threads;
}

describe('closure: the epsilon-closure walk', () => {
  it('leaves the waiting threads in priority order, each with the captures of its path', () => {
    const { program } = compileProgram('(a)|(b)|', false);
    const threads = walk(program, 'x', 0);
    assert.deepEqual(
      threads.map(({ pc }) => program.op[pc]),
      [Op.CHAR, Op.CHAR, Op.MATCH],
    );
    assert.deepEqual(
      threads.map(({ pc }) => String.fromCharCode(program.a[pc])),
      ['a', 'b', String.fromCharCode(program.a[threads[2].pc])],
    );
    // Group 1 opened for 'a', group 2 for 'b', the empty alternative ends the match with neither.
    assert.deepEqual(threads[0].slots, [0, -1, 0, -1, -1, -1]);
    assert.deepEqual(threads[1].slots, [0, -1, -1, -1, 0, -1]);
    assert.deepEqual(threads[2].slots, [0, 0, -1, -1, -1, -1]);
  });

  it('drops a thread state reached again in the same step (a lower-priority duplicate)', () => {
    const { program } = compileProgram('(?:a|a)|a', false);
    assert.equal(walk(program, 'a', 0).length, 3);
    const { program: loop } = compileProgram('(?:x*)*y', false);
    // The inner and outer loops reach 'x' and 'y' by several paths: each state is kept once.
    const pcs = walk(loop, 'y', 0).map(({ pc }) => pc);
    assert.equal(new Set(pcs).size, pcs.length);
  });

  it('fails an iteration that would match empty (the empty check) and tests ^, $ and \\b', () => {
    const { program } = compileProgram('(?:a?)*$', false);
    // At the end of the input: the loop's empty iteration fails, so MATCH is reached once, by the exit.
    assert.equal(walk(program, '', 0).filter(({ pc }) => program.op[pc] === Op.MATCH).length, 1);
    const { program: anchors } = compileProgram('^a|\\bb', false);
    assert.equal(walk(anchors, 'xb', 1).length, 0);
    assert.equal(walk(anchors, 'x b', 2).length, 1);
    assert.equal(walk(anchors, 'ab', 0).length, 2);
  });

  it('asks the caller whether a lookahead body matches, and applies its sign', () => {
    const { program } = compileProgram('(?!x)a|(?=y)b', false);
    const asked: number[] = [];
    const threads = walk(program, 'q', 0, (_look, _input, _length, pos) => {
      asked.push(pos);
      return true;
    });
    // Both bodies "match" here: the negative lookahead fails its path, the positive one lets 'b' wait.
    assert.deepEqual(asked, [0, 0]);
    assert.deepEqual(
      threads.map(({ pc }) => String.fromCharCode(program.a[pc])),
      ['b'],
    );
  });
});

describe('closure: the visited set', () => {
  it('starts over from an empty set when the generation counter would overflow', () => {
    const { program } = compileProgram('a', false);
    program.visited.fill(0x7fffffff);
    program.generation = 0x7fffffff;
    nextGeneration(program);
    assert.equal(program.generation, 1);
    assert.ok(program.visited.every((mark) => mark === 0));
    assert.equal(walk(program, 'a', 0).length, 1);
  });
});
