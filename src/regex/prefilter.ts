/**
 * What an input must satisfy for a match to be possible, checked before any engine runs: exact bounds,
 * never a guess (a refused input cannot match). Every input: its length. A long input, when every match
 * is the whole input: the characters a match can have at its first positions, and how many '/' it holds
 * (the router tries one path against pattern after pattern, so one count serves them all).
 * @module
 */
import { anchored, Kind, maxLength, minLength, type Node } from './ast';
import { type CharSet, finalRanges, normalize, type Ranges, toCharSet } from './charset';
import { Op, type Program } from './instructions';
import { workDone } from './work';

/** Inputs shorter than this skip the long-input checks: the engines decide them as fast. */
export const LONG_INPUT = 128;
/** Most first positions of a long input checked against the characters a match can have there. */
const LEAD_MAX_POSITIONS = 8;

export interface Prefilter {
  minLength: number;
  /** Infinity unless every match is the whole input and its length is bounded. */
  maxLength: number;
  /** Most '/' before the input's last character when every match is the whole input (`^…\/?$`), else -1. */
  slashes: number;
  /** When every match is the whole input: the characters a nonempty input may end with, else null. */
  last: CharSet | null;
  /** What the first characters of a match can be, made on the first long input. */
  lead: LeadSets | undefined;
}

/** The prefilter of a pattern, from its AST. */
export function buildPrefilter(ast: Node, ignoreCase: boolean): Prefilter {
  // A match covering the whole input bounds the input: its length, and how many '/' it holds.
  const whole = anchored(ast, Op.BOL) && anchored(ast, Op.EOL);
  const slashes = whole ? maxSlashesBeforeLast(ast, ignoreCase) : Number.POSITIVE_INFINITY;
  let last: CharSet | null = null;
  if (whole) {
    const ends: Ranges = [];
    lastChars(ast, ignoreCase, ends);
    last = toCharSet(normalize(ends));
  }
  return {
    minLength: minLength(ast),
    maxLength: whole && maxLength(ast) !== 0 ? maxLength(ast) : Number.POSITIVE_INFINITY,
    slashes: slashes === Number.POSITIVE_INFINITY ? -1 : slashes,
    last,
    lead: undefined,
  };
}

/** Whether a long input cannot match: by a '/' count already made of it, its first characters, then the count. */
export function refusesLong(filter: Prefilter, prog: Program, text: string): boolean {
  const slashes = filter.slashes;
  if (slashes >= 0 && countedSlashes(text) && slashCount > slashes) {
    workDone.prefiltered++;
    return true;
  }
  const { bits, high, positions } = (filter.lead ??= leadSets(prog));
  let slashesRead = 0;
  for (let i = 0; i < positions.length; i++) {
    const k = positions[i];
    const ch = text.charCodeAt(k);
    if (ch < 128 ? (bits[(k << 2) | (ch >> 5)] & (1 << (ch & 31))) === 0 : high[k] === 0) {
      workDone.probed++;
      return true;
    }
    if (ch === 47) slashesRead++;
  }
  let readTo = -1;
  if (positions.length > 0) {
    readTo = positions[positions.length - 1];
    if (text.charCodeAt(0) === 47) slashesRead++;
  }
  // The count goes on past the characters the probe read.
  if (slashes >= 0 && tooManySlashes(text, slashes, slashesRead, readTo)) {
    workDone.prefiltered++;
    return true;
  }
  return false;
}

/** Appends a superset of the characters a match can end with; returns whether `node` can consume nothing. */
function lastChars(node: Node, ignoreCase: boolean, out: Ranges): boolean {
  switch (node.kind) {
    case Kind.CHAR:
      out.push(...finalRanges([node.code, node.code], false, ignoreCase));
      return false;
    case Kind.CLASS:
      out.push(...finalRanges(node.members, node.negate, ignoreCase));
      return false;
    case Kind.SEQ:
      for (let k = node.items.length - 1; k >= 0; k--) {
        if (!lastChars(node.items[k], ignoreCase, out)) return false;
      }
      return true;
    case Kind.ALT: {
      let empty = false;
      for (const alt of node.alts) if (lastChars(alt, ignoreCase, out)) empty = true;
      return empty;
    }
    case Kind.GROUP:
      return lastChars(node.body, ignoreCase, out);
    case Kind.REPEAT:
      if (node.max === 0) return true;
      return lastChars(node.body, ignoreCase, out) || node.min === 0;
    default:
      return true;
  }
}

