/**
 * Conditional GET freshness (RFC 7232): whether the client's cached copy, described by
 * If-None-Match / If-Modified-Since, still matches the response's ETag / Last-Modified.
 * @module
 */
import type { IncomingHttpHeaders } from 'node:http';
import { headerText } from './header-value';

function isWhitespace(c: number): boolean {
  // The characters JavaScript's \s matches that can occur in a header value.
  return c === 0x20 || c === 0x09 || c === 0x0b || c === 0x0c || c === 0xa0;
}

/**
 * Whether a Cache-Control value contains the `no-cache` directive as a whole list member.
 * @example
 * hasNoCache('max-age=0, no-cache') // true
 */
export function hasNoCache(cacheControl: string): boolean {
  let from = 0;
  for (;;) {
    const at = cacheControl.indexOf('no-cache', from);
    if (at === -1) return false;
    let before = at - 1;
    while (before >= 0 && isWhitespace(cacheControl.charCodeAt(before))) before--;
    let after = at + 8;
    while (after < cacheControl.length && isWhitespace(cacheControl.charCodeAt(after))) after++;
    const startsMember = before < 0 || cacheControl.charCodeAt(before) === 0x2c;
    const endsMember = after === cacheControl.length || cacheControl.charCodeAt(after) === 0x2c;
    if (startsMember && endsMember) return true;
    from = at + 1;
  }
}

/** Whether two entity tags match by weak comparison: `W/"x"` matches `"x"` and vice versa. */
function etagMatches(entry: string, etag: string): boolean {
  return entry === etag || entry === `W/${etag}` || `W/${entry}` === etag;
}

/**
 * Whether any entry of a comma-separated entity-tag list (If-None-Match, If-Match; spaces trimmed,
 * empty entries skipped) matches `etag` by weak comparison.
 * @example
 * etagListMatches('"a", W/"b"', '"b"') // true
 */
export function etagListMatches(list: string, etag: string): boolean {
  let start = 0;
  const length = list.length;
  while (start <= length) {
    let end = list.indexOf(',', start);
    if (end === -1) end = length;
    let s = start;
    let e = end;
    while (s < e && list.charCodeAt(s) === 0x20) s++;
    while (e > s && list.charCodeAt(e - 1) === 0x20) e--;
    if (s < e && etagMatches(list.slice(s, e), etag)) return true;
    start = end + 1;
  }
  return false;
}

function parseDate(value: unknown): number {
  return Date.parse(String(value));
}

/**
 * Whether a conditional request is fresh against the response validators. Unconditional requests
 * and requests with `Cache-Control: no-cache` are never fresh; `If-None-Match: *` matches any ETag.
 * @example
 * isFresh({ 'if-none-match': '"abc"' }, '"abc"', undefined) // true
 */
export function isFresh(reqHeaders: IncomingHttpHeaders, etag: unknown, lastModified: unknown): boolean {
  const modifiedSince = headerText(reqHeaders['if-modified-since']);
  const noneMatch = headerText(reqHeaders['if-none-match']);
  if (!modifiedSince && !noneMatch) return false;

  const cacheControl = headerText(reqHeaders['cache-control']);
  if (cacheControl && hasNoCache(cacheControl)) return false;

  if (noneMatch && noneMatch !== '*') {
    if (!etag || typeof etag !== 'string') return false;
    if (!etagListMatches(noneMatch, etag)) return false;
  }

  if (modifiedSince) {
    if (!lastModified) return false;
    if (!(parseDate(lastModified) <= Date.parse(modifiedSince))) return false;
  }
  return true;
}
