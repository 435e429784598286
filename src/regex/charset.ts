/**
 * Character sets over UTF-16 code units: sorted, merged, inclusive [lo, hi] pairs while compiling, and a
 * bitmap-plus-ranges form at run time; case folding as ECMAScript's non-unicode `Canonicalize` defines it.
 * @module
 */

/** Inclusive [lo, hi] pairs, flattened. */
export type Ranges = number[];

export const MAX_CODE = 0xffff;
export const DIGITS: Ranges = [48, 57];
export const WORD_CHARS: Ranges = [48, 57, 65, 90, 95, 95, 97, 122];
// WhiteSpace and LineTerminator of ECMAScript (Unicode Zs included).
export const SPACES: Ranges = [
  9, 13, 32, 32, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f,
  0x3000, 0x3000, 0xfeff, 0xfeff,
];
export const LINE_TERMINATORS: Ranges = [10, 10, 13, 13, 0x2028, 0x2029];

export function normalize(ranges: Ranges): Ranges {
  const pairs: [number, number][] = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i], ranges[i + 1]]);
  pairs.sort((x, y) => x[0] - y[0]);
  const out: Ranges = [];
  for (const [lo, hi] of pairs) {
    const last = out.length - 1;
    if (last > 0 && lo <= out[last] + 1) {
      if (hi > out[last]) out[last] = hi;
    } else {
      out.push(lo, hi);
    }
  }
  return out;
}

export function complement(ranges: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    if (ranges[i] > next) out.push(next, ranges[i] - 1);
    next = ranges[i + 1] + 1;
  }
  if (next <= MAX_CODE) out.push(next, MAX_CODE);
  return out;
}

// Case folding tables, built on first use of an ignoreCase regex.
let canonTable: Uint16Array | undefined;
let foldHead: Int32Array | undefined;
let foldNext: Int32Array | undefined;

/** ECMAScript Canonicalize for non-unicode ignoreCase, for every code unit. */
function canonicalTable(): Uint16Array {
  if (canonTable) return canonTable;
  const table = new Uint16Array(MAX_CODE + 1);
  const head = new Int32Array(MAX_CODE + 1).fill(-1);
  const next = new Int32Array(MAX_CODE + 1);
  for (let c = MAX_CODE; c >= 0; c--) {
    const upper = String.fromCharCode(c).toUpperCase();
    let canon = c;
    if (upper.length === 1) {
      const u = upper.charCodeAt(0);
      if (!(c >= 128 && u < 128)) canon = u;
    }
    table[c] = canon;
    // Chain of all code units sharing one canonical value, in ascending order.
    next[c] = head[canon];
    head[canon] = c;
  }
  canonTable = table;
  foldHead = head;
  foldNext = next;
  return table;
}

/** All code units that match some member of `ranges` case-insensitively. */
function foldRanges(ranges: Ranges): Ranges {
  const canon = canonicalTable();
  const head = foldHead!;
  const next = foldNext!;
  let size = 0;
  for (let i = 0; i < ranges.length; i += 2) size += ranges[i + 1] - ranges[i] + 1;
  const out: Ranges = [];
  if (size <= 256) {
    for (let i = 0; i < ranges.length; i += 2) {
      for (let c = ranges[i]; c <= ranges[i + 1]; c++) {
        for (let x = head[canon[c]]; x !== -1; x = next[x]) out.push(x, x);
      }
    }
    return normalize(out);
  }
  const marked = new Uint8Array(MAX_CODE + 1);
  for (let i = 0; i < ranges.length; i += 2) {
    for (let c = ranges[i]; c <= ranges[i + 1]; c++) marked[canon[c]] = 1;
  }
  let start = -1;
  for (let c = 0; c <= MAX_CODE; c++) {
    if (marked[canon[c]] === 1) {
      if (start === -1) start = c;
    } else if (start !== -1) {
      out.push(start, c - 1);
      start = -1;
    }
  }
  if (start !== -1) out.push(start, MAX_CODE);
  return out;
}

/** Runtime form of a set: a bitmap for ASCII, sorted pairs for the rest. */
export interface CharSet {
  ascii: Uint32Array;
  high: Int32Array;
}

export function toCharSet(ranges: Ranges): CharSet {
  const ascii = new Uint32Array(4);
  const high: number[] = [];
  for (let i = 0; i < ranges.length; i += 2) {
    const lo = ranges[i];
    const hi = ranges[i + 1];
    for (let c = lo; c <= hi && c < 128; c++) ascii[c >> 5] |= 1 << (c & 31);
    if (hi >= 128) high.push(Math.max(lo, 128), hi);
  }
  return { ascii, high: Int32Array.from(high) };
}

export function inSet(set: CharSet, ch: number): boolean {
  if (ch < 128) return (set.ascii[ch >> 5] & (1 << (ch & 31))) !== 0;
  const high = set.high;
  let lo = 0;
  let hi = high.length >> 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ch > high[2 * mid + 1]) lo = mid + 1;
    else if (ch < high[2 * mid]) hi = mid;
    else return true;
  }
  return false;
}

/** Final ranges of a class: members folded (under `i`) before negation, as ECMAScript specifies. */
const setCache = new Map<string, Ranges>();

export function finalRanges(members: Ranges, negate: boolean, ignoreCase: boolean): Ranges {
  const key = `${negate ? '^' : ''}${ignoreCase ? 'i' : ''}${members.join(',')}`;
  const cached = setCache.get(key);
  if (cached) return cached;
  let ranges = normalize(members);
  if (ignoreCase) ranges = foldRanges(ranges);
  if (negate) ranges = complement(ranges);
  if (setCache.size >= 512) setCache.clear();
  setCache.set(key, ranges);
  return ranges;
}
