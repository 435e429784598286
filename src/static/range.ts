/**
 * `Range: bytes=...` parsing for the file sender, with the semantics Express 4 clients see:
 * unparsable parts are skipped, end positions are clamped to the file, suffix ranges (`-N`) count
 * from the end, and overlapping or adjacent ranges are merged in request order.
 * @module
 */

import { type ByteRange, parseRange } from '../http/range';

export type { ByteRange };

/** No satisfiable range: answer 416. */
export const UNSATISFIABLE = -1;
/** Not a byte-range header at all: ignore it. */
export const MALFORMED = -2;

/** True when `header` starts with optional spaces then `bytes=`, the only unit we serve. */
export function isBytesRange(header: string | undefined): header is string {
  if (typeof header !== 'string') return false;
  let i = 0;
  while (header.charCodeAt(i) === 32) i++;
  return header.startsWith('bytes=', i);
}

/**
 * Parses a Range header against a representation of `size` bytes, merging overlapping and adjacent
 * ranges (the shared parser of req.range, with `combine`).
 * @example
 * parseByteRanges(1000, 'bytes=0-99')      // [{ start: 0, end: 99 }]
 * parseByteRanges(1000, 'bytes=-100')      // [{ start: 900, end: 999 }]
 * parseByteRanges(1000, 'bytes=0-9,5-20')  // [{ start: 0, end: 20 }]
 * parseByteRanges(1000, 'bytes=2000-')     // UNSATISFIABLE
 */
export function parseByteRanges(
  size: number,
  header: string,
): ByteRange[] | typeof UNSATISFIABLE | typeof MALFORMED {
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1 || ranges === -2) return ranges;
  return ranges.map((range) => ({ start: range.start, end: range.end }));
}
