import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anchored, maxLength, minLength, trimTail } from '../../src/regex/ast';
import { Op } from '../../src/regex/instructions';
import { Parser } from '../../src/regex/parser';

// The AST's measures: match lengths, anchoring, and the tail a capture-free lookahead may drop.

const ast = (source: string) => new Parser(source).parse();

describe('ast: measures', () => {
  it('bounds the length of a match', () => {
    const cases: [string, number, number][] = [
      ['ab', 2, 2],
      ['a|bcd', 1, 3],
      ['(?:ab){2,3}', 4, 6],
      ['a*b', 1, Number.POSITIVE_INFINITY],
      ['(?:)*x?', 0, 1],
      ['^$(?=a)', 0, 0],
    ];
    for (const [source, least, most] of cases) {
      assert.deepEqual([minLength(ast(source)), maxLength(ast(source))], [least, most], source);
    }
  });

  it('knows a match anchored at the start or at the end, and only then', () => {
    const cases: [string, boolean, boolean][] = [
      ['^a$', true, true],
      ['^a|^b', true, false],
      ['a\\/?$(?=x)', false, true],
      ['(?:^a)+b$|c$', false, true],
      ['(?:^a)*', false, false],
      ['a$b', false, false],
    ];
    for (const [source, start, end] of cases) {
      const node = ast(source);
      assert.deepEqual([anchored(node, Op.BOL), anchored(node, Op.EOL)], [start, end], source);
    }
  });

  it('trims an unbounded tail to its minimum, which matches some prefix wherever the whole does', () => {
    assert.equal(maxLength(trimTail(ast('\\/|-+'))), 1);
    assert.equal(maxLength(trimTail(ast('(a(?:b|c*))'))), 2);
    assert.equal(maxLength(trimTail(ast('a+b'))), Number.POSITIVE_INFINITY);
  });
});
