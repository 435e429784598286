/**
 * SHA-1 of a short ASCII string, in JavaScript, as the first 27 characters of its base64 form (what a
 * weak ETag keeps). For the small JSON bodies most responses have, this beats node's one-shot
 * crypto.hash inside a loaded server: the native call's fixed cost (binding transition, digest context
 * set-up and teardown) is paid again with cold caches on every request, while this code stays hot.
 * Longer or non-ASCII bodies go to crypto, where the per-byte speed of native code wins.
 *
 * Not for security: ETags only need SHA-1 because Express 4's tags are SHA-1, and clients holding
 * tags issued by an Express app should keep validating them.
 * @module
 */

/** Longest string hashed here: two 64-byte blocks with the 9 bytes of padding and length. */
export const MAX_JS_SHA1_LENGTH = 119;

const schedule = new Int32Array(80);
const digest = new Uint8Array(20);
const sextets = new Uint8Array(27);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const alphabet = new Uint16Array(64);
for (let i = 0; i < 64; i++) alphabet[i] = ALPHABET.charCodeAt(i);

/**
 * The first 27 base64 characters of the SHA-1 of `text`'s bytes, or undefined when `text` is longer
 * than MAX_JS_SHA1_LENGTH or has a character outside ASCII (whose UTF-8 form is not one byte).
 * @example
 * sha1Base64Ascii('hello') // 'qvTGHdzF6KLavt4PO0gs2a6pQ00'
 */
export function sha1Base64Ascii(text: string): string | undefined {
  const length = text.length;
  if (length > MAX_JS_SHA1_LENGTH) return undefined;
  const w = schedule;
  const blocks = ((length + 8) >>> 6) + 1;
  let h0 = 0x67452301;
  let h1 = -271733879; // 0xefcdab89
  let h2 = -1732584194; // 0x98badcfe
  let h3 = 0x10325476;
  let h4 = -1009589776; // 0xc3d2e1f0
  for (let block = 0; block < blocks; block++) {
    const base = block << 6;
    for (let t = 0; t < 16; t++) {
      const p = base + (t << 2);
      if (p + 3 < length) {
        const c0 = text.charCodeAt(p);
        const c1 = text.charCodeAt(p + 1);
        const c2 = text.charCodeAt(p + 2);
        const c3 = text.charCodeAt(p + 3);
        if ((c0 | c1 | c2 | c3) > 0x7f) return undefined;
        w[t] = (c0 << 24) | (c1 << 16) | (c2 << 8) | c3;
      } else {
        // The last bytes of the message, then the 0x80 terminator, then zeros.
        let word = 0;
        for (let k = 0; k < 4; k++) {
          const i = p + k;
          let byte = 0;
          if (i < length) {
            byte = text.charCodeAt(i);
            if (byte > 0x7f) return undefined;
          } else if (i === length) {
            byte = 0x80;
          }
          word = (word << 8) | byte;
        }
        w[t] = word;
      }
    }
    if (block === blocks - 1) {
      // The message length in bits, big-endian, in the last 64 bits (lengths here fit in 32).
      w[14] = 0;
      w[15] = length << 3;
    }
    for (let t = 16; t < 80; t++) {
      const x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16];
      w[t] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let tmp = 0;
    for (let t = 0; t < 20; t++) {
      tmp = (((a << 5) | (a >>> 27)) + ((b & c) | (~b & d)) + e + 0x5a827999 + w[t]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = tmp;
    }
    for (let t = 20; t < 40; t++) {
      tmp = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + 0x6ed9eba1 + w[t]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = tmp;
    }
    for (let t = 40; t < 60; t++) {
      tmp = (((a << 5) | (a >>> 27)) + ((b & c) | (b & d) | (c & d)) + e - 0x70e44324 + w[t]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = tmp;
    }
    for (let t = 60; t < 80; t++) {
      tmp = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e - 0x359d3e2a + w[t]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = tmp;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
  }
  writeWord(h0, 0);
  writeWord(h1, 4);
  writeWord(h2, 8);
  writeWord(h3, 12);
  writeWord(h4, 16);
  // Six 3-byte groups give 24 characters; the last two bytes give 3 more (the '=' is dropped).
  const x = sextets;
  let o = 0;
  for (let i = 0; i < 18; i += 3) {
    const n = (digest[i] << 16) | (digest[i + 1] << 8) | digest[i + 2];
    x[o++] = n >>> 18;
    x[o++] = (n >>> 12) & 63;
    x[o++] = (n >>> 6) & 63;
    x[o++] = n & 63;
  }
  const n = (digest[18] << 8) | digest[19];
  x[24] = n >>> 10;
  x[25] = (n >>> 4) & 63;
  x[26] = (n << 2) & 63;
  // One call with the 27 codes as arguments: about half the cost of fromCharCode.apply on a typed array.
  const a = alphabet;
  return String.fromCharCode(
    a[x[0]],
    a[x[1]],
    a[x[2]],
    a[x[3]],
    a[x[4]],
    a[x[5]],
    a[x[6]],
    a[x[7]],
    a[x[8]],
    a[x[9]],
    a[x[10]],
    a[x[11]],
    a[x[12]],
    a[x[13]],
    a[x[14]],
    a[x[15]],
    a[x[16]],
    a[x[17]],
    a[x[18]],
    a[x[19]],
    a[x[20]],
    a[x[21]],
    a[x[22]],
    a[x[23]],
    a[x[24]],
    a[x[25]],
    a[x[26]],
  );
}

function writeWord(value: number, at: number): void {
  digest[at] = value >>> 24;
  digest[at + 1] = value >>> 16;
  digest[at + 2] = value >>> 8;
  digest[at + 3] = value;
}
