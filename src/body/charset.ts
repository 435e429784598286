/**
 * Turns a request body Buffer into a string for a given charset name. UTF-8, by far the most common,
 * is decoded natively; every other charset goes through iconv-lite, the decoder Express 4's body
 * parsers use, so the same names are accepted (matched loosely: `UTF8`, `utf_8` and `utf-8` are the
 * same) and the same bytes give the same text: UTF-16/32 with BOM detection, UTF-7, CESU-8, the
 * windows-, iso-8859- and DOS code pages, KOI8, Shift_JIS, GBK, Big5, EUC, …. A leading byte-order
 * mark is removed and malformed bytes become U+FFFD instead of throwing.
 * @module
 */
import type { Buffer } from 'node:buffer';
import type iconv from 'iconv-lite';

/** Decodes a complete body. */
export type Decoder = (body: Buffer) => string;

function utf8(body: Buffer): string {
  const bom = body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
  return body.toString('utf8', bom ? 3 : 0);
}

/** iconv-lite's own name normalisation: case, punctuation and a trailing `:yyyy` year do not matter. */
function canonical(name: string): string {
  return name.toLowerCase().replace(/:\d{4}$|[^0-9a-z]/g, '');
}

let iconvModule: typeof iconv | undefined;

/** iconv-lite, loaded with the first charset other than UTF-8 (~5 ms that most apps never need). */
function iconvDecoder(charset: string): Decoder | undefined {
  const lib = (iconvModule ??= require('iconv-lite') as typeof iconv);
  if (!lib.encodingExists(charset)) return undefined;
  return (body) => lib.decode(body, charset);
}

// Charset names come from request headers: only names that resolved are cached, in a bounded map.
const cache = new Map<string, Decoder>();
const CACHE_SIZE = 64;
const MAX_NAME_LENGTH = 64;

/**
 * The decoder for `charset`, or undefined when the charset is unknown.
 * @example
 * getDecoder('UTF-8')?.(Buffer.from('hi')) // 'hi'
 * getDecoder('koi8-r')?.(Buffer.from([0xf0, 0xd2, 0xc9])) // 'При'
 * getDecoder('klingon') // undefined
 */
export function getDecoder(charset: string): Decoder | undefined {
  const cached = cache.get(charset);
  if (cached !== undefined) return cached;
  if (charset.length > MAX_NAME_LENGTH) return undefined;
  const canon = canonical(charset);
  const decoder = canon === 'utf8' || canon === 'unicode11utf8' ? utf8 : iconvDecoder(charset);
  if (decoder !== undefined) {
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(charset, decoder);
  }
  return decoder;
}
