import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentDisposition } from '../../src/http/content-disposition';

const reference = require('content-disposition');

function outcome(fn: () => unknown): unknown {
  try {
    return { ok: fn() };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

const NAMES: Array<string | undefined> = [
  undefined,
  '',
  'plans.pdf',
  '/path/to/plans.pdf',
  'dir/',
  'the "final" \\ copy.txt',
  'résumé.pdf',
  'naïve € report.pdf',
  '日本語.txt',
  '\ud83d\ude00.png',
  'it%27s.txt',
  "quote'(paren)*.txt",
  'ctrl\u0085char.txt',
  'evil\r\nSet-Cookie: a=b.txt',
  'tab\there.txt',
  'a;b=c,d.txt',
];

describe('http/content-disposition', () => {
  for (const name of NAMES) {
    it(`matches the content-disposition package for ${JSON.stringify(name)}`, () => {
      assert.deepEqual(
        outcome(() => contentDisposition(name)),
        outcome(() => reference(name)),
      );
    });
  }

  const OPTIONS: Array<[string | undefined, Record<string, unknown>]> = [
    ['€ rates.txt', { fallback: false }],
    ['€ rates.txt', { fallback: 'rates.txt' }],
    ['€ rates.txt', { fallback: '/x/y/rates.txt' }],
    ['€ rates.txt', { fallback: '' }],
    ['rates.txt', { fallback: 'rates.txt' }],
    ['€ rates.txt', { fallback: '€.txt' }],
    ['€ rates.txt', { fallback: 1 }],
    ['plans.pdf', { type: 'inline' }],
    ['plans.pdf', { type: 'INLINE' }],
    [undefined, { type: 'inline' }],
    ['plans.pdf', { type: 'bad type' }],
    ['plans.pdf', { type: '' }],
  ];
  for (const [name, options] of OPTIONS) {
    it(`matches the package with options ${JSON.stringify(options)} for ${JSON.stringify(name)}`, () => {
      assert.deepEqual(
        outcome(() => contentDisposition(name, options as any)),
        outcome(() => reference(name, options)),
      );
    });
  }

  it('refuses a non-string filename', () => {
    assert.throws(() => contentDisposition(42 as any), {
      name: 'TypeError',
      message: 'filename must be a string',
    });
  });

  it('never lets CR or LF through', () => {
    const value = contentDisposition('a\r\nb.txt');
    assert.doesNotMatch(value, /[\r\n]/);
  });
});
