/**
 * `req.accepts`, `req.acceptsCharsets`, `req.acceptsEncodings`, `req.acceptsLanguages` and their
 * deprecated singular 3.x names.
 * @module
 */
import * as negotiate from '../http/accepts';
import type { Req } from '../types/internal';
import { deprecate } from '../utils/deprecate';

/** Express's argument forms: one array, or the arguments themselves; a falsy first argument means "all". */
function listOf(args: unknown[]): unknown[] {
  const first = args[0];
  if (!first) return [];
  return Array.isArray(first) ? first : args;
}

/**
 * The best of the given types for the Accept header, as given (extension or MIME type); false
 * when none is acceptable (answer 406). Without arguments, every accepted type, best first.
 * @example
 * // Accept: text/html
 * req.accepts('html') // 'html'
 * req.accepts(['json', 'text/html']) // 'text/html'
 * req.accepts('png') // false
 */
export function accepts(this: Req, ...types: unknown[]): string[] | string | false {
  return negotiate.acceptsTypes(this, listOf(types));
}

/**
 * The first of the given charsets acceptable per Accept-Charset, or false; without arguments,
 * every accepted charset.
 * @example
 * req.acceptsCharsets('utf-8', 'iso-8859-1') // 'utf-8'
 */
export function acceptsCharsets(this: Req, ...charsets: unknown[]): string[] | string | false {
  return negotiate.acceptsCharsets(this, listOf(charsets) as string[]);
}

/**
 * The first of the given encodings acceptable per Accept-Encoding, or false; without arguments,
 * every accepted encoding.
 * @example
 * req.acceptsEncodings('gzip', 'deflate') // 'gzip'
 */
export function acceptsEncodings(this: Req, ...encodings: unknown[]): string[] | string | false {
  return negotiate.acceptsEncodings(this, listOf(encodings) as string[]);
}

/**
 * The first of the given languages acceptable per Accept-Language, or false; without arguments,
 * every accepted language.
 * @example
 * req.acceptsLanguages('en', 'es') // 'es' for Accept-Language: es
 */
export function acceptsLanguages(this: Req, ...languages: unknown[]): string[] | string | false {
  return negotiate.acceptsLanguages(this, listOf(languages) as string[]);
}

/**
 * Deprecated 3.x name of {@link acceptsCharsets}.
 * @example
 * req.acceptsCharset('utf-8') // warns once, then answers like acceptsCharsets
 */
export function acceptsCharset(this: Req, ...charsets: unknown[]): string[] | string | false {
  deprecate('WEBAPP_REQ_ACCEPTS_CHARSET', 'req.acceptsCharset: Use acceptsCharsets instead');
  return acceptsCharsets.apply(this, charsets);
}

/**
 * Deprecated 3.x name of {@link acceptsEncodings}.
 * @example
 * req.acceptsEncoding('gzip') // warns once, then answers like acceptsEncodings
 */
export function acceptsEncoding(this: Req, ...encodings: unknown[]): string[] | string | false {
  deprecate('WEBAPP_REQ_ACCEPTS_ENCODING', 'req.acceptsEncoding: Use acceptsEncodings instead');
  return acceptsEncodings.apply(this, encodings);
}

/**
 * Deprecated 3.x name of {@link acceptsLanguages}.
 * @example
 * req.acceptsLanguage('en') // warns once, then answers like acceptsLanguages
 */
export function acceptsLanguage(this: Req, ...languages: unknown[]): string[] | string | false {
  deprecate('WEBAPP_REQ_ACCEPTS_LANGUAGE', 'req.acceptsLanguage: Use acceptsLanguages instead');
  return acceptsLanguages.apply(this, languages);
}
