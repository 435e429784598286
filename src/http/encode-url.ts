/**
 * Percent-encodes a URL for use in a header or link without double-encoding existing escapes:
 * characters that are not allowed in a URL are encoded, valid `%XX` sequences are kept,
 * and lone surrogates become U+FFFD. CR and LF are always encoded, so the result is header-safe.
 * @module
 */
import { isHex } from './hex';

// Printable ASCII that may stand in a URL as is ('%' is handled separately).
const ALLOWED = /[\x21\x23-\x3B\x3D\x3F-\x5F\x61-\x7A\x7C\x7E]/;
const NEEDS_ENCODING = /(?:[^\x21\x23-\x3B\x3D\x3F-\x5F\x61-\x7A\x7C\x7E]|%(?![0-9A-Fa-f]{2}))/;

/**
 * @example
 * encodeUrl('/a b?x=%20') // '/a%20b?x=%20'
 */
export function encodeUrl(url: string): string {
  if (!NEEDS_ENCODING.test(url)) return url;
  let out = '';
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    const ch = url[i];
    if (ch === '%') {
      out += isHex(url.charCodeAt(i + 1)) && isHex(url.charCodeAt(i + 2)) ? '%' : '%25';
    } else if (code < 0x80 && ALLOWED.test(ch)) {
      out += ch;
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = url.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += encodeURIComponent(url[i] + url[i + 1]);
        i++;
      } else {
        out += '%EF%BF%BD';
      }
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      out += '%EF%BF%BD';
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}
