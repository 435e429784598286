/**
 * Range header parsing (RFC 7233) with the results Express 4's `req.range` gives: a list of
 * inclusive `{ start, end }` ranges capped to the resource size and tagged with the unit `type`,
 * -1 when no range is satisfiable, -2 when the header has no `unit=` part.
 * @module
 */
import { webappError } from '../errors/catalogue';

/** One inclusive range of a resource. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Parsed ranges; `type` is the range unit, usually `bytes`. */
export type Ranges = ByteRange[] & { type: string };

/** Options of {@link parseRange}. */
export interface RangeOptions {
  /** Merge overlapping and adjacent ranges (kept in the order of their first appearance). */
  combine?: boolean;
}

/**
 * Parses a Range header value against a resource of `size` units. Numbers are read like
 * `parseInt` (so `bytes=5` means `5-`); suffix ranges `-n` select the last n units; ranges past
 * the end are capped; invalid or unsatisfiable ranges are skipped.
 * @example
 * parseRange(1000, 'bytes=0-499,-100') // [{ start: 0, end: 499 }, { start: 900, end: 999 }], type 'bytes'
 * parseRange(1000, 'bytes=2000-') // -1
 * parseRange(1000, 'nonsense') // -2
 */
export function parseRange(size: number, header: string, options?: RangeOptions): Ranges | -1 | -2 {
  if (typeof header !== 'string') throw webappError('WEBAPP_RANGE_HEADER_NOT_STRING');
  const equals = header.indexOf('=');
  if (equals === -1) return -2;

  // Sound: Ranges is an array with a `type`, which is set on the next line.
  const ranges = [] as unknown as Ranges;
  ranges.type = header.slice(0, equals);
  const length = header.length;
  let from = equals + 1;
  while (from <= length) {
    let to = header.indexOf(',', from);
    if (to === -1) to = length;
    // Only the text before the first "-" and between the first and second "-" counts.
    let dash = from;
    while (dash < to && header.charCodeAt(dash) !== 0x2d) dash++;
    let start = Number.parseInt(header.slice(from, dash), 10);
    let end = Number.NaN;
    if (dash < to) {
      let dash2 = dash + 1;
      while (dash2 < to && header.charCodeAt(dash2) !== 0x2d) dash2++;
      end = Number.parseInt(header.slice(dash + 1, dash2), 10);
    }
    from = to + 1;

    if (Number.isNaN(start)) {
      // "-n": the last n units.
      start = size - end;
      end = size - 1;
    } else if (Number.isNaN(end)) {
      // "n-": from n to the end.
      end = size - 1;
    }
    if (end > size - 1) end = size - 1;
    if (Number.isNaN(start) || Number.isNaN(end) || start > end || start < 0) continue;
    ranges.push({ start, end });
  }

  if (ranges.length === 0) return -1;
  return options?.combine ? combineRanges(ranges) : ranges;
}

/** Merges overlapping and adjacent ranges; each merged range keeps the position of its earliest member. */
function combineRanges(ranges: Ranges): Ranges {
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
  const combined = ordered.map(({ start, end }) => ({ start, end })) as Ranges;
  combined.type = ranges.type;
  return combined;
}
