/**
 * Decides whether a body parser handles a request, from its `Content-Type` and the parser's `type`
 * option, with the matching rules of Express 4's parsers: `type` may be an extension (`json`), a MIME
 * type (`application/json`), a wildcard (`*\/*`, `text/*`, `*\/*+json`, `+json`), an array of those, or a
 * function of the request. A header that is not a well-formed media type matches nothing.
 * Types are expanded as for `req.is` (../http/type-is: extensions through mime-types, as Express 4's
 * parsers do, unaffected by `mime.define`),
 * and each distinct Content-Type header is parsed once, then served from a small cache.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import { parseContentType } from '../http/content-type';
import { normalizeMediaType } from '../http/media-type';
import { expandType, mimeMatch } from '../http/type-is';

/** What a parser needs from a `Content-Type` header. */
export interface ContentTypeInfo {
  /** `type/subtype[+suffix]`, lower-cased and without parameters, or null when malformed. */
  mediaType: string | null;
  /** Lower-cased `charset` parameter, or '' when absent or when the header cannot be parsed. */
  charset: string;
}

/** The `type` option of a parser. */
export type TypeOption = string | string[] | ((req: IncomingMessage) => unknown);

function lowerCharset(header: string): string {
  try {
    const charset = parseContentType(header).parameters.charset;
    return charset ? charset.toLowerCase() : '';
  } catch {
    return '';
  }
}

// Most clients send one of a handful of Content-Type strings: remember short ones, in a bounded map.
const cache = new Map<string, ContentTypeInfo>();
const CACHE_SIZE = 128;
const CACHEABLE_LENGTH = 200;
const NO_TYPE: ContentTypeInfo = Object.freeze({ mediaType: null, charset: '' });

/** Media type and charset of a request's Content-Type header. */
export function contentTypeOf(req: IncomingMessage): ContentTypeInfo {
  const header = req.headers['content-type'];
  if (typeof header !== 'string' || header.length === 0) return NO_TYPE;
  let info = cache.get(header);
  if (info === undefined) {
    info = { mediaType: normalizeMediaType(header), charset: lowerCharset(header) };
    if (header.length <= CACHEABLE_LENGTH) {
      if (cache.size >= CACHE_SIZE) cache.clear();
      cache.set(header, info);
    }
  }
  return info;
}

/**
 * Compiles the `type` option into a predicate on the request (which is known to have a body).
 * @example
 * const isJson = compileTypeMatcher(['json', '+json']);
 */
export function compileTypeMatcher(type: TypeOption): (req: IncomingMessage) => boolean {
  if (typeof type === 'function') return (req) => Boolean(type(req));
  const list = Array.isArray(type) ? type : [type];
  const expected = list.map(expandType);
  if (expected.length === 0) {
    // An empty list asks for no particular type: any well-formed Content-Type is accepted.
    return (req) => contentTypeOf(req).mediaType !== null;
  }
  if (expected.length === 1) {
    const only = expected[0];
    if (only === false) return () => false;
    return (req) => {
      const actual = contentTypeOf(req).mediaType;
      return actual !== null && (actual === only || mimeMatch(only, actual));
    };
  }
  return (req) => {
    const actual = contentTypeOf(req).mediaType;
    if (actual === null) return false;
    for (const candidate of expected) if (mimeMatch(candidate, actual)) return true;
    return false;
  };
}