/** The most '/' characters one match can contain: Infinity when a loop can consume them. */
function maxSlashes(node: Node, ignoreCase: boolean): number {
  switch (node.kind) {
    case Kind.CHAR:
      // No other character folds to '/' under `i`.
      return node.code === 47 ? 1 : 0;
    case Kind.CLASS: {
      const ranges = finalRanges(node.members, node.negate, ignoreCase);
      for (let k = 0; k < ranges.length; k += 2) if (ranges[k] <= 47 && 47 <= ranges[k + 1]) return 1;
      return 0;
    }
    case Kind.SEQ: {
      let sum = 0;
      for (let k = 0; k < node.items.length; k++) {
        const item = node.items[k];
        // `(?!\/|-).` (path-to-regexp's parameter after a '-'): the character is never '/'.
        const single = item.kind === Kind.CHAR || item.kind === Kind.CLASS;
        if (single && k > 0 && blocksSlash(node.items[k - 1], ignoreCase)) continue;
        sum += maxSlashes(item, ignoreCase);
      }
      return sum;
    }
    case Kind.ALT:
      return Math.max(...node.alts.map((alt) => maxSlashes(alt, ignoreCase)));
    case Kind.GROUP:
      return maxSlashes(node.body, ignoreCase);
    case Kind.REPEAT: {
      const body = node.max === 0 ? 0 : maxSlashes(node.body, ignoreCase);
      return body === 0 ? 0 : body * node.max;
    }
    default:
      return 0;
  }
}

/** A bound on the '/' a match holds before its last character, so that `\/?$` takes none of the room. */
function maxSlashesBeforeLast(node: Node, ignoreCase: boolean): number {
  switch (node.kind) {
    case Kind.SEQ: {
      // The last part that consumes anything; what follows it (`$`, lookaheads) consumes nothing.
      let k = node.items.length - 1;
      while (k >= 0 && maxLength(node.items[k]) === 0) k--;
      if (k < 0) return 0;
      // That part empty, the last character is before it; otherwise the parts before it are whole.
      const before = maxSlashes({ kind: Kind.SEQ, items: node.items.slice(0, k) }, ignoreCase);
      return before + maxSlashesBeforeLast(node.items[k], ignoreCase);
    }
    case Kind.ALT:
      return Math.max(...node.alts.map((alt) => maxSlashesBeforeLast(alt, ignoreCase)));
    case Kind.GROUP:
      return maxSlashesBeforeLast(node.body, ignoreCase);
    case Kind.REPEAT:
      return node.max <= 1 ? maxSlashesBeforeLast(node.body, ignoreCase) : maxSlashes(node, ignoreCase);
    default:
      // One character (nothing before it), or nothing consumed.
      return 0;
  }
}

/** A negative lookahead that fails wherever the next character is '/' (its body matches "/" alone). */
function blocksSlash(node: Node, ignoreCase: boolean): boolean {
  return node.kind === Kind.LOOK && node.negative && matchesSlash(node.body, ignoreCase);
}

function matchesSlash(node: Node, ignoreCase: boolean): boolean {
  switch (node.kind) {
    case Kind.CHAR:
      return node.code === 47;
    case Kind.CLASS:
      return maxSlashes(node, ignoreCase) === 1;
    case Kind.ALT:
      return node.alts.some((alt) => matchesSlash(alt, ignoreCase));
    case Kind.GROUP:
      return matchesSlash(node.body, ignoreCase);
    default:
      return false;
  }
}

/** The '/' count of the last long input (the router tries it on pattern after pattern): slashCount up to slashAt. */
let slashText = '';
let slashCount = 0;
let slashAt = -1;
let slashAll = false;

/** Whether the count is of `text`; an equal copy takes the kept string's place, so the next check is by identity. */
function countedSlashes(text: string): boolean {
  if (text.length !== slashText.length || text !== slashText) return false;
  slashText = text;
  return true;
}

