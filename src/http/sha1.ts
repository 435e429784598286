/**
 * SHA-1 of a short ASCII string, in JavaScript, as the first 27 characters of its base64 form (what an
 * entity tag keeps) followed by the tag's closing quote. For the small JSON bodies most responses have,
 * this beats node's one-shot crypto.hash inside a loaded server: the native call's fixed cost (binding
 * transition, digest context set-up and teardown) is paid again with cold caches on every request,
 * while this code stays hot. Longer or non-ASCII bodies go to crypto, where the per-byte speed of native
 * code wins.
 *
 * Not for security: ETags only need SHA-1 because Express 4's tags are SHA-1, and clients holding
 * tags issued by an Express app should keep validating them.
 * @module
 */

/** Longest string hashed here: two 64-byte blocks with the 9 bytes of padding and length. */
export const MAX_JS_SHA1_LENGTH = 119;

const block = new Int32Array(16);
const state = new Int32Array(5);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const codes = new Uint16Array(64);
for (let i = 0; i < 64; i++) codes[i] = ALPHABET.charCodeAt(i);

/**
 * The end of an entity tag for `text`: the first 27 base64 characters of the SHA-1 of its bytes and the
 * closing `"`, or undefined when `text` is longer than MAX_JS_SHA1_LENGTH or has a character outside
 * ASCII (whose UTF-8 form is not one byte). The caller prepends `"<length hex>-` (and `W/`): one short
 * concatenation instead of a template around a separate hash string.
 * @example
 * sha1TagEndAscii('hello') // 'qvTGHdzF6KLavt4PO0gs2a6pQ00"'
 */
export function sha1TagEndAscii(text: string): string | undefined {
  const length = text.length;
  if (length > MAX_JS_SHA1_LENGTH) return undefined;
  const w = block;
  const h = state;
  h[0] = 0x67452301;
  h[1] = -271733879; // 0xefcdab89
  h[2] = -1732584194; // 0x98badcfe
  h[3] = 0x10325476;
  h[4] = -1009589776; // 0xc3d2e1f0
  // Words are numbered across blocks: word t goes to w[t & 15], and a block is compressed when its
  // 16th word is in. Non-ASCII is checked once, on the OR of every character.
  const full = length >>> 2;
  let ascii = 0;
  let t = 0;
  for (; t < full; t++) {
    const p = t << 2;
    const c0 = text.charCodeAt(p);
    const c1 = text.charCodeAt(p + 1);
    const c2 = text.charCodeAt(p + 2);
    const c3 = text.charCodeAt(p + 3);
    ascii |= c0 | c1 | c2 | c3;
    w[t & 15] = (c0 << 24) | (c1 << 16) | (c2 << 8) | c3;
    if ((t & 15) === 15) compress(w, h);
  }
  // The word holding the last 0-3 bytes, then the 0x80 terminator.
  const p = t << 2;
  let word: number;
  switch (length & 3) {
    case 0:
      word = -0x80000000;
      break;
    case 1: {
      const c0 = text.charCodeAt(p);
      ascii |= c0;
      word = (c0 << 24) | 0x800000;
      break;
    }
    case 2: {
      const c0 = text.charCodeAt(p);
      const c1 = text.charCodeAt(p + 1);
      ascii |= c0 | c1;
      word = (c0 << 24) | (c1 << 16) | 0x8000;
      break;
    }
    default: {
      const c0 = text.charCodeAt(p);
      const c1 = text.charCodeAt(p + 1);
      const c2 = text.charCodeAt(p + 2);
      ascii |= c0 | c1 | c2;
      word = (c0 << 24) | (c1 << 16) | (c2 << 8) | 0x80;
    }
  }
  if (ascii > 0x7f) return undefined;
  w[t & 15] = word;
  if ((t & 15) === 15) compress(w, h);
  // Zeros up to the 64-bit length that ends the last block (lengths here fit in 32 bits).
  const lengthWord = length < 56 ? 15 : 31;
  for (t++; t < lengthWord - 1; t++) {
    w[t & 15] = 0;
    if ((t & 15) === 15) compress(w, h);
  }
  w[14] = 0;
  w[15] = length << 3;
  compress(w, h);
  return tagEnd(h[0], h[1], h[2], h[3], h[4]);
}

