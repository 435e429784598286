import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  INVALID_PARAMETERS,
  INVALID_TYPE,
  type MediaTypeRules,
  normalizeMediaType,
  parseMediaType,
  scanMediaType,
} from '../../src/http/media-type';
import { cpuClock } from '../support/cpu-time';

// media-typer@0.3, which Express 4's type-is uses to normalise Content-Type.
const typer = require('media-typer');

function reference(value: string): string | null {
  try {
    const parsed = typer.parse(value);
    parsed.parameters = undefined;
    return typer.format(parsed);
  } catch {
    return null;
  }
}

const VALUES = [
  'text/html',
  'TEXT/HTML',
  ' text/html ',
  'text/html; charset=utf-8',
  'text/html;charset=utf-8',
  'text/html ; charset=utf-8',
  'text/html;  charset = "utf-8"  ',
  'text/html; charset="a\\"b"; x=y',
  'text/html;',
  'text/html; ',
  'text/html; charset',
  'text/html; charset=',
  'text/html; charset="open',
  'text/html; charset=utf-8;',
  'text/html; a=b c',
  'application/vnd.api+json',
  'application/vnd.api+json; charset=utf-8',
  'application/json+',
  'application/a+b+c',
  'application/a.b+c.d',
  'application/+json',
  'image/svg+xml',
  'text',
  'text/',
  '/html',
  'te xt/html',
  'text/ht ml',
  'text/html/x',
  '*/*',
  'text/*',
  '-text/html',
  `a/${'b'.repeat(126)}`,
  `a/${'b'.repeat(127)}`,
  `${'a'.repeat(127)}/b`,
  `${'a'.repeat(128)}/b`,
  'multipart/form-data; boundary=----x',
  'text/plain; charset="\\\u00e9"',
  'text/plain; charset="\u00e9"',
  'text/plain; charset="\u0100"',
  'text/plain\tx',
  '',
];

describe('http/media-type normalizeMediaType', () => {
  for (const value of VALUES) {
    it(`matches media-typer@0.3 for ${JSON.stringify(value)}`, () => {
      assert.equal(normalizeMediaType(value), reference(value));
    });
  }

  it('returns null for non-strings', () => {
    assert.equal(normalizeMediaType(undefined), null);
    assert.equal(normalizeMediaType(['text/html']), null);
  });

  it('is linear on long malformed input', () => {
    const value = `text/plain${'; a="b\\'.repeat(100_000)}`;
    const start = cpuClock();
    assert.equal(normalizeMediaType(value), null);
    assert.equal(normalizeMediaType(`text/plain${'; a=b'.repeat(100_000)}`), 'text/plain');
    assert.ok(start() < 500);
  });
});

describe('http/media-type parseMediaType', () => {
  it('returns the type and unquoted parameters with lower-case names', () => {
    const parsed = parseMediaType('Text/HTML; Charset="utf\\-8"; q=1');
    assert.equal(parsed?.type, 'text/html');
    assert.deepEqual({ ...parsed?.parameters }, { charset: 'utf-8', q: '1' });
  });

  it('stores parameters on a null-prototype object', () => {
    const parsed = parseMediaType('text/plain; __proto__=x; constructor=y');
    assert.equal(Object.getPrototypeOf(parsed?.parameters), null);
    assert.equal(Object.getOwnPropertyDescriptor(parsed?.parameters, '__proto__')?.value, 'x');
    assert.equal(({} as any).x, undefined);
  });
});

describe('scanMediaType: the one type/subtype; params parser, under either reading', () => {
  const rules: MediaTypeRules = {
    essence: (text, start, end) => (text.slice(start, end) === 'a/b' ? 'a/b' : null),
    quoted: { plain: (c) => c === 0x78, escaped: () => false },
  };

  it('takes its essence and quoted-value rules from the caller', () => {
    const parsed = scanMediaType('a/b; q="xx"', rules);
    assert.ok(typeof parsed === 'object');
    assert.equal(parsed.type, 'a/b');
    assert.deepEqual({ ...parsed.parameters }, { q: 'xx' });
    assert.equal(scanMediaType('a/b; q="y"', rules), INVALID_PARAMETERS);
  });

  it('reports a bad essence before looking at the parameters', () => {
    assert.equal(scanMediaType('a/c; ;;', rules), INVALID_TYPE);
    assert.equal(scanMediaType('a/b; ;;', rules), INVALID_PARAMETERS);
  });
});
