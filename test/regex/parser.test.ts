import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileSafeRegExp } from '../../src/regex';
import { Kind } from '../../src/regex/ast';
import { Unsupported } from '../../src/regex/limits';
import { Parser } from '../../src/regex/parser';

// The parser: the ECMAScript pattern grammar without `u`, Annex B included, read into an AST; what the
// engine does not run is refused while parsing (the shared table checks what it reads against RegExp).

describe('parser: refusals', () => {
  it('backreferences', () => {
    for (const source of ['(a)\\1', '\\1(a)', '(a)(b)\\2', '(?<x>a)\\k<x>', '((a))\\2']) {
      assert.equal(compileSafeRegExp(source, { ignoreCase: false }), null, source);
      assert.equal(compileSafeRegExp(source, { ignoreCase: true }), null, source);
    }
  });

  it('lookbehind and other group kinds', () => {
    for (const source of ['(?<=a)b', '(?<!a)b', '(?i:a)']) {
      assert.equal(compileSafeRegExp(source, { ignoreCase: false }), null, source);
    }
  });
});

describe('parser: the AST', () => {
  it('counts capture groups as the grammar numbers them, named ones included', () => {
    for (const [source, groups] of [
      ['(a)(?:b)(?<n>c)', 2],
      ['[(](a)\\(', 1],
      ['(?=(a))(?!b)', 1],
      ['', 0],
    ] as const) {
      const parser = new Parser(source);
      parser.parse();
      assert.equal(parser.groups, groups, source);
    }
  });

  it('reads a quantifier, an Annex B literal brace and an assertion', () => {
    const seq = new Parser('^a{2,}?x{,1}$').parse();
    assert.equal(seq.kind, Kind.SEQ);
    if (seq.kind !== Kind.SEQ) return;
    const [bol, repeat, x, brace] = seq.items;
    assert.equal(bol.kind, Kind.ASSERT);
    assert.deepEqual(repeat, {
      kind: Kind.REPEAT,
      body: { kind: Kind.CHAR, code: 97 },
      min: 2,
      max: Number.POSITIVE_INFINITY,
      greedy: false,
      firstGroup: 1,
      endGroup: 1,
    });
    assert.deepEqual(
      [x, brace],
      [
        { kind: Kind.CHAR, code: 120 },
        { kind: Kind.CHAR, code: 123 },
      ],
    );
  });

  it('throws Unsupported for unbalanced parentheses and a quantifier with nothing to repeat', () => {
    for (const source of ['a)', '*a', '(?<x', '[a']) {
      assert.throws(() => new Parser(source).parse(), Unsupported, source);
    }
  });
});