/**
 * The first 27 base64 characters of the 160-bit big-endian value a:b:c:d:e (six bits per character,
 * the last one holding the final four bits) and a closing quote, straight from the state words: one
 * call with the 28 codes as arguments, no intermediate byte arrays or strings.
 */
function tagEnd(a: number, b: number, c: number, d: number, e: number): string {
  const C = codes;
  return String.fromCharCode(
    C[a >>> 26],
    C[(a >>> 20) & 63],
    C[(a >>> 14) & 63],
    C[(a >>> 8) & 63],
    C[(a >>> 2) & 63],
    C[((a & 3) << 4) | (b >>> 28)],
    C[(b >>> 22) & 63],
    C[(b >>> 16) & 63],
    C[(b >>> 10) & 63],
    C[(b >>> 4) & 63],
    C[((b & 15) << 2) | (c >>> 30)],
    C[(c >>> 24) & 63],
    C[(c >>> 18) & 63],
    C[(c >>> 12) & 63],
    C[(c >>> 6) & 63],
    C[c & 63],
    C[d >>> 26],
    C[(d >>> 20) & 63],
    C[(d >>> 14) & 63],
    C[(d >>> 8) & 63],
    C[(d >>> 2) & 63],
    C[((d & 3) << 4) | (e >>> 28)],
    C[(e >>> 22) & 63],
    C[(e >>> 16) & 63],
    C[(e >>> 10) & 63],
    C[(e >>> 4) & 63],
    C[(e & 15) << 2],
    0x22, // "
  );
}

/**
 * One 64-byte block of SHA-1 (FIPS 180-4, 6.1.2) folded into the state `h`. Fully unrolled on purpose:
 * the 16-word message schedule lives in locals (w0..w15, each rewritten in place as the schedule
 * advances) and the five working variables change roles from round to round instead of being shifted,
 * so V8 compiles it to plain register arithmetic. The loop form with an 80-word typed array ran about
 * 2.8 times as many instructions per block (bounds checks, loads and stores of the schedule).
 */
