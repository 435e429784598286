/**
 * Conditional-request checks for file responses (RFC 9110 §13): preconditions for 412 and If-Range
 * validation; freshness for 304 is ../http/fresh.ts, the same check `req.fresh` makes. They compare against the validators actually set on the
 * response, so headers changed by `setHeaders` or `headers` options are honoured.
 * @module
 */
import type { IncomingHttpHeaders } from 'node:http';
import { etagListMatches } from '../http/fresh';
import { headerText } from '../http/header-value';

/** Whether the request carries any validator that may turn the answer into 304 or 412. */
export function isConditional(headers: IncomingHttpHeaders): boolean {
  return Boolean(
    headers['if-match'] ||
      headers['if-unmodified-since'] ||
      headers['if-none-match'] ||
      headers['if-modified-since'],
  );
}

/** Milliseconds of an HTTP date, NaN when absent or invalid. */
export function parseHttpDate(value: unknown): number {
  return typeof value === 'string' && value ? Date.parse(value) : Number.NaN;
}

/** True when If-Match or If-Unmodified-Since rule the request out (answer 412). */
export function preconditionFailed(
  headers: IncomingHttpHeaders,
  etag: unknown,
  lastModified: unknown,
): boolean {
  const match = headerText(headers['if-match']);
  if (match) {
    if (!etag) return true;
    if (match === '*') return false;
    return !etagListMatches(match, String(etag));
  }
  const unmodifiedSince = parseHttpDate(headerText(headers['if-unmodified-since']));
  if (!Number.isNaN(unmodifiedSince)) {
    const modified = parseHttpDate(lastModified === undefined ? undefined : String(lastModified));
    return Number.isNaN(modified) || modified > unmodifiedSince;
  }
  return false;
}

/**
 * True when a Range request may be answered partially: no If-Range, or an If-Range entity tag
 * contained in the current ETag, or an If-Range date not older than Last-Modified.
 */
export function isRangeFresh(headers: IncomingHttpHeaders, etag: unknown, lastModified: unknown): boolean {
  const ifRange = headerText(headers['if-range']);
  if (!ifRange) return true;
  if (ifRange.includes('"')) return Boolean(etag) && ifRange.includes(String(etag));
  return (
    parseHttpDate(lastModified === undefined ? undefined : String(lastModified)) <= parseHttpDate(ifRange)
  );
}
