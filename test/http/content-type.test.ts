import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatContentType, parseContentType } from '../../src/http/content-type';
import { cpuClock } from '../support/cpu-time';

// The package Express 4 uses, as the reference for what is accepted and how it is written.
const reference = require('content-type');

function outcome(fn: () => unknown): unknown {
  try {
    return { ok: JSON.parse(JSON.stringify(fn())) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

const HEADERS = [
  'text/html',
  'Text/HTML',
  '  text/plain  ',
  'text/html; charset=utf-8',
  'text/html;charset=UTF-8',
  'text/html ; charset = "utf-8"',
  'text/html; Charset="a\\"b"',
  'text/html; a=1; b="two words"; A=3',
  'application/json; charset=utf-8; foo',
  'text/html;',
  'text/html; charset="unterminated',
  'text/html; charset=a b',
  'text/html; =x',
  'text/html; charset="\u00e9"',
  'text/html; charset="\u0100"',
  'text/html; x="\\\u00ff"',
  'text/html; x="a\\\nb"',
  'text',
  'text/',
  '/html',
  'text/ht ml',
  'text/html\r\nX: y',
  '',
];

describe('http/content-type parseContentType', () => {
  for (const header of HEADERS) {
    it(`matches the content-type package for ${JSON.stringify(header)}`, () => {
      const ours = outcome(() => parseContentType(header));
      const theirs = outcome(() => reference.parse(header));
      assert.deepEqual(ours, theirs);
    });
  }

  it('returns parameters on a null-prototype object (no pollution through __proto__)', () => {
    const parsed = parseContentType('text/plain; __proto__=x; constructor=y');
    assert.equal(Object.getPrototypeOf(parsed.parameters), null);
    assert.equal(Object.getOwnPropertyDescriptor(parsed.parameters, '__proto__')?.value, 'x');
    assert.equal(({} as any).x, undefined);
  });

  it('scans a long malformed parameter list in linear time', () => {
    const header = `text/plain${'; a="b'.repeat(20000)}`;
    const start = cpuClock();
    assert.throws(() => parseContentType(header), /invalid parameter format/);
    assert.ok(start() < 200);
  });
});

describe('http/content-type formatContentType', () => {
  const CASES: Array<{ type: string; parameters?: Record<string, string> }> = [
    { type: 'text/html' },
    { type: 'text/html', parameters: { charset: 'utf-8' } },
    { type: 'text/html', parameters: { b: '2', a: '1' } },
    { type: 'text/html', parameters: { q: 'two words', e: '', s: 'a"b\\c' } },
    { type: 'text/html', parameters: { 'bad name': 'x' } },
    { type: 'text/html', parameters: { x: 'line\nbreak' } },
    { type: 'text html' },
    { type: '' },
  ];
  for (const obj of CASES) {
    it(`matches the content-type package for ${JSON.stringify(obj)}`, () => {
      assert.deepEqual(
        outcome(() => formatContentType(obj as any)),
        outcome(() => reference.format(obj)),
      );
    });
  }
});