function compress(block: Int32Array, h: Int32Array): void {
  let w0 = block[0];
  let w1 = block[1];
  let w2 = block[2];
  let w3 = block[3];
  let w4 = block[4];
  let w5 = block[5];
  let w6 = block[6];
  let w7 = block[7];
  let w8 = block[8];
  let w9 = block[9];
  let w10 = block[10];
  let w11 = block[11];
  let w12 = block[12];
  let w13 = block[13];
  let w14 = block[14];
  let w15 = block[15];
  let a = h[0];
  let b = h[1];
  let c = h[2];
  let d = h[3];
  let e = h[4];
  let x = 0;
  e = (((a << 5) | (a >>> 27)) + (d ^ (b & (c ^ d))) + e + 0x5a827999 + w0) | 0;
  b = (b << 30) | (b >>> 2);
  d = (((e << 5) | (e >>> 27)) + (c ^ (a & (b ^ c))) + d + 0x5a827999 + w1) | 0;
  a = (a << 30) | (a >>> 2);
  c = (((d << 5) | (d >>> 27)) + (b ^ (e & (a ^ b))) + c + 0x5a827999 + w2) | 0;
  e = (e << 30) | (e >>> 2);
  b = (((c << 5) | (c >>> 27)) + (a ^ (d & (e ^ a))) + b + 0x5a827999 + w3) | 0;
  d = (d << 30) | (d >>> 2);
  a = (((b << 5) | (b >>> 27)) + (e ^ (c & (d ^ e))) + a + 0x5a827999 + w4) | 0;
  c = (c << 30) | (c >>> 2);
  e = (((a << 5) | (a >>> 27)) + (d ^ (b & (c ^ d))) + e + 0x5a827999 + w5) | 0;
  b = (b << 30) | (b >>> 2);
  d = (((e << 5) | (e >>> 27)) + (c ^ (a & (b ^ c))) + d + 0x5a827999 + w6) | 0;
  a = (a << 30) | (a >>> 2);
  c = (((d << 5) | (d >>> 27)) + (b ^ (e & (a ^ b))) + c + 0x5a827999 + w7) | 0;
  e = (e << 30) | (e >>> 2);
  b = (((c << 5) | (c >>> 27)) + (a ^ (d & (e ^ a))) + b + 0x5a827999 + w8) | 0;
  d = (d << 30) | (d >>> 2);
  a = (((b << 5) | (b >>> 27)) + (e ^ (c & (d ^ e))) + a + 0x5a827999 + w9) | 0;
  c = (c << 30) | (c >>> 2);
  e = (((a << 5) | (a >>> 27)) + (d ^ (b & (c ^ d))) + e + 0x5a827999 + w10) | 0;
  b = (b << 30) | (b >>> 2);
  d = (((e << 5) | (e >>> 27)) + (c ^ (a & (b ^ c))) + d + 0x5a827999 + w11) | 0;
  a = (a << 30) | (a >>> 2);
  c = (((d << 5) | (d >>> 27)) + (b ^ (e & (a ^ b))) + c + 0x5a827999 + w12) | 0;
  e = (e << 30) | (e >>> 2);
  b = (((c << 5) | (c >>> 27)) + (a ^ (d & (e ^ a))) + b + 0x5a827999 + w13) | 0;
  d = (d << 30) | (d >>> 2);
  a = (((b << 5) | (b >>> 27)) + (e ^ (c & (d ^ e))) + a + 0x5a827999 + w14) | 0;
  c = (c << 30) | (c >>> 2);
  e = (((a << 5) | (a >>> 27)) + (d ^ (b & (c ^ d))) + e + 0x5a827999 + w15) | 0;
  b = (b << 30) | (b >>> 2);
  x = w13 ^ w8 ^ w2 ^ w0;
  w0 = (x << 1) | (x >>> 31);
  d = (((e << 5) | (e >>> 27)) + (c ^ (a & (b ^ c))) + d + 0x5a827999 + w0) | 0;
  a = (a << 30) | (a >>> 2);
  x = w14 ^ w9 ^ w3 ^ w1;
  w1 = (x << 1) | (x >>> 31);
  c = (((d << 5) | (d >>> 27)) + (b ^ (e & (a ^ b))) + c + 0x5a827999 + w1) | 0;
  e = (e << 30) | (e >>> 2);
  x = w15 ^ w10 ^ w4 ^ w2;
  w2 = (x << 1) | (x >>> 31);
  b = (((c << 5) | (c >>> 27)) + (a ^ (d & (e ^ a))) + b + 0x5a827999 + w2) | 0;
  d = (d << 30) | (d >>> 2);
  x = w0 ^ w11 ^ w5 ^ w3;
  w3 = (x << 1) | (x >>> 31);
  a = (((b << 5) | (b >>> 27)) + (e ^ (c & (d ^ e))) + a + 0x5a827999 + w3) | 0;
  c = (c << 30) | (c >>> 2);

  x = w1 ^ w12 ^ w6 ^ w4;
  w4 = (x << 1) | (x >>> 31);
  e = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + 0x6ed9eba1 + w4) | 0;
  b = (b << 30) | (b >>> 2);
  x = w2 ^ w13 ^ w7 ^ w5;
  w5 = (x << 1) | (x >>> 31);
  d = (((e << 5) | (e >>> 27)) + (a ^ b ^ c) + d + 0x6ed9eba1 + w5) | 0;
  a = (a << 30) | (a >>> 2);
  x = w3 ^ w14 ^ w8 ^ w6;
  w6 = (x << 1) | (x >>> 31);
  c = (((d << 5) | (d >>> 27)) + (e ^ a ^ b) + c + 0x6ed9eba1 + w6) | 0;
  e = (e << 30) | (e >>> 2);
  x = w4 ^ w15 ^ w9 ^ w7;
  w7 = (x << 1) | (x >>> 31);
  b = (((c << 5) | (c >>> 27)) + (d ^ e ^ a) + b + 0x6ed9eba1 + w7) | 0;
  d = (d << 30) | (d >>> 2);
  x = w5 ^ w0 ^ w10 ^ w8;
  w8 = (x << 1) | (x >>> 31);
  a = (((b << 5) | (b >>> 27)) + (c ^ d ^ e) + a + 0x6ed9eba1 + w8) | 0;
  c = (c << 30) | (c >>> 2);
  x = w6 ^ w1 ^ w11 ^ w9;
  w9 = (x << 1) | (x >>> 31);
  e = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + 0x6ed9eba1 + w9) | 0;
  b = (b << 30) | (b >>> 2);
  x = w7 ^ w2 ^ w12 ^ w10;
  w10 = (x << 1) | (x >>> 31);
  d = (((e << 5) | (e >>> 27)) + (a ^ b ^ c) + d + 0x6ed9eba1 + w10) | 0;
  a = (a << 30) | (a >>> 2);
  x = w8 ^ w3 ^ w13 ^ w11;
  w11 = (x << 1) | (x >>> 31);
  c = (((d << 5) | (d >>> 27)) + (e ^ a ^ b) + c + 0x6ed9eba1 + w11) | 0;
  e = (e << 30) | (e >>> 2);
  x = w9 ^ w4 ^ w14 ^ w12;
  w12 = (x << 1) | (x >>> 31);
  b = (((c << 5) | (c >>> 27)) + (d ^ e ^ a) + b + 0x6ed9eba1 + w12) | 0;
  d = (d << 30) | (d >>> 2);
  x = w10 ^ w5 ^ w15 ^ w13;
  w13 = (x << 1) | (x >>> 31);
  a = (((b << 5) | (b >>> 27)) + (c ^ d ^ e) + a + 0x6ed9eba1 + w13) | 0;
  c = (c << 30) | (c >>> 2);
  x = w11 ^ w6 ^ w0 ^ w14;
  w14 = (x << 1) | (x >>> 31);
  e = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + 0x6ed9eba1 + w14) | 0;
  b = (b << 30) | (b >>> 2);
  x = w12 ^ w7 ^ w1 ^ w15;
  w15 = (x << 1) | (x >>> 31);
  d = (((e << 5) | (e >>> 27)) + (a ^ b ^ c) + d + 0x6ed9eba1 + w15) | 0;
  a = (a << 30) | (a >>> 2);
  x = w13 ^ w8 ^ w2 ^ w0;
  w0 = (x << 1) | (x >>> 31);
  c = (((d << 5) | (d >>> 27)) + (e ^ a ^ b) + c + 0x6ed9eba1 + w0) | 0;
  e = (e << 30) | (e >>> 2);
  x = w14 ^ w9 ^ w3 ^ w1;
  w1 = (x << 1) | (x >>> 31);
  b = (((c << 5) | (c >>> 27)) + (d ^ e ^ a) + b + 0x6ed9eba1 + w1) | 0;
  d = (d << 30) | (d >>> 2);
  x = w15 ^ w10 ^ w4 ^ w2;
  w2 = (x << 1) | (x >>> 31);
  a = (((b << 5) | (b >>> 27)) + (c ^ d ^ e) + a + 0x6ed9eba1 + w2) | 0;
  c = (c << 30) | (c >>> 2);
  x = w0 ^ w11 ^ w5 ^ w3;
  w3 = (x << 1) | (x >>> 31);
  e = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + 0x6ed9eba1 + w3) | 0;
  b = (b << 30) | (b >>> 2);
  x = w1 ^ w12 ^ w6 ^ w4;
  w4 = (x << 1) | (x >>> 31);
  d = (((e << 5) | (e >>> 27)) + (a ^ b ^ c) + d + 0x6ed9eba1 + w4) | 0;
  a = (a << 30) | (a >>> 2);
  x = w2 ^ w13 ^ w7 ^ w5;
  w5 = (x << 1) | (x >>> 31);
  c = (((d << 5) | (d >>> 27)) + (e ^ a ^ b) + c + 0x6ed9eba1 + w5) | 0;
  e = (e << 30) | (e >>> 2);
  x = w3 ^ w14 ^ w8 ^ w6;
  w6 = (x << 1) | (x >>> 31);
  b = (((c << 5) | (c >>> 27)) + (d ^ e ^ a) + b + 0x6ed9eba1 + w6) | 0;
  d = (d << 30) | (d >>> 2);
  x = w4 ^ w15 ^ w9 ^ w7;
  w7 = (x << 1) | (x >>> 31);
  a = (((b << 5) | (b >>> 27)) + (c ^ d ^ e) + a + 0x6ed9eba1 + w7) | 0;
  c = (c << 30) | (c >>> 2);

  x = w5 ^ w0 ^ w10 ^ w8;
  w8 = (x << 1) | (x >>> 31);
  e = (((a << 5) | (a >>> 27)) + ((b & c) | (d & (b | c))) + e - 0x70e44324 + w8) | 0;
  b = (b << 30) | (b >>> 2);
  x = w6 ^ w1 ^ w11 ^ w9;
  w9 = (x << 1) | (x >>> 31);
  d = (((e << 5) | (e >>> 27)) + ((a & b) | (c & (a | b))) + d - 0x70e44324 + w9) | 0;
  a = (a << 30) | (a >>> 2);
  x = w7 ^ w2 ^ w12 ^ w10;
  w10 = (x << 1) | (x >>> 31);
  c = (((d << 5) | (d >>> 27)) + ((e & a) | (b & (e | a))) + c - 0x70e44324 + w10) | 0;
  e = (e << 30) | (e >>> 2);
  x = w8 ^ w3 ^ w13 ^ w11;
  w11 = (x << 1) | (x >>> 31);
  b = (((c << 5) | (c >>> 27)) + ((d & e) | (a & (d | e))) + b - 0x70e44324 + w11) | 0;
  d = (d << 30) | (d >>> 2);
  x = w9 ^ w4 ^ w14 ^ w12;
  w12 = (x << 1) | (x >>> 31);
  a = (((b << 5) | (b >>> 27)) + ((c & d) | (e & (c | d))) + a - 0x70e44324 + w12) | 0;
  c = (c << 30) | (c >>> 2);
  x = w10 ^ w5 ^ w15 ^ w13;
  w13 = (x << 1) | (x >>> 31);
  e = (((a << 5) | (a >>> 27)) + ((b & c) | (d & (b | c))) + e - 0x70e44324 + w13) | 0;
  b = (b << 30) | (b >>> 2);
  x = w11 ^ w6 ^ w0 ^ w14;
  w14 = (x << 1) | (x >>> 31);
  d = (((e << 5) | (e >>> 27)) + ((a & b) | (c & (a | b))) + d - 0x70e44324 + w14) | 0;
  a = (a << 30) | (a >>> 2);
  x = w12 ^ w7 ^ w1 ^ w15;
  w15 = (x << 1) | (x >>> 31);
  c = (((d << 5) | (d >>> 27)) + ((e & a) | (b & (e | a))) + c - 0x70e44324 + w15) | 0;
  e = (e << 30) | (e >>> 2);
  x = w13 ^ w8 ^ w2 ^ w0;
  w0 = (x << 1) | (x >>> 31);
  b = (((c << 5) | (c >>> 27)) + ((d & e) | (a & (d | e))) + b - 0x70e44324 + w0) | 0;
  d = (d << 30) | (d >>> 2);
  x = w14 ^ w9 ^ w3 ^ w1;
  w1 = (x << 1) | (x >>> 31);
  a = (((b << 5) | (b >>> 27)) + ((c & d) | (e & (c | d))) + a - 0x70e44324 + w1) | 0;
  c = (c << 30) | (c >>> 2);
  x = w15 ^ w10 ^ w4 ^ w2;
  w2 = (x << 1) | (x >>> 31);
  e = (((a << 5) | (a >>> 27)) + ((b & c) | (d & (b | c))) + e - 0x70e44324 + w2) | 0;
  b = (b << 30) | (b >>> 2);
  x = w0 ^ w11 ^ w5 ^ w3;
  w3 = (x << 1) | (x >>> 31);
  d = (((e << 5) | (e >>> 27)) + ((a & b) | (c & (a | b))) + d - 0x70e44324 + w3) | 0;
  a = (a << 30) | (a >>> 2);
  x = w1 ^ w12 ^ w6 ^ w4;
  w4 = (x << 1) | (x >>> 31);
  c = (((d << 5) | (d >>> 27)) + ((e & a) | (b & (e | a))) + c - 0x70e44324 + w4) | 0;
  e = (e << 30) | (e >>> 2);
  x = w2 ^ w13 ^ w7 ^ w5;
  w5 = (x << 1) | (x >>> 31);
  b = (((c << 5) | (c >>> 27)) + ((d & e) | (a & (d | e))) + b - 0x70e44324 + w5) | 0;
  d = (d << 30) | (d >>> 2);
  x = w3 ^ w14 ^ w8 ^ w6;
  w6 = (x << 1) | (x >>> 31);
  a = (((b << 5) | (b >>> 27)) + ((c & d) | (e & (c | d))) + a - 0x70e44324 + w6) | 0;
  c = (c << 30) | (c >>> 2);
  x = w4 ^ w15 ^ w9 ^ w7;
  w7 = (x << 1) | (x >>> 31);
  e = (((a << 5) | (a >>> 27)) + ((b & c) | (d & (b | c))) + e - 0x70e44324 + w7) | 0;
  b = (b << 30) | (b >>> 2);
  x = w5 ^ w0 ^ w10 ^ w8;
  w8 = (x << 1) | (x >>> 31);
  d = (((e << 5) | (e >>> 27)) + ((a & b) | (c & (a | b))) + d - 0x70e44324 + w8) | 0;
  a = (a << 30) | (a >>> 2);
  x = w6 ^ w1 ^ w11 ^ w9;
  w9 = (x << 1) | (x >>> 31);
  c = (((d << 5) | (d >>> 27)) + ((e & a) | (b & (e | a))) + c - 0x70e44324 + w9) | 0;
  e = (e << 30) | (e >>> 2);
  x = w7 ^ w2 ^ w12 ^ w10;
  w10 = (x << 1) | (x >>> 31);
  b = (((c << 5) | (c >>> 27)) + ((d & e) | (a & (d | e))) + b - 0x70e44324 + w10) | 0;
  d = (d << 30) | (d >>> 2);
  x = w8 ^ w3 ^ w13 ^ w11;
  w11 = (x << 1) | (x >>> 31);
  a = (((b << 5) | (b >>> 27)) + ((c & d) | (e & (c | d))) + a - 0x70e44324 + w11) | 0;
  c = (c << 30) | (c >>> 2);

  x = w9 ^ w4 ^ w14 ^ w12;
  w12 = (x << 1) | (x >>> 31);
  e = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e - 0x359d3e2a + w12) | 0;
  b = (b << 30) | (b >>> 2);
  x = w10 ^ w5 ^ w15 ^ w13;
  w13 = (x << 1) | (x >>> 31);
  d = (((e << 5) | (e >>> 27)) + (a ^ b ^ c) + d - 0x359d3e2a + w13) | 0;
  a = (a << 30) | (a >>> 2);
  x = w11 ^ w6 ^ w0 ^ w14;
  w14 = (x << 1) | (x >>> 31);
  c = (((d << 5) | (d >>> 27)) + (e ^ a ^ b) + c - 0x359d3e2a + w14) | 0;
  e = (e << 30) | (e >>> 2);
  x = w12 ^ w7 ^ w1 ^ w15;
  w15 = (x << 1) | (x >>> 31);
  b = (((c << 5) | (c >>> 27)) + (d ^ e ^ a) + b - 0x359d3e2a + w15) | 0;
  d = (d << 30) | (d >>> 2);
  x = w13 ^ w8 ^ w2 ^ w0;
  w0 = (x << 1) | (x >>> 31);
  a = (((b << 5) | (b >>> 27)) + (c ^ d ^ e) + a - 0x359d3e2a + w0) | 0;
  c = (c << 30) | (c >>> 2);
  x = w14 ^ w9 ^ w3 ^ w1;
  w1 = (x << 1) | (x >>> 31);
  e = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e - 0x359d3e2a + w1) | 0;
  b = (b << 30) | (b >>> 2);
  x = w15 ^ w10 ^ w4 ^ w2;
  w2 = (x << 1) | (x >>> 31);
  d = (((e << 5) | (e >>> 27)) + (a ^ b ^ c) + d - 0x359d3e2a + w2) | 0;
  a = (a << 30) | (a >>> 2);
  x = w0 ^ w11 ^ w5 ^ w3;
  w3 = (x << 1) | (x >>> 31);
  c = (((d << 5) | (d >>> 27)) + (e ^ a ^ b) + c - 0x359d3e2a + w3) | 0;
  e = (e << 30) | (e >>> 2);
  x = w1 ^ w12 ^ w6 ^ w4;
  w4 = (x << 1) | (x >>> 31);
  b = (((c << 5) | (c >>> 27)) + (d ^ e ^ a) + b - 0x359d3e2a + w4) | 0;
  d = (d << 30) | (d >>> 2);
  x = w2 ^ w13 ^ w7 ^ w5;
  w5 = (x << 1) | (x >>> 31);
  a = (((b << 5) | (b >>> 27)) + (c ^ d ^ e) + a - 0x359d3e2a + w5) | 0;
  c = (c << 30) | (c >>> 2);
  x = w3 ^ w14 ^ w8 ^ w6;
  w6 = (x << 1) | (x >>> 31);
  e = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e - 0x359d3e2a + w6) | 0;
  b = (b << 30) | (b >>> 2);
  x = w4 ^ w15 ^ w9 ^ w7;
  w7 = (x << 1) | (x >>> 31);
  d = (((e << 5) | (e >>> 27)) + (a ^ b ^ c) + d - 0x359d3e2a + w7) | 0;
  a = (a << 30) | (a >>> 2);
  x = w5 ^ w0 ^ w10 ^ w8;
  w8 = (x << 1) | (x >>> 31);
  c = (((d << 5) | (d >>> 27)) + (e ^ a ^ b) + c - 0x359d3e2a + w8) | 0;
  e = (e << 30) | (e >>> 2);
  x = w6 ^ w1 ^ w11 ^ w9;
  w9 = (x << 1) | (x >>> 31);
  b = (((c << 5) | (c >>> 27)) + (d ^ e ^ a) + b - 0x359d3e2a + w9) | 0;
  d = (d << 30) | (d >>> 2);
  x = w7 ^ w2 ^ w12 ^ w10;
  w10 = (x << 1) | (x >>> 31);
  a = (((b << 5) | (b >>> 27)) + (c ^ d ^ e) + a - 0x359d3e2a + w10) | 0;
  c = (c << 30) | (c >>> 2);
  x = w8 ^ w3 ^ w13 ^ w11;
  w11 = (x << 1) | (x >>> 31);
  e = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e - 0x359d3e2a + w11) | 0;
  b = (b << 30) | (b >>> 2);
  x = w9 ^ w4 ^ w14 ^ w12;
  w12 = (x << 1) | (x >>> 31);
  d = (((e << 5) | (e >>> 27)) + (a ^ b ^ c) + d - 0x359d3e2a + w12) | 0;
  a = (a << 30) | (a >>> 2);
  x = w10 ^ w5 ^ w15 ^ w13;
  w13 = (x << 1) | (x >>> 31);
  c = (((d << 5) | (d >>> 27)) + (e ^ a ^ b) + c - 0x359d3e2a + w13) | 0;
  e = (e << 30) | (e >>> 2);
  x = w11 ^ w6 ^ w0 ^ w14;
  w14 = (x << 1) | (x >>> 31);
  b = (((c << 5) | (c >>> 27)) + (d ^ e ^ a) + b - 0x359d3e2a + w14) | 0;
  d = (d << 30) | (d >>> 2);
  x = w12 ^ w7 ^ w1 ^ w15;
  w15 = (x << 1) | (x >>> 31);
  a = (((b << 5) | (b >>> 27)) + (c ^ d ^ e) + a - 0x359d3e2a + w15) | 0;
  c = (c << 30) | (c >>> 2);

  h[0] = (h[0] + a) | 0;
  h[1] = (h[1] + b) | 0;
  h[2] = (h[2] + c) | 0;
  h[3] = (h[3] + d) | 0;
  h[4] = (h[4] + e) | 0;
}