/** Whether `text` has over `limit` '/' before its last character, past the `readSlashes` found up to readTo. */
function tooManySlashes(text: string, limit: number, readSlashes: number, readTo: number): boolean {
  let count = readSlashes;
  let at = readTo;
  if (countedSlashes(text)) {
    if (slashCount > limit || slashAll) return slashCount > limit;
    count = slashCount;
    at = slashAt;
  } else {
    slashText = text;
    // Paths start with '/': one native search fewer.
    if (at < 0 && text.charCodeAt(0) === 47) {
      count = 1;
      at = 0;
    }
  }
  let all = false;
  while (count <= limit) {
    const found = text.indexOf('/', at + 1);
    if (found < 0 || found === text.length - 1) {
      all = true;
      break;
    }
    count++;
    at = found;
  }
  slashCount = count;
  slashAt = at;
  slashAll = all;
  return count > limit;
}

/** The first '/' at or after `from` (-1: none) when the count read that far; -2 when it did not. */
export function slashKnownFrom(text: string, from: number): number {
  if (!slashAll || from <= slashAt || text !== slashText) return -2;
  const last = text.length - 1;
  return from <= last && text.charCodeAt(last) === 47 ? last : -1;
}

/** Per first position k: a superset of the characters a match has there (bits[4k..4k+4) ASCII, high[k] the rest). */
interface LeadSets {
  bits: Uint32Array;
  high: Uint8Array;
  /** The positions exec checks, ascending (position 0, the leading '/', is the count's). */
  positions: Int32Array;
}

const EMPTY_POSITIONS = new Int32Array(0);

/** The lead sets of a program anchored at the start (length 0 when it is not). */
function leadSets(prog: Program): LeadSets {
  const bits = new Uint32Array(LEAD_MAX_POSITIONS * 4);
  const high = new Uint8Array(LEAD_MAX_POSITIONS);
  const lead: LeadSets = { bits, high, positions: EMPTY_POSITIONS };
  if (!prog.anchored) return lead;
  // Positions up to one that excludes no more than '/' (the count decides those better) or where a match may end.
  let length = 0;
  const { op, a, b, sets } = prog;
  const seen = new Int32Array(op.length).fill(-1);
  let frontier = [0];
  for (let k = 0; k < LEAD_MAX_POSITIONS; k++) {
    // Every instruction a thread can stand at, consuming the character at k.
    const stack = frontier;
    const consumers: number[] = [];
    let ends = false;
    while (stack.length > 0) {
      const pc = stack.pop()!;
      if (seen[pc] === k) continue;
      seen[pc] = k;
      switch (op[pc]) {
        case Op.CHAR:
        case Op.SET:
          consumers.push(pc);
          break;
        case Op.MATCH:
          ends = true;
          break;
        case Op.JMP:
          stack.push(a[pc]);
          break;
        case Op.SPLIT:
          stack.push(a[pc], b[pc]);
          break;
        case Op.EOL:
          // The input is longer than LEAD_MAX_POSITIONS: it does not end here.
          break;
        case Op.BOL:
          if (k === 0) stack.push(pc + 1);
          break;
        default:
          // Captures, loop registers, empty checks, word boundaries, lookaheads: let through.
          stack.push(pc + 1);
      }
    }
    // A match may end at k: nothing is required of the characters from k on.
    if (ends) break;
    for (const pc of consumers) {
      if (op[pc] === Op.CHAR) {
        const ch = a[pc];
        if (ch < 128) bits[4 * k + (ch >> 5)] |= 1 << (ch & 31);
        else high[k] = 1;
      } else {
        const set = sets[a[pc]];
        for (let w = 0; w < 4; w++) bits[4 * k + w] |= set.ascii[w];
        if (set.high.length > 0) high[k] = 1;
      }
    }
    // A position that excludes '/' at most (a parameter's `[^/]`) decides too little: the lead ends.
    let loose = high[k] === 1;
    for (let w = 0; w < 4; w++) if ((bits[4 * k + w] | (w === 1 ? 1 << 15 : 0)) !== -1) loose = false;
    if (loose) break;
    length = k + 1;
    frontier = consumers.map((pc) => pc + 1);
  }
  // Position 1 (where routes part most often) and those that may hold a '/' (a '/' elsewhere misses anyway).
  const positions: number[] = [];
  for (let k = 1; k < length; k++) if (k === 1 || (bits[4 * k + 1] & (1 << 15)) !== 0) positions.push(k);
  lead.positions = Int32Array.from(positions);
  return lead;
}
