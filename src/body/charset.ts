/**
 * Turns a request body Buffer into a string for a given charset name. Charset names are matched
 * loosely, the way Express 4's body parsers do (`UTF8`, `utf_8` and `utf-8` are the same), a leading
 * byte-order mark is removed for Unicode charsets, and malformed bytes become U+FFFD instead of
 * throwing. Unicode and Latin-1/ASCII go through Buffer's native decoders; everything else the WHATWG
 * Encoding Standard knows (windows-125x, iso-8859-x, koi8, Shift_JIS, GBK, Big5, EUC, …) goes through
 * TextDecoder.
 * @module
 */
import { TextDecoder } from 'node:util';

/** Decodes a complete body. */
export type Decoder = (body: Buffer) => string;

function utf8(body: Buffer): string {
  const bom = body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
  return body.toString('utf8', bom ? 3 : 0);
}

function utf16le(body: Buffer): string {
  const bom = body.length >= 2 && body[0] === 0xff && body[1] === 0xfe;
  return body.toString('utf16le', bom ? 2 : 0);
}

function utf16be(body: Buffer): string {
  // Swap a copy into little-endian order; a trailing odd byte cannot form a code unit and is dropped.
  const even = body.length & ~1;
  const swapped = Buffer.allocUnsafe(even);
  body.copy(swapped, 0, 0, even);
  swapped.swap16();
  const bom = even >= 2 && swapped[0] === 0xff && swapped[1] === 0xfe;
  return swapped.toString('utf16le', bom ? 2 : 0);
}

/**
 * UTF-16 without a stated byte order: a BOM decides; otherwise guess from where the zero bytes of
 * ASCII characters sit in the first 64 bytes, defaulting to little-endian.
 */
function utf16(body: Buffer): string {
  if (body.length >= 2) {
    if (body[0] === 0xfe && body[1] === 0xff) return utf16be(body);
    if (body[0] === 0xff && body[1] === 0xfe) return utf16le(body);
    let asciiBE = 0;
    let asciiLE = 0;
    const end = Math.min(body.length & ~1, 64);
    for (let i = 0; i < end; i += 2) {
      if (body[i] === 0 && body[i + 1] !== 0) asciiBE++;
      if (body[i] !== 0 && body[i + 1] === 0) asciiLE++;
    }
    if (asciiBE > asciiLE) return utf16be(body);
  }
  return utf16le(body);
}

function latin1(body: Buffer): string {
  return body.toString('latin1');
}

const NON_ASCII = /[\u0080-\u00ff]/g;

function ascii(body: Buffer): string {
  // Bytes above 0x7f are not ASCII characters: replace them rather than guess a code page.
  return body.toString('latin1').replace(NON_ASCII, '\ufffd');
}

// windows-1252 differs from Latin-1 only in 0x80–0x9f (undefined positions decode to U+FFFD). It is
// decoded here because TextDecoder of Node 20 mishandles this one encoding.
const CP1252_HIGH = '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ';
const C1_CONTROLS = /[\u0080-\u009f]/g;

function windows1252(body: Buffer): string {
  return body.toString('latin1').replace(C1_CONTROLS, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80]);
}

function base64(body: Buffer): string {
  return body.toString('base64');
}

function hex(body: Buffer): string {
  return body.toString('hex');
}

/** Decoders by canonical name (lower-case letters and digits only). */
const NATIVE = new Map<string, Decoder>([
  ['utf8', utf8],
  ['unicode11utf8', utf8],
  ['utf16le', utf16le],
  ['ucs2', utf16le],
  ['utf16be', utf16be],
  ['utf16', utf16],
  ['latin1', latin1],
  ['binary', latin1],
  ['iso88591', latin1],
  ['l1', latin1],
  ['cp819', latin1],
  ['ibm819', latin1],
  ['csisolatin1', latin1],
  ['isoir100', latin1],
  ['ascii', ascii],
  ['usascii', ascii],
  ['us', ascii],
  ['ascii8bit', ascii],
  ['ansix34', ascii],
  ['ansix341968', ascii],
  ['ansix341986', ascii],
  ['csascii', ascii],
  ['cp367', ascii],
  ['ibm367', ascii],
  ['isoir6', ascii],
  ['iso646us', ascii],
  ['iso646irv', ascii],
  ['windows1252', windows1252],
  ['cp1252', windows1252],
  ['win1252', windows1252],
  ['msansi', windows1252],
  ['1252', windows1252],
  ['base64', base64],
  ['hex', hex],
]);

/** `ISO_8859-1:1987` → `iso88591`: case, punctuation and a trailing `:yyyy` year do not matter. */
function canonical(name: string): string {
  return name
    .toLowerCase()
    .replace(/:\d{4}$/, '')
    .replace(/[^0-9a-z]/g, '');
}

/** WHATWG labels a canonical name may stand for (the Encoding Standard wants the punctuation). */
function whatwgLabels(name: string, canon: string): string[] {
  const labels = [name.trim().toLowerCase(), canon];
  let digits = /^(?:windows|win)?(\d{3,4})$/.exec(canon);
  if (digits) labels.push(`windows-${digits[1]}`);
  digits = /^iso8859(\d{1,2})$/.exec(canon);
  if (digits) labels.push(`iso-8859-${digits[1]}`);
  switch (canon) {
    case 'shiftjis':
    case 'sjis':
      labels.push('shift_jis');
      break;
    case 'eucjp':
      labels.push('euc-jp');
      break;
    case 'euckr':
      labels.push('euc-kr');
      break;
    case 'koi8r':
      labels.push('koi8-r');
      break;
    case 'koi8u':
      labels.push('koi8-u');
      break;
    case 'big5hkscs':
      labels.push('big5-hkscs');
      break;
  }
  return labels;
}

function textDecoderFor(name: string, canon: string): Decoder | undefined {
  for (const label of whatwgLabels(name, canon)) {
    let decoder: TextDecoder;
    try {
      decoder = new TextDecoder(label);
    } catch {
      continue;
    }
    return (body) => decoder.decode(body);
  }
  return undefined;
}

// Charset names come from request headers: only names that resolved are cached, in a bounded map.
const cache = new Map<string, Decoder>();
const CACHE_SIZE = 64;
const MAX_NAME_LENGTH = 64;

/**
 * The decoder for `charset`, or undefined when the charset is unknown.
 * @example
 * getDecoder('UTF-8')?.(Buffer.from('hi')) // 'hi'
 * getDecoder('klingon') // undefined
 */
export function getDecoder(charset: string): Decoder | undefined {
  const cached = cache.get(charset);
  if (cached !== undefined) return cached;
  if (charset.length > MAX_NAME_LENGTH) return undefined;
  const canon = canonical(charset);
  const decoder = NATIVE.get(canon) ?? textDecoderFor(charset, canon);
  if (decoder !== undefined) {
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(charset, decoder);
  }
  return decoder;
}
