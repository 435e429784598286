/**
 * `Range: bytes=...` parsing for the file sender, with the semantics Express 4 clients see:
 * unparsable parts are skipped, end positions are clamped to the file, suffix ranges (`-N`) count
 * from the end, and overlapping or adjacent ranges are merged in request order.
 * @module
 */

export interface ByteRange {
  start: number;
  end: number;
}

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
 * Parses a Range header against a representation of `size` bytes.
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
  const eq = header.indexOf('=');
  if (eq === -1) return MALFORMED;
  const ranges: ByteRange[] = [];
  let from = eq + 1;
  while (from <= header.length) {
    let to = header.indexOf(',', from);
    if (to === -1) to = header.length;
    const range = parseOne(size, header.slice(from, to));
    if (range) ranges.push(range);
    from = to + 1;
  }
  if (ranges.length === 0) return UNSATISFIABLE;
  return ranges.length === 1 ? ranges : combine(ranges);
}

function parseOne(size: number, spec: string): ByteRange | undefined {
  const dash = spec.indexOf('-');
  // Number.parseInt keeps the lenient reading clients rely on (leading spaces, trailing junk).
  let start = Number.parseInt(dash === -1 ? spec : spec.slice(0, dash), 10);
  let end = dash === -1 ? Number.NaN : Number.parseInt(spec.slice(dash + 1, nextDash(spec, dash)), 10);
  if (Number.isNaN(start)) {
    // suffix range: the last `end` bytes
    start = size - end;
    end = size - 1;
  } else if (Number.isNaN(end)) {
    end = size - 1;
  }
  if (end > size - 1) end = size - 1;
  if (Number.isNaN(start) || Number.isNaN(end) || start > end || start < 0) return undefined;
  return { start, end };
}

/** The end of the second dash-separated field (a third field, if any, is ignored). */
function nextDash(spec: string, dash: number): number {
  const next = spec.indexOf('-', dash + 1);
  return next === -1 ? spec.length : next;
}

/** Merges overlapping/adjacent ranges; the result keeps the order in which ranges were requested. */
function combine(ranges: ByteRange[]): ByteRange[] {
  const ordered = ranges.map((range, index) => ({ start: range.start, end: range.end, index }));
  ordered.sort((a, b) => a.start - b.start);
  let last = 0;
  for (let i = 1; i < ordered.length; i++) {
    const range = ordered[i];
    const current = ordered[last];
    if (range.start > current.end + 1) {
      ordered[++last] = range;
    } else if (range.end > current.end) {
      current.end = range.end;
      current.index = Math.min(current.index, range.index);
    }
  }
  ordered.length = last + 1;
  ordered.sort((a, b) => a.index - b.index);
  return ordered.map((range) => ({ start: range.start, end: range.end }));
}
