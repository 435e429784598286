import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isTokenChar, parseParameters, type QuotedRules } from '../../src/http/parameters';

const PRINTABLE: QuotedRules = {
  plain: (c) => c >= 0x20 && c <= 0x7e && c !== 0x22 && c !== 0x5c,
  escaped: (c) => c >= 0x20 && c <= 0x7e,
};
const WITH_VT: QuotedRules = {
  plain: (c) => c === 0x0b || PRINTABLE.plain(c),
  escaped: (c) => c === 0x0b || PRINTABLE.escaped(c),
};

function parse(text: string, rules = PRINTABLE): Record<string, string> | false {
  const into: Record<string, string> = Object.create(null);
  return parseParameters(text, text.indexOf(';'), rules, into) ? { ...into } : false;
}

describe('http/parameters', () => {
  it('reads tokens and quoted values, lower-casing names, unescaping values', () => {
    assert.deepEqual(parse('text/plain; Charset=UTF-8;  q = "a \\"b\\" c"'), {
      charset: 'UTF-8',
      q: 'a "b" c',
    });
    assert.deepEqual(parse('a/b;x=1;x=2'), { x: '2' });
    assert.deepEqual(parse('a/b; empty=""'), { empty: '' });
  });

  it('refuses malformed lists', () => {
    for (const text of [
      'a/b;',
      'a/b; =1',
      'a/b; x',
      'a/b; x=',
      'a/b; x="open',
      'a/b; x=1 y=2',
      'a/b; x=@',
      'a/b; x="\\',
    ]) {
      assert.equal(parse(text), false, text);
    }
  });

  it('lets each parser decide what a quoted value may hold', () => {
    assert.equal(parse('a/b; x="\u000b"'), false);
    assert.deepEqual(parse('a/b; x="\u000b"', WITH_VT), { x: '\u000b' });
    assert.equal(parse('a/b; x="\\\u000b"'), false);
    assert.deepEqual(parse('a/b; x="\\\u000b"', WITH_VT), { x: '\u000b' });
  });

  it('knows the RFC 7230 token characters', () => {
    const tokens = "!#$%&'*+-.^_`|~09AZaz";
    for (const ch of tokens) assert.equal(isTokenChar(ch.charCodeAt(0)), true, ch);
    for (const ch of ' "(),/:;<=>?@[\\]{}\u007f\u0080')
      assert.equal(isTokenChar(ch.charCodeAt(0)), false, ch);
  });
});
