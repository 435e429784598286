import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import { MAX_JS_SHA1_LENGTH, sha1TagEndAscii } from '../../src/http/sha1';

// The tag's end: 27 base64 characters of the SHA-1 and the closing quote.
const reference = (text: string) =>
  `${crypto.createHash('sha1').update(text, 'utf8').digest('base64').slice(0, 27)}"`;

/** A deterministic printable-ASCII string of `length` characters, varied by `seed`. */
function ascii(length: number, seed: number): string {
  let out = '';
  let x = seed * 2654435761;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out += String.fromCharCode(32 + (x % 95));
  }
  return out;
}

describe('http/sha1', () => {
  it('equals node crypto for every length it accepts, with several contents each', () => {
    for (let length = 0; length <= MAX_JS_SHA1_LENGTH; length++) {
      for (let seed = 1; seed <= 4; seed++) {
        const text = ascii(length, seed);
        assert.equal(sha1TagEndAscii(text), reference(text), `length ${length}, seed ${seed}`);
      }
    }
  });

  it('covers the padding boundaries and the whole ASCII range, control characters included', () => {
    for (const length of [55, 56, 63, 64, 65, 119]) {
      const text = 'x'.repeat(length);
      assert.equal(sha1TagEndAscii(text), reference(text));
    }
    let all = '';
    for (let c = 0; c < 0x80; c++) all += String.fromCharCode(c);
    assert.equal(sha1TagEndAscii(all.slice(0, 119)), reference(all.slice(0, 119)));
    assert.equal(sha1TagEndAscii(''), '2jmj7l5rSw0yVb/vlWAYkK/YBwk"');
    assert.equal(sha1TagEndAscii('hello'), 'qvTGHdzF6KLavt4PO0gs2a6pQ00"');
  });

  it('declines text whose UTF-8 form is not one byte per character, and longer text', () => {
    for (const text of ['é', 'abc\u0080', 'x'.repeat(70) + '€', '\ud83d\ude00', 'lone \ud800']) {
      assert.equal(sha1TagEndAscii(text), undefined, JSON.stringify(text));
    }
    assert.equal(sha1TagEndAscii('x'.repeat(MAX_JS_SHA1_LENGTH + 1)), undefined);
  });

  it('declines a non-ASCII character wherever it stands: full words, the last partial word, either block', () => {
    for (const length of [1, 4, 5, 17, 55, 56, 64, 70, MAX_JS_SHA1_LENGTH]) {
      for (let at = 0; at < length; at++) {
        const text = `${'a'.repeat(at)}\u00ff${'b'.repeat(length - at - 1)}`;
        assert.equal(sha1TagEndAscii(text), undefined, `length ${length}, at ${at}`);
      }
    }
  });
});
