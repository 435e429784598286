import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileSafeRegExp, programView } from '../../src/regex';
import { compileProgram } from '../../src/regex/program';
import { assertSame } from './support';

// Compiling an AST to instructions: the size limits, the lookahead forms, and the layout tests read.

describe('program: what does not compile', () => {
  it('positive lookaheads that capture and can match unboundedly many characters', () => {
    for (const source of ['(?=(a+))', '(?=.*(x))', `(?=(a){${2000}})`, '(?=a(b|c*))']) {
      assert.equal(compileSafeRegExp(source, { ignoreCase: false }), null, source);
    }
    // A captured body that is bounded once more, or not captured, is fine.
    assertSame('(?=(a{1,3}))', '', ['aaaa', 'b']);
    assertSame('(?!(a+))', '', ['aaaa', 'b']);
    assertSame('^(?:(?!\\/|-+).)+', '', ['abc-d', 'ab/c', '-']);
  });

  it('programs that would expand past the size limit', () => {
    assert.equal(compileSafeRegExp('a{99999}', { ignoreCase: false }), null);
    assert.equal(compileSafeRegExp('(?:(?:(?:a{100}){100}){100})', { ignoreCase: false }), null);
    assert.ok(compileSafeRegExp('a{1,500}', { ignoreCase: false }));
  });
});

describe('program: the instructions', () => {
  it('saves group 0 around the pattern, splits for each choice and matches last', () => {
    const view = programView('^a|b?', { ignoreCase: false });
    assert.deepEqual(view?.kind, ['save', 'split', 'bol', 'char', 'jmp', 'split', 'char', 'save', 'match']);
    assert.equal(programView('(a)\\1', { ignoreCase: false }), null);
  });

  it('gives a loop whose body may match empty a register and an empty check', () => {
    const kinds = programView('(?:a?)*', { ignoreCase: false })!.kind;
    assert.ok(kinds.includes('enter') && kinds.includes('check'), kinds.join(' '));
    assert.ok(!programView('(?:a)*', { ignoreCase: false })!.kind.includes('check'));
  });

  it('compiles an unbounded capture-free lookahead to a backward scan, a bounded one to a forward run', () => {
    const { program } = compileProgram('(?=.*x)(?!ab)', false);
    assert.deepEqual(
      program.looks.map((look) => look.scan),
      [true, false],
    );
  });
});
