/**
 * The charset rules Express 4 applies to Content-Type values: res.set adds `charset=utf-8` to text
 * types that name none, and res.send rewrites the type of a string body to say utf-8.
 * @module
 */
import { formatContentType, parseContentType } from '../http/content-type';
import { defaultCharsetLookup, mime } from '../http/mime';

const HAS_CHARSET = /;\s*charset\s*=/;
// The two values res.json and res.send set themselves, checked before the regular expression.
const JSON_UTF8 = 'application/json; charset=utf-8';
/** What res.type('html') sets with the default tables, and what res.send keeps as is. */
export const HTML_UTF8 = 'text/html; charset=utf-8';
// Already in the exact form setUtf8Charset would produce (lower-case type, sole parameter).
const CANONICAL_UTF8 = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+; charset=utf-8$/;

/**
 * Adds `; charset=utf-8` to a Content-Type value when it names no charset and its type is textual
 * (text/*, application/json*, application/javascript*: the types Express 4's mime module calls UTF-8).
 * @example
 * withDefaultCharset('text/html') // 'text/html; charset=utf-8'
 */
export function withDefaultCharset(value: string): string {
  if (HAS_CHARSET.test(value)) return value;
  const semi = value.indexOf(';');
  const type = semi === -1 ? value : value.slice(0, semi);
  // A replaced `webapp.static.mime.charsets.lookup` decides, as Express 4's res.set asks it.
  if (mime.charsets.lookup !== defaultCharsetLookup) {
    const charset = mime.charsets.lookup(type);
    return charset ? `${value}; charset=${String(charset).toLowerCase()}` : value;
  }
  const textual =
    type.startsWith('text/') ||
    type.startsWith('application/json') ||
    type.startsWith('application/javascript');
  return textual ? `${value}; charset=utf-8` : value;
}

/**
 * Rewrites a Content-Type value to carry `charset=utf-8` (normalised: lower-case type, sorted
 * parameters). Throws a TypeError when the value is not a valid media type.
 * @example
 * setUtf8Charset('Text/Plain; charset=latin1') // 'text/plain; charset=utf-8'
 */
export function setUtf8Charset(value: string): string {
  if (value === '' || value === JSON_UTF8 || value === HTML_UTF8 || CANONICAL_UTF8.test(value)) return value;
  const parsed = parseContentType(value);
  parsed.parameters.charset = 'utf-8';
  return formatContentType(parsed);
}
