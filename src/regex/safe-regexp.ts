/**
 * A linear-time regular-expression engine for route paths.
 *
 * Express 4 compiles paths such as `/:a-:b-:c` or `/user/:id(\d+)` into a RegExp and runs it on a
 * backtracking engine, where some user-writable patterns take super-linear time on hostile input
 * (ReDoS, cf. CVE-2024-45296). This module executes the same regex *source* with JavaScript's exact
 * match results (leftmost match, priority-ordered alternation, greedy/lazy quantifiers, last-iteration
 * captures) but never backtracks: the source is parsed to an AST, compiled to a Thompson NFA program
 * and simulated as a Pike VM, i.e. all threads advance in lock-step over the input, ordered by
 * priority, with one thread per program state. Time is O(input length × program size).
 *
 * JS details kept exact:
 * - the empty check of ECMAScript's RepeatMatcher (an optional iteration that matches the empty
 *   string fails) — each such loop records its iteration start in a register and threads are
 *   deduplicated on (instruction, which enclosing iterations are still empty) so this stays exact;
 * - captures inside a quantified group are reset at the start of every iteration;
 * - non-unicode case folding (`Canonicalize`: toUpperCase, and a character ≥ 128 never folds to ASCII);
 * - Annex B syntax: `]`, `{`, `}` as literals, `\c` without a control letter, legacy octal escapes,
 *   identity escapes, class ranges touching `\d`-like escapes, quantified lookaheads.
 *
 * Lookahead `(?=…)` / `(?!…)` never backtracks either. Its body is a separate program:
 * - a body that matches at most LOOK_MAX_LENGTH characters (path-to-regexp's `(?=\/|$)`,
 *   `(?!\/|-)`, ...) runs forward, anchored at the position that asks, result cached per position:
 *   bounded work per input position;
 * - a longer or unbounded body (`(?=.*\d)`) whose captures nobody can see (negative lookahead, or
 *   no groups inside) is compiled reversed and run once from the end of the input to the start,
 *   recording at every position whether the body matches there: O(input × body) per exec.
 *
 * Speed: anchored patterns whose lookaheads depend on one character run on a lazy DFA (cached Pike VM
 * steps, captures read back along a trace) that skips self-looping stretches with indexOf. When a long
 * input is dense with the characters that move the DFA (a separator every few characters) and the
 * pattern is proven to run in linear time on V8's backtracking (no two paths at one instruction and
 * position: backtrackingLinear), the input is handed to V8's RegExp of the same source.
 *
 * Not supported — compileSafeRegExp returns null, so the caller can fall back to RegExp:
 * - backreferences (`\1` naming an existing group, `\k<name>`);
 * - lookbehind (`(?<=…)`, `(?<!…)`) and any other `(?…)` group form than `(?:`, `(?=`, `(?!`, `(?<name>`
 *   (e.g. the modifiers `(?i:…)` of newer engines);
 * - a positive lookahead that contains capture groups and can match more than LOOK_MAX_LENGTH
 *   characters (e.g. `(?=(a+))`);
 * - flags other than `i` (the caller passes only ignoreCase): no `m`, `s`, `u`, `v`, `y`, `g`;
 * - counted repetition that would expand past MAX_INSTRUCTIONS program instructions (e.g. `a{99999}`,
 *   nested `{100}`s) or thread lists past MAX_LIST_CELLS;
 * - sources that `new RegExp` itself rejects (syntax errors).
 * @module
 */

export interface SafeRegExp {
  exec(input: string): (string | undefined)[] | null;
  /**
   * False when `input` cannot match for its last character alone: every match is the whole input and
   * none ends with that character (`/a/:b?c` ends with 'c' or '/'). One character read, for callers
   * (the router) to ask before exec; exec itself runs whatever it is given.
   */
  mayEndWith(input: string): boolean;
  readonly source: string;
  readonly ignoreCase: boolean;
}

/** Upper bound on instructions of one compiled regex (all lookahead programs included). */
const MAX_INSTRUCTIONS = 10_000;
/** Upper bound on thread-list capacity × slots per thread (one list's Int32Array length). */
const MAX_LIST_CELLS = 1 << 20;
/** Longest lookahead body run forward per position; longer capture-free ones use a backward scan. */
const LOOK_MAX_LENGTH = 1024;

class Unsupported extends Error {}

// ---------------------------------------------------------------------------------------------
// Character sets: sorted, merged, inclusive [lo, hi] pairs over UTF-16 code units.

type Ranges = number[];

const MAX_CODE = 0xffff;
const DIGITS: Ranges = [48, 57];
const WORD_CHARS: Ranges = [48, 57, 65, 90, 95, 95, 97, 122];
// WhiteSpace and LineTerminator of ECMAScript (Unicode Zs included).
const SPACES: Ranges = [
  9, 13, 32, 32, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f,
  0x3000, 0x3000, 0xfeff, 0xfeff,
];
const LINE_TERMINATORS: Ranges = [10, 10, 13, 13, 0x2028, 0x2029];

function normalize(ranges: Ranges): Ranges {
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

function complement(ranges: Ranges): Ranges {
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
interface CharSet {
  ascii: Uint32Array;
  high: Int32Array;
}

function toCharSet(ranges: Ranges): CharSet {
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

function inSet(set: CharSet, ch: number): boolean {
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

function finalRanges(members: Ranges, negate: boolean, ignoreCase: boolean): Ranges {
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

// ---------------------------------------------------------------------------------------------
// AST

const N_EMPTY = 0;
const N_CHAR = 1;
const N_CLASS = 2;
const N_SEQ = 3;
const N_ALT = 4;
const N_GROUP = 5;
const N_REPEAT = 6;
const N_ASSERT = 7;
const N_LOOK = 8;

type Node =
  | { kind: typeof N_EMPTY }
  | { kind: typeof N_CHAR; code: number }
  | { kind: typeof N_CLASS; members: Ranges; negate: boolean }
  | { kind: typeof N_SEQ; items: Node[] }
  | { kind: typeof N_ALT; alts: Node[] }
  | { kind: typeof N_GROUP; index: number; body: Node }
  | {
      kind: typeof N_REPEAT;
      body: Node;
      min: number;
      max: number;
      greedy: boolean;
      /** Capture groups [firstGroup, endGroup) inside the body, reset on each iteration. */
      firstGroup: number;
      endGroup: number;
    }
  | { kind: typeof N_ASSERT; op: number }
  | { kind: typeof N_LOOK; negative: boolean; body: Node; firstGroup: number; endGroup: number };

const EMPTY: Node = { kind: N_EMPTY };

function minLength(node: Node): number {
  switch (node.kind) {
    case N_CHAR:
    case N_CLASS:
      return 1;
    case N_SEQ: {
      let sum = 0;
      for (const item of node.items) sum += minLength(item);
      return sum;
    }
    case N_ALT: {
      let least = Number.POSITIVE_INFINITY;
      for (const alt of node.alts) least = Math.min(least, minLength(alt));
      return least;
    }
    case N_GROUP:
      return minLength(node.body);
    case N_REPEAT:
      return node.min === 0 ? 0 : node.min * minLength(node.body);
    default:
      return 0;
  }
}

function maxLength(node: Node): number {
  switch (node.kind) {
    case N_CHAR:
    case N_CLASS:
      return 1;
    case N_SEQ: {
      let sum = 0;
      for (const item of node.items) sum += maxLength(item);
      return sum;
    }
    case N_ALT: {
      let most = 0;
      for (const alt of node.alts) most = Math.max(most, maxLength(alt));
      return most;
    }
    case N_GROUP:
      return maxLength(node.body);
    case N_REPEAT: {
      if (node.max === 0) return 0;
      const body = maxLength(node.body);
      return body === 0 ? 0 : body * node.max;
    }
    default:
      return 0;
  }
}

/**
 * A regex that matches some prefix of a string exactly when `node` does: in tail position, a
 * repetition with no upper bound needs only its minimum count (any longer match extends a shorter one).
 */
function trimTail(node: Node): Node {
  switch (node.kind) {
    case N_SEQ: {
      const items = node.items.slice();
      items[items.length - 1] = trimTail(items[items.length - 1]);
      return { kind: N_SEQ, items };
    }
    case N_ALT:
      return { kind: N_ALT, alts: node.alts.map(trimTail) };
    case N_GROUP:
      return { kind: N_GROUP, index: node.index, body: trimTail(node.body) };
    case N_REPEAT:
      if (node.max !== Number.POSITIVE_INFINITY) return node;
      return node.min === 0 ? EMPTY : { ...node, max: node.min };
    default:
      return node;
  }
}

/**
 * The characters the last character a match consumes can be (as ranges, unfolded; several sets'
 * ranges appended), and whether the node can consume nothing. Lookaheads and assertions consume
 * nothing and restrict nothing here: the set may be larger than the truth, never smaller.
 */
function lastChars(node: Node, ignoreCase: boolean, out: Ranges): boolean {
  switch (node.kind) {
    case N_CHAR:
      out.push(...finalRanges([node.code, node.code], false, ignoreCase));
      return false;
    case N_CLASS:
      out.push(...finalRanges(node.members, node.negate, ignoreCase));
      return false;
    case N_SEQ:
      for (let k = node.items.length - 1; k >= 0; k--) {
        if (!lastChars(node.items[k], ignoreCase, out)) return false;
      }
      return true;
    case N_ALT: {
      let empty = false;
      for (const alt of node.alts) if (lastChars(alt, ignoreCase, out)) empty = true;
      return empty;
    }
    case N_GROUP:
      return lastChars(node.body, ignoreCase, out);
    case N_REPEAT:
      if (node.max === 0) return true;
      return lastChars(node.body, ignoreCase, out) || node.min === 0;
    default:
      return true;
  }
}

/** True when every match must end at the end of the input (`$` last, as in Express's `\/?$`). */
function anchoredAtEnd(node: Node): boolean {
  switch (node.kind) {
    case N_ASSERT:
      return node.op === OP_EOL;
    case N_SEQ:
      // `$` followed by nothing that consumes (lookaheads, other assertions).
      for (let k = node.items.length - 1; k >= 0; k--) {
        if (anchoredAtEnd(node.items[k])) return true;
        if (maxLength(node.items[k]) !== 0) return false;
      }
      return false;
    case N_ALT:
      return node.alts.every(anchoredAtEnd);
    case N_GROUP:
      return anchoredAtEnd(node.body);
    case N_REPEAT:
      return node.min > 0 && anchoredAtEnd(node.body);
    default:
      return false;
  }
}

/** The most '/' characters one match can contain: Infinity when a loop can consume them. */
function maxSlashes(node: Node, ignoreCase: boolean): number {
  switch (node.kind) {
    case N_CHAR:
      // No other character folds to '/' under `i`.
      return node.code === 47 ? 1 : 0;
    case N_CLASS: {
      const ranges = finalRanges(node.members, node.negate, ignoreCase);
      for (let k = 0; k < ranges.length; k += 2) if (ranges[k] <= 47 && 47 <= ranges[k + 1]) return 1;
      return 0;
    }
    case N_SEQ: {
      let sum = 0;
      for (let k = 0; k < node.items.length; k++) {
        const item = node.items[k];
        // `(?!\/|-).` (path-to-regexp's parameter after a '-'): the character is never '/'.
        const single = item.kind === N_CHAR || item.kind === N_CLASS;
        if (single && k > 0 && blocksSlash(node.items[k - 1], ignoreCase)) continue;
        sum += maxSlashes(item, ignoreCase);
      }
      return sum;
    }
    case N_ALT: {
      let most = 0;
      for (const alt of node.alts) most = Math.max(most, maxSlashes(alt, ignoreCase));
      return most;
    }
    case N_GROUP:
      return maxSlashes(node.body, ignoreCase);
    case N_REPEAT: {
      const body = node.max === 0 ? 0 : maxSlashes(node.body, ignoreCase);
      return body === 0 ? 0 : body * node.max;
    }
    default:
      return 0;
  }
}

/**
 * The most '/' one match can contain before its last character (Infinity when a loop can consume them):
 * Express's `\/?$` ends most patterns, so a path's trailing '/' takes none of the room. A bound, not
 * always the least one: past a last part that may match more than one character, maxSlashes of it.
 */
function maxSlashesBeforeLast(node: Node, ignoreCase: boolean): number {
  switch (node.kind) {
    case N_CHAR:
    case N_CLASS:
      return 0;
    case N_SEQ: {
      // The last part that consumes anything; what follows it (`$`, lookaheads) consumes nothing.
      let k = node.items.length - 1;
      while (k >= 0 && maxLength(node.items[k]) === 0) k--;
      if (k < 0) return 0;
      // That part empty, the last character is before it; otherwise the parts before it are whole.
      const before = maxSlashes({ kind: N_SEQ, items: node.items.slice(0, k) }, ignoreCase);
      return before + maxSlashesBeforeLast(node.items[k], ignoreCase);
    }
    case N_ALT: {
      let most = 0;
      for (const alt of node.alts) most = Math.max(most, maxSlashesBeforeLast(alt, ignoreCase));
      return most;
    }
    case N_GROUP:
      return maxSlashesBeforeLast(node.body, ignoreCase);
    case N_REPEAT:
      return node.max <= 1 ? maxSlashesBeforeLast(node.body, ignoreCase) : maxSlashes(node, ignoreCase);
    default:
      return 0;
  }
}

/** A negative lookahead that fails wherever the next character is '/' (its body matches "/" alone). */
function blocksSlash(node: Node, ignoreCase: boolean): boolean {
  return node.kind === N_LOOK && node.negative && matchesSlash(node.body, ignoreCase);
}

function matchesSlash(node: Node, ignoreCase: boolean): boolean {
  switch (node.kind) {
    case N_CHAR:
      return node.code === 47;
    case N_CLASS:
      return maxSlashes(node, ignoreCase) === 1;
    case N_ALT:
      return node.alts.some((alt) => matchesSlash(alt, ignoreCase));
    case N_GROUP:
      return matchesSlash(node.body, ignoreCase);
    default:
      return false;
  }
}

/** True when every match must start at input position 0 (so only one start position is tried). */
function anchoredAtStart(node: Node): boolean {
  switch (node.kind) {
    case N_ASSERT:
      return node.op === OP_BOL;
    case N_SEQ:
      return node.items.length > 0 && anchoredAtStart(node.items[0]);
    case N_ALT:
      return node.alts.every(anchoredAtStart);
    case N_GROUP:
      return anchoredAtStart(node.body);
    case N_REPEAT:
      return node.min > 0 && anchoredAtStart(node.body);
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Parser (ECMAScript non-unicode pattern grammar with Annex B extensions)

const QUANTIFIER = /\{(\d+)(?:(,)(\d*))?\}/y;

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function isOctal(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '7';
}

function isHex(c: string | undefined): boolean {
  return c !== undefined && /^[0-9a-fA-F]$/.test(c);
}

function isAsciiLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

/** Counts capturing groups (and notes named ones) the way the grammar does, before parsing. */
function scanGroups(src: string): { count: number; named: boolean } {
  let count = 0;
  let named = false;
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (c === '(') {
      if (src[i + 1] !== '?') {
        count++;
      } else if (src[i + 2] === '<' && src[i + 3] !== '=' && src[i + 3] !== '!') {
        count++;
        named = true;
      }
    }
  }
  return { count, named };
}

interface ClassAtom {
  code: number;
  /** Set for class escapes such as \d; `code` is then meaningless. */
  set?: Ranges;
}

class Parser {
  private i = 0;
  groups = 0;
  private readonly totalGroups: number;
  private readonly hasNamed: boolean;

  constructor(private readonly src: string) {
    const scan = scanGroups(src);
    this.totalGroups = scan.count;
    this.hasNamed = scan.named;
  }

  parse(): Node {
    const node = this.disjunction();
    if (this.i !== this.src.length) throw new Unsupported('unbalanced');
    return node;
  }

  private disjunction(): Node {
    const first = this.alternative();
    if (this.src[this.i] !== '|') return first;
    const alts = [first];
    while (this.src[this.i] === '|') {
      this.i++;
      alts.push(this.alternative());
    }
    return { kind: N_ALT, alts };
  }

  private alternative(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      items.push(this.term());
    }
    if (items.length === 0) return EMPTY;
    return items.length === 1 ? items[0] : { kind: N_SEQ, items };
  }

  private term(): Node {
    const src = this.src;
    const c = src[this.i];
    if (c === '^' || c === '$') {
      this.i++;
      return { kind: N_ASSERT, op: c === '^' ? OP_BOL : OP_EOL };
    }
    if (c === '\\' && (src[this.i + 1] === 'b' || src[this.i + 1] === 'B')) {
      this.i += 2;
      return { kind: N_ASSERT, op: src[this.i - 1] === 'b' ? OP_WORD_BOUNDARY : OP_NOT_WORD_BOUNDARY };
    }
    const groupsBefore = this.groups;
    const atom = this.atom();
    return this.quantified(atom, groupsBefore + 1, this.groups + 1);
  }

  private atom(): Node {
    const src = this.src;
    const c = src[this.i];
    switch (c) {
      case '(':
        return this.group();
      case '.':
        this.i++;
        return { kind: N_CLASS, members: LINE_TERMINATORS, negate: true };
      case '[':
        return this.characterClass();
      case '\\':
        return this.atomEscape();
      case '*':
      case '+':
      case '?':
      case ')':
        throw new Unsupported('syntax');
      case '{':
        QUANTIFIER.lastIndex = this.i;
        if (QUANTIFIER.test(src)) throw new Unsupported('syntax');
        break;
    }
    this.i++;
    return { kind: N_CHAR, code: c.charCodeAt(0) };
  }

  private group(): Node {
    const src = this.src;
    this.i++; // (
    let node: Node;
    if (src[this.i] === '?') {
      const kind = src[this.i + 1];
      if (kind === ':') {
        this.i += 2;
        node = this.disjunction();
      } else if (kind === '=' || kind === '!') {
        this.i += 2;
        const firstGroup = this.groups + 1;
        const body = this.disjunction();
        node = { kind: N_LOOK, negative: kind === '!', body, firstGroup, endGroup: this.groups + 1 };
      } else if (kind === '<' && src[this.i + 2] !== '=' && src[this.i + 2] !== '!') {
        const close = src.indexOf('>', this.i);
        if (close === -1) throw new Unsupported('syntax');
        this.i = close + 1;
        const index = ++this.groups;
        node = { kind: N_GROUP, index, body: this.disjunction() };
      } else {
        throw new Unsupported('group kind');
      }
    } else {
      const index = ++this.groups;
      node = { kind: N_GROUP, index, body: this.disjunction() };
    }
    if (src[this.i] !== ')') throw new Unsupported('syntax');
    this.i++;
    return node;
  }

  private quantified(atom: Node, firstGroup: number, endGroup: number): Node {
    const src = this.src;
    let min: number;
    let max: number;
    const c = src[this.i];
    if (c === '*') {
      min = 0;
      max = Number.POSITIVE_INFINITY;
      this.i++;
    } else if (c === '+') {
      min = 1;
      max = Number.POSITIVE_INFINITY;
      this.i++;
    } else if (c === '?') {
      min = 0;
      max = 1;
      this.i++;
    } else if (c === '{') {
      QUANTIFIER.lastIndex = this.i;
      const m = QUANTIFIER.exec(src);
      if (m === null) return atom; // Annex B: a `{` that is no quantifier is a literal
      this.i = QUANTIFIER.lastIndex;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Number.POSITIVE_INFINITY : Number(m[3]);
      if (min > max) throw new Unsupported('syntax');
    } else {
      return atom;
    }
    let greedy = true;
    if (src[this.i] === '?') {
      greedy = false;
      this.i++;
    }
    return { kind: N_REPEAT, body: atom, min, max, greedy, firstGroup, endGroup };
  }

  private atomEscape(): Node {
    const src = this.src;
    const c = src[this.i + 1];
    if (c === undefined) throw new Unsupported('syntax');
    const set = classEscape(c);
    if (set) {
      this.i += 2;
      return { kind: N_CLASS, members: set, negate: false };
    }
    if (c >= '1' && c <= '9') {
      let j = this.i + 1;
      let value = 0;
      while (isDigit(src[j])) value = value * 10 + (src.charCodeAt(j++) - 48);
      if (value <= this.totalGroups) throw new Unsupported('backreference');
    }
    if (c === 'k' && this.hasNamed) throw new Unsupported('backreference');
    this.i++;
    return { kind: N_CHAR, code: this.characterEscape(false) };
  }

  /**
   * Reads a character escape with `this.i` just past the backslash and returns its code unit.
   * A `\c` with no control letter stands for the backslash itself and leaves `c` to be read next.
   */
  private characterEscape(inClass: boolean): number {
    const src = this.src;
    const c = src[this.i];
    switch (c) {
      case 'f':
        this.i++;
        return 12;
      case 'n':
        this.i++;
        return 10;
      case 'r':
        this.i++;
        return 13;
      case 't':
        this.i++;
        return 9;
      case 'v':
        this.i++;
        return 11;
      case 'c': {
        const letter = src[this.i + 1];
        if (isAsciiLetter(letter) || (inClass && (isDigit(letter) || letter === '_'))) {
          this.i += 2;
          return letter.charCodeAt(0) % 32;
        }
        return 92; // the backslash; `c` is read as the next character
      }
      case 'x':
        if (isHex(src[this.i + 1]) && isHex(src[this.i + 2])) {
          this.i += 3;
          return Number.parseInt(src.slice(this.i - 2, this.i), 16);
        }
        this.i++;
        return 120;
      case 'u':
        if (
          isHex(src[this.i + 1]) &&
          isHex(src[this.i + 2]) &&
          isHex(src[this.i + 3]) &&
          isHex(src[this.i + 4])
        ) {
          this.i += 5;
          return Number.parseInt(src.slice(this.i - 4, this.i), 16);
        }
        this.i++;
        return 117;
    }
    if (isOctal(c)) {
      // Legacy octal: up to three digits, value at most 0o377 (`\0` alone is NUL).
      let value = c.charCodeAt(0) - 48;
      this.i++;
      if (isOctal(src[this.i])) {
        value = value * 8 + (src.charCodeAt(this.i++) - 48);
        if (c <= '3' && isOctal(src[this.i])) value = value * 8 + (src.charCodeAt(this.i++) - 48);
      }
      return value;
    }
    // Identity escape (includes \8, \9, \/, \-, \k without named groups).
    this.i++;
    return c.charCodeAt(0);
  }

  private characterClass(): Node {
    const src = this.src;
    this.i++; // [
    let negate = false;
    if (src[this.i] === '^') {
      negate = true;
      this.i++;
    }
    const members: Ranges = [];
    while (src[this.i] !== ']') {
      if (this.i >= src.length) throw new Unsupported('syntax');
      const from = this.classAtom();
      if (src[this.i] === '-' && src[this.i + 1] !== ']' && this.i + 1 < src.length) {
        this.i++;
        const to = this.classAtom();
        if (from.set || to.set) {
          // Annex B: a range touching a class escape is the union of both sides and '-'.
          addAtom(members, from);
          members.push(45, 45);
          addAtom(members, to);
        } else {
          if (from.code > to.code) throw new Unsupported('syntax');
          members.push(from.code, to.code);
        }
      } else {
        addAtom(members, from);
      }
    }
    this.i++; // ]
    return { kind: N_CLASS, members, negate };
  }

  private classAtom(): ClassAtom {
    const src = this.src;
    const c = src[this.i];
    if (c !== '\\') {
      this.i++;
      return { code: c.charCodeAt(0) };
    }
    const e = src[this.i + 1];
    if (e === undefined) throw new Unsupported('syntax');
    const set = classEscape(e);
    if (set) {
      this.i += 2;
      return { code: 0, set };
    }
    if (e === 'b') {
      this.i += 2;
      return { code: 8 };
    }
    if (e === 'k' && this.hasNamed) throw new Unsupported('syntax');
    this.i++;
    return { code: this.characterEscape(true) };
  }
}

function addAtom(members: Ranges, atom: ClassAtom): void {
  if (atom.set) members.push(...atom.set);
  else members.push(atom.code, atom.code);
}

function classEscape(c: string): Ranges | undefined {
  switch (c) {
    case 'd':
      return DIGITS;
    case 'D':
      return complement(DIGITS);
    case 'w':
      return WORD_CHARS;
    case 'W':
      return complement(WORD_CHARS);
    case 's':
      return SPACES;
    case 'S':
      return complement(SPACES);
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Program

const OP_CHAR = 0; // consume code unit a
const OP_SET = 1; // consume a member of sets[a]
const OP_MATCH = 2;
const OP_JMP = 3; // goto a
const OP_SPLIT = 4; // goto a (preferred) and b
const OP_SAVE = 5; // slot a := position
const OP_RESET = 6; // slots [a, b) := unset
const OP_ENTER = 7; // loop register a := position (start of an iteration that may not be empty)
const OP_CHECK = 8; // fail when loop register a = position (the iteration matched empty)
const OP_BOL = 9;
const OP_EOL = 10;
const OP_WORD_BOUNDARY = 11;
const OP_NOT_WORD_BOUNDARY = 12;
const OP_LOOK = 13; // lookahead looks[a]

interface Look {
  prog: Program;
  negative: boolean;
  /** Capture slots [firstSlot, endSlot) set by a successful positive lookahead. */
  firstSlot: number;
  endSlot: number;
  /**
   * False: a bounded body, run forward at each position that asks (one cached result per position).
   * True: an unbounded body without captures, compiled reversed; one backward pass over the input
   * records at every position whether the body matches a prefix there.
   */
  scan: boolean;
  cacheRun: number;
  cachePos: number;
  cacheResult: boolean;
  bits: Uint8Array;
}

interface Program {
  op: Int32Array;
  a: Int32Array;
  b: Int32Array;
  sets: CharSet[];
  /** The ranges each of `sets` was built from (the lazy DFA partitions the alphabet with them). */
  setRanges: Ranges[];
  looks: Look[];
  /** Only position `start` is tried (a `^`-anchored regex, or a lookahead body). */
  anchored: boolean;
  /** False for lookahead bodies whose captures nobody reads: the first match found is enough. */
  captures: boolean;
  /** Capture slots (2 per group, the whole match included); registers follow them up to `slots`. */
  captureSlots: number;
  slots: number;
  /**
   * Deduplication key of a thread at pc: stateBase[pc] + the number of enclosing checked loops
   * (outermost first) whose current iteration has already consumed input. Threads at one pc whose
   * iterations are empty to different depths can differ in the future (the empty check), so they
   * are distinct states; enclosing loops are listed in encl[enclStart[pc] .. enclStart[pc + 1]).
   */
  stateBase: Int32Array;
  enclStart: Int32Array;
  encl: Int32Array;
  /** 1 where the instruction is CHAR, SET or MATCH outside any checked loop (a plain wait state). */
  waits: Uint8Array;
  // Buffers reused by every run.
  visited: Int32Array;
  generation: number;
  listA: Int32Array;
  capsA: Int32Array;
  listB: Int32Array;
  capsB: Int32Array;
  scratch: Int32Array;
  stack: Int32Array;
  out: Int32Array;
}

const EMPTY_BITS = new Uint8Array(0);

interface Budget {
  instructions: number;
}

class Builder {
  readonly op: number[] = [];
  readonly a: number[] = [];
  readonly b: number[] = [];
  private readonly enclosing: number[][] = [];
  private loops: number[] = [];
  private registers = 0;
  private readonly sets: CharSet[] = [];
  private readonly setRanges: Ranges[] = [];
  private readonly setIndex = new Map<Ranges, number>();
  private readonly looks: Look[] = [];

  /**
   * `captures` false: only whether the regex matches matters (negative or capture-free lookahead),
   * so captures, capture resets and empty checks (which never change *whether* a match exists) are
   * left out. `reversed`: the program reads the input right to left (sequences are emitted backwards).
   */
  constructor(
    private readonly captureSlots: number,
    private readonly ignoreCase: boolean,
    private readonly budget: Budget,
    private readonly captures = true,
    private readonly reversed = false,
  ) {
    if (!captures) this.captureSlots = 0;
  }

  get pc(): number {
    return this.op.length;
  }

  emit(op: number, a = 0, b = 0): number {
    if (--this.budget.instructions < 0) throw new Unsupported('too large');
    this.op.push(op);
    this.a.push(a);
    this.b.push(b);
    this.enclosing.push(this.loops);
    return this.op.length - 1;
  }

  node(node: Node): void {
    switch (node.kind) {
      case N_EMPTY:
        return;
      case N_CHAR:
        if (this.ignoreCase) this.set([node.code, node.code], false);
        else this.emit(OP_CHAR, node.code);
        return;
      case N_CLASS:
        this.set(node.members, node.negate);
        return;
      case N_SEQ:
        if (this.reversed) for (let k = node.items.length - 1; k >= 0; k--) this.node(node.items[k]);
        else for (const item of node.items) this.node(item);
        return;
      case N_ALT: {
        const jumps: number[] = [];
        for (let k = 0; k < node.alts.length - 1; k++) {
          const split = this.emit(OP_SPLIT);
          this.a[split] = this.pc;
          this.node(node.alts[k]);
          jumps.push(this.emit(OP_JMP));
          this.b[split] = this.pc;
        }
        this.node(node.alts[node.alts.length - 1]);
        for (const jump of jumps) this.a[jump] = this.pc;
        return;
      }
      case N_GROUP:
        if (!this.captures) {
          this.node(node.body);
          return;
        }
        this.emit(OP_SAVE, 2 * node.index);
        this.node(node.body);
        this.emit(OP_SAVE, 2 * node.index + 1);
        return;
      case N_REPEAT:
        this.repeat(node);
        return;
      case N_ASSERT:
        this.emit(node.op);
        return;
      case N_LOOK: {
        // Captures of a negative lookahead are never visible, and a body without groups has none.
        const captures = this.captures && !node.negative && node.endGroup > node.firstGroup;
        // Without captures only *whether* the body matches counts, so a trailing `x+` may become `x`
        // (as in `(?!\/|-+)`), which can make an unbounded body bounded.
        const body = captures ? node.body : trimTail(node.body);
        const bounded = maxLength(body) <= LOOK_MAX_LENGTH;
        if (!bounded && captures) throw new Unsupported('unbounded lookahead with captures');
        const sub = new Builder(this.captureSlots, this.ignoreCase, this.budget, captures, !bounded);
        sub.node(body);
        sub.emit(OP_MATCH);
        this.looks.push({
          prog: sub.finish(true),
          negative: node.negative,
          firstSlot: captures ? 2 * node.firstGroup : 0,
          endSlot: captures ? 2 * node.endGroup : 0,
          scan: !bounded,
          cacheRun: -1,
          cachePos: -1,
          cacheResult: false,
          bits: EMPTY_BITS,
        });
        this.emit(OP_LOOK, this.looks.length - 1);
        return;
      }
    }
  }

  private set(members: Ranges, negate: boolean): void {
    const ranges = finalRanges(members, negate, this.ignoreCase);
    if (ranges.length === 2 && ranges[0] === ranges[1]) {
      this.emit(OP_CHAR, ranges[0]);
      return;
    }
    let index = this.setIndex.get(ranges);
    if (index === undefined) {
      index = this.sets.length;
      this.sets.push(toCharSet(ranges));
      this.setRanges.push(ranges);
      this.setIndex.set(ranges, index);
    }
    this.emit(OP_SET, index);
  }

  private repeat(node: Extract<Node, { kind: typeof N_REPEAT }>): void {
    const { min, max, greedy } = node;
    if (max === 0) return;
    // Only a body that can match empty needs the empty check (and its register).
    const checked = this.captures && minLength(node.body) === 0;
    if (min > MAX_INSTRUCTIONS) throw new Unsupported('too large');
    for (let k = 0; k < min; k++) this.iteration(node, false);
    if (max === Number.POSITIVE_INFINITY) {
      const loop = this.emit(OP_SPLIT);
      const body = this.pc;
      this.iteration(node, checked);
      this.emit(OP_JMP, loop);
      this.branch(loop, body, this.pc, greedy);
      return;
    }
    if (max - min > MAX_INSTRUCTIONS) throw new Unsupported('too large');
    const splits: number[] = [];
    for (let k = min; k < max; k++) {
      splits.push(this.emit(OP_SPLIT));
      this.iteration(node, checked);
    }
    for (const split of splits) this.branch(split, split + 1, this.pc, greedy);
  }

  private branch(split: number, body: number, exit: number, greedy: boolean): void {
    this.a[split] = greedy ? body : exit;
    this.b[split] = greedy ? exit : body;
  }

  private iteration(node: Extract<Node, { kind: typeof N_REPEAT }>, checked: boolean): void {
    let register = -1;
    if (checked) {
      register = this.captureSlots + this.registers++;
      this.emit(OP_ENTER, register);
      this.loops = [...this.loops, register];
    }
    if (this.captures && node.endGroup > node.firstGroup)
      this.emit(OP_RESET, 2 * node.firstGroup, 2 * node.endGroup);
    this.node(node.body);
    if (checked) {
      this.emit(OP_CHECK, register);
      this.loops = this.loops.slice(0, -1);
    }
  }

  finish(anchored: boolean): Program {
    const count = this.op.length;
    const slots = this.captureSlots + this.registers;
    const stateBase = new Int32Array(count);
    const enclStart = new Int32Array(count + 1);
    const encl: number[] = [];
    let states = 0;
    let stack = 1;
    for (let pc = 0; pc < count; pc++) {
      const loops = this.enclosing[pc];
      stateBase[pc] = states;
      enclStart[pc] = encl.length;
      encl.push(...loops);
      const variants = loops.length + 1;
      states += variants;
      // Stack entries one visit of this state can push (each state is visited once per step).
      const op = this.op[pc];
      if (op === OP_SPLIT) stack += variants;
      else if (op === OP_SAVE || op === OP_ENTER) stack += 2 * variants;
      else if (op === OP_RESET) stack += 2 * (this.b[pc] - this.a[pc]) * variants;
      else if (op === OP_LOOK) {
        const look = this.looks[this.a[pc]];
        stack += 2 * (look.endSlot - look.firstSlot) * variants;
      }
    }
    enclStart[count] = encl.length;
    const waits = new Uint8Array(count);
    for (let pc = 0; pc < count; pc++) {
      const op = this.op[pc];
      const plain = enclStart[pc] === enclStart[pc + 1];
      if (plain && (op === OP_CHAR || op === OP_SET || op === OP_MATCH)) waits[pc] = 1;
    }
    if (states > MAX_LIST_CELLS || states * slots > MAX_LIST_CELLS) throw new Unsupported('too large');
    return {
      op: Int32Array.from(this.op),
      a: Int32Array.from(this.a),
      b: Int32Array.from(this.b),
      sets: this.sets,
      setRanges: this.setRanges,
      looks: this.looks,
      anchored,
      captures: this.captures,
      captureSlots: this.captureSlots,
      slots,
      stateBase,
      enclStart,
      encl: Int32Array.from(encl),
      waits,
      visited: new Int32Array(states),
      generation: 0,
      listA: new Int32Array(states),
      capsA: new Int32Array(states * slots),
      listB: new Int32Array(states),
      capsB: new Int32Array(states * slots),
      scratch: new Int32Array(slots),
      stack: new Int32Array(stack),
      out: new Int32Array(slots),
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Pike VM

function nextGeneration(prog: Program): void {
  if (prog.generation === 0x7fffffff) {
    prog.visited.fill(0);
    prog.generation = 0;
  }
  prog.generation++;
}

function isWordAt(input: string, pos: number, length: number): boolean {
  if (pos < 0 || pos >= length) return false;
  const c = input.charCodeAt(pos);
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/**
 * Follows every epsilon path from `pc0` at `pos` in priority order, appending the threads that reach
 * a consuming instruction or MATCH to (list, caps) from index `count`. Thread state lives in
 * prog.scratch; changes are undone from the explicit stack when a path ends (restore entries are
 * negative slot numbers preceded by the old value). Returns the new list length.
 */
/**
 * Thread additions since the module loaded: the unit of this engine's work, so a test can check that
 * work grows linearly with the input without timing anything.
 */
export const workDone = {
  threads: 0,
  /** Execs answered by the lazy DFA, by the Pike VM, and DFA runs abandoned because its cache filled. */
  dfaRuns: 0,
  nfaRuns: 0,
  dfaOverflows: 0,
  /** Execs the prefilter answered (no match) without running an engine. */
  prefiltered: 0,
  /** Execs a DFA run handed over to V8's RegExp (a pattern proven linear there, a dense input). */
  nativeRuns: 0,
  /** Long inputs refused for a character no match has at its position (leadSets). */
  probed: 0,
};

function addThreads(
  prog: Program,
  list: Int32Array,
  caps: Int32Array,
  count: number,
  pc0: number,
  pos: number,
  input: string,
  length: number,
  run: number,
): number {
  const { op, a, b, stateBase, enclStart, encl, visited, scratch, stack, slots } = prog;
  const generation = prog.generation;
  workDone.threads++;
  let sp = 0;
  stack[sp++] = pc0;
  while (sp > 0) {
    let pc = stack[--sp];
    if (pc < 0) {
      scratch[-pc - 1] = stack[--sp];
      continue;
    }
    walk: for (;;) {
      let key = stateBase[pc];
      const first = enclStart[pc];
      const end = enclStart[pc + 1];
      if (first !== end) {
        let k = first;
        while (k < end && scratch[encl[k]] !== pos) k++;
        key += k - first;
      }
      if (visited[key] === generation) break;
      visited[key] = generation;
      switch (op[pc]) {
        case OP_JMP:
          pc = a[pc];
          continue walk;
        case OP_SPLIT:
          stack[sp++] = b[pc];
          pc = a[pc];
          continue walk;
        case OP_SAVE:
        case OP_ENTER: {
          const slot = a[pc];
          stack[sp++] = scratch[slot];
          stack[sp++] = -slot - 1;
          scratch[slot] = pos;
          pc++;
          continue walk;
        }
        case OP_RESET:
          for (let slot = a[pc], last = b[pc]; slot < last; slot++) {
            if (scratch[slot] !== -1) {
              stack[sp++] = scratch[slot];
              stack[sp++] = -slot - 1;
              scratch[slot] = -1;
            }
          }
          pc++;
          continue walk;
        case OP_CHECK:
          if (scratch[a[pc]] === pos) break walk;
          pc++;
          continue walk;
        case OP_BOL:
          if (pos !== 0) break walk;
          pc++;
          continue walk;
        case OP_EOL:
          if (pos !== length) break walk;
          pc++;
          continue walk;
        case OP_WORD_BOUNDARY:
        case OP_NOT_WORD_BOUNDARY: {
          const boundary = isWordAt(input, pos - 1, length) !== isWordAt(input, pos, length);
          if (boundary !== (op[pc] === OP_WORD_BOUNDARY)) break walk;
          pc++;
          continue walk;
        }
        case OP_LOOK: {
          const look = prog.looks[a[pc]];
          let found: boolean;
          if (look.scan) {
            if (look.cacheRun !== run) scanBackward(look, input, length, run);
            found = look.bits[pos] === 1;
          } else {
            if (look.cacheRun !== run || look.cachePos !== pos) {
              look.cacheResult = simulate(look.prog, input, length, pos, run);
              look.cacheRun = run;
              look.cachePos = pos;
            }
            found = look.cacheResult;
          }
          if (found === look.negative) break walk;
          if (!look.negative) {
            const out = look.prog.out;
            for (let slot = look.firstSlot; slot < look.endSlot; slot++) {
              if (scratch[slot] !== out[slot]) {
                stack[sp++] = scratch[slot];
                stack[sp++] = -slot - 1;
                scratch[slot] = out[slot];
              }
            }
          }
          pc++;
          continue walk;
        }
        default: {
          // OP_CHAR, OP_SET, OP_MATCH: the thread waits here for the next input character.
          const base = count * slots;
          for (let slot = 0; slot < slots; slot++) caps[base + slot] = scratch[slot];
          list[count++] = pc;
          break walk;
        }
      }
    }
  }
  return count;
}

/**
 * Runs `prog` from `start`; on a match, prog.out holds the slots of the highest-priority thread
 * of the leftmost match (which is what a backtracking engine would have returned).
 */
function simulate(prog: Program, input: string, length: number, start: number, run: number): boolean {
  const { op, a, sets, slots, scratch, anchored, out, waits, stateBase, visited } = prog;
  let list = prog.listA;
  let caps = prog.capsA;
  let nextList = prog.listB;
  let nextCaps = prog.capsB;
  nextGeneration(prog);
  scratch.fill(-1);
  let count = addThreads(prog, list, caps, 0, 0, start, input, length, run);
  let matched = false;
  for (let pos = start; ; pos++) {
    if (count === 0 && (matched || anchored || pos >= length)) break;
    nextGeneration(prog);
    let nextCount = 0;
    const ch = pos < length ? input.charCodeAt(pos) : -1;
    for (let t = 0; t < count; t++) {
      const pc = list[t];
      const code = op[pc];
      if (code === OP_MATCH) {
        if (!prog.captures) return true;
        // Lower-priority threads are cut: they could only yield a less preferred match.
        const base = t * slots;
        for (let slot = 0; slot < slots; slot++) out[slot] = caps[base + slot];
        matched = true;
        break;
      }
      if (ch === -1) continue;
      if (code === OP_CHAR ? ch === a[pc] : inSet(sets[a[pc]], ch)) {
        const base = t * slots;
        const next = pc + 1;
        if (waits[next] === 1) {
          // Fast path: the next instruction is itself a wait state, so there is no closure to follow.
          const key = stateBase[next];
          if (visited[key] !== prog.generation) {
            visited[key] = prog.generation;
            const nextBase = nextCount * slots;
            for (let slot = 0; slot < slots; slot++) nextCaps[nextBase + slot] = caps[base + slot];
            nextList[nextCount++] = next;
          }
          continue;
        }
        for (let slot = 0; slot < slots; slot++) scratch[slot] = caps[base + slot];
        nextCount = addThreads(prog, nextList, nextCaps, nextCount, next, pos + 1, input, length, run);
      }
    }
    if (pos >= length) break;
    if (!matched && !anchored) {
      // A match starting further right ranks below every thread that started earlier.
      scratch.fill(-1);
      nextCount = addThreads(prog, nextList, nextCaps, nextCount, 0, pos + 1, input, length, run);
    }
    const swapList = list;
    list = nextList;
    nextList = swapList;
    const swapCaps = caps;
    caps = nextCaps;
    nextCaps = swapCaps;
    count = nextCount;
  }
  return matched;
}

/**
 * Fills look.bits[p] (0 <= p <= length) with whether the lookahead body matches some prefix of
 * input[p..], running its reversed program from the end of the input back to the start with a new
 * thread entering at every position: O(length × program size) once per exec, however many positions
 * ask.
 */
function scanBackward(look: Look, input: string, length: number, run: number): void {
  const prog = look.prog;
  const { op, a, sets } = prog;
  if (look.bits.length < length + 1) look.bits = new Uint8Array(Math.max(length + 1, 2 * look.bits.length));
  const bits = look.bits;
  let list = prog.listA;
  let nextList = prog.listB;
  const caps = prog.capsA;
  nextGeneration(prog);
  let count = 0;
  for (let pos = length; ; pos--) {
    count = addThreads(prog, list, caps, count, 0, pos, input, length, run);
    let found = 0;
    for (let t = 0; t < count; t++) {
      if (op[list[t]] === OP_MATCH) {
        found = 1;
        break;
      }
    }
    bits[pos] = found;
    if (pos === 0) break;
    nextGeneration(prog);
    let nextCount = 0;
    const ch = input.charCodeAt(pos - 1);
    for (let t = 0; t < count; t++) {
      const pc = list[t];
      const code = op[pc];
      if (code !== OP_MATCH && (code === OP_CHAR ? ch === a[pc] : inSet(sets[a[pc]], ch))) {
        nextCount = addThreads(prog, nextList, caps, nextCount, pc + 1, pos - 1, input, length, run);
      }
    }
    const swap = list;
    list = nextList;
    nextList = swap;
    count = nextCount;
  }
  look.cacheRun = run;
}

let runCounter = 0;

// ---------------------------------------------------------------------------------------------
// Lazy DFA
//
// The Pike VM above pays for its generality on every character: it walks the closure of every thread
// and copies every thread's captures. For an anchored regex whose assertions depend on the current
// character alone (`$`, and lookaheads such as `(?!\/|-)` or `(?=\/|$)`), the whole step is a function
// of (the ordered list of threads, the class of the current character), so it is computed once and
// cached, as in RE2's DFA — with the priority order of the threads kept, so the result is still the one
// a backtracking engine returns. A state is the ordered list of program counters the threads resume
// from; a transition also records, for each thread of the next state, which thread of this state it
// came from and which capture slots its closure set (or reset) on the way. A run then costs a table
// lookup per character; where a transition moves captures, (position, transition) is appended to a
// trace, and after a match the captures are read back along the trace from the matching thread to its
// ancestors. Work stays O(input × program): a run builds at most one transition per position (plus,
// once per state while the cache lives, every transition of a state it skips through), each in
// O(program); the cache is bounded — when it fills, the run finishes on the Pike VM and the next run
// starts from an empty cache. Skipping (below) and the prefilter (LinearRegExp) only spare steps whose
// outcome is known: a skipped character loops on the state moving no capture, a rejected input
// cannot match.

/** Most states one regex's DFA holds before it gives up for the run (a test may lower it). */
export const DFA_MAX_STATES = 512;
/** Most (state × character class) cells of one DFA's transition table. */
const DFA_MAX_CELLS = 1 << 17;
/** Most character classes: past it (a pattern naming hundreds of distinct characters) no DFA is built. */
const DFA_MAX_SYMBOLS = 1024;
const F_MATCH = 1;
/** Every thread of the next state is the same-numbered thread of this one, and no capture moved. */
const F_PLAIN = 2;
const UNKNOWN = -1;
const NO_OPS = new Int32Array(0);
/** Skipping kinds (LazyDfa#skipKind): indexOf for each leaving character, or a sticky class RegExp. */
const SKIP_CHARS = 1;
const SKIP_CLASS = 2;
/** Most characters leaving a state that skipping looks for with indexOf (more: a sticky class RegExp). */
const SKIP_MAX_CHARS = 6;
/** Self-loops in a row before a run looks ahead for the way out (a search costs a few steps' time). */
const SKIP_AFTER = 2;
/**
 * Position at which a DFA run on a pattern V8 runs in linear time decides whether to hand over (on an
 * input at least twice as long: V8 runs the input from its start). The earlier, the less a dense input
 * costs on top of V8's own run (both run the same regex there): 128, then 48, now 24 — at 48, `/:p+` on
 * a 10 KB path of many segments was 1.01× Express (the DFA's first steps), at 24 it is 1.00×; at 8 the
 * decision came too early (a pattern the DFA runs best was handed over).
 */
const NATIVE_CHECK_AT = 24;
/**
 * A DFA step (with its share of skips and trace) costs about as much as this many instructions walked
 * by V8's backtracking (LazyDfa#walk; measured on the dense rows of bench/long-paths.mjs: a step
 * 18–20 ns, V8 0.21–0.26 ns per weighted instruction); a run whose steps cost more is handed over.
 * Near the line both engines take about the same time (`/:p+` on many short segments: 82 walked per
 * step, either engine within ±10% of the other).
 */
const STEP_WALK = 90;
/** Weight of a capture register V8 saves for backtracking when a quantified group's iteration resets it. */
const RESET_WALK = 3;
/** LazyDfa#run's answer when V8 should run the input instead. */
const HAND_OVER = 2;
/**
 * Most positions at the start of a long input LinearRegExp#exec checks against the characters a match
 * can have there (leadSets) before the '/' count: most misses end on the first characters (a route's
 * literal prefix), where the count of a path of one long segment would search to its end.
 */
const LEAD_MAX = 8;

/**
 * Per position k < length: the characters some match can have at k (bits[4k .. 4k + 4) for ASCII;
 * high[k] 1 when any character at or above 128 may be there). A superset, from the program with its
 * zero-width tests let through: a character outside is a miss, whatever the characters around it.
 */
interface LeadSets {
  bits: Uint32Array;
  high: Uint8Array;
  /** The positions exec checks, ascending (position 0, the leading '/', is the count's). */
  positions: Int32Array;
}

const EMPTY_POSITIONS = new Int32Array(0);

/** The lead sets of a program anchored at the start (length 0 when it is not). */
function leadSets(prog: Program): LeadSets {
  const bits = new Uint32Array(LEAD_MAX * 4);
  const high = new Uint8Array(LEAD_MAX);
  const lead: LeadSets = { bits, high, positions: EMPTY_POSITIONS };
  if (!prog.anchored) return lead;
  // Positions worth checking, from 0: up to the first that excludes '/' at most (a parameter's `[^/]`,
  // which a path's own separators decide better: the '/' count) or where a match may end.
  let length = 0;
  const { op, a, b, sets } = prog;
  const seen = new Int32Array(op.length).fill(-1);
  let frontier = [0];
  for (let k = 0; k < LEAD_MAX; k++) {
    // Every instruction a thread can stand at, consuming the character at k.
    const stack = frontier;
    const consumers: number[] = [];
    let ends = false;
    while (stack.length > 0) {
      const pc = stack.pop()!;
      if (seen[pc] === k) continue;
      seen[pc] = k;
      switch (op[pc]) {
        case OP_CHAR:
        case OP_SET:
          consumers.push(pc);
          break;
        case OP_MATCH:
          ends = true;
          break;
        case OP_JMP:
          stack.push(a[pc]);
          break;
        case OP_SPLIT:
          stack.push(a[pc], b[pc]);
          break;
        case OP_EOL:
          // The input is longer than LEAD_MAX: it does not end here.
          break;
        case OP_BOL:
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
      if (op[pc] === OP_CHAR) {
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
  // Checked: position 1 (where routes part most often) and each later one that may hold a '/' (the
  // count needs those). A position that cannot is skipped: a '/' there, uncounted, is a miss anyway.
  const positions: number[] = [];
  for (let k = 1; k < length; k++) if (k === 1 || (bits[4 * k + 1] & (1 << 15)) !== 0) positions.push(k);
  lead.positions = Int32Array.from(positions);
  return lead;
}

function hex4(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

interface Edge {
  /** For each thread of the next state, the index of the thread of this state it continues. */
  parents: Int32Array;
  /** Thread j's capture operations: ops[opStart[j] .. opStart[j + 1]], in path order. */
  opStart: Int32Array;
  /** slot × 2 (set to the position) or slot × 2 + 1 (reset to unset). */
  ops: Int32Array;
  /** Index of the thread that reached MATCH at this position (lower ones are cut), or -1. */
  matchParent: number;
  matchOps: Int32Array;
}

/** Whether the lazy DFA reproduces `prog` exactly (see the section comment). */
function dfaEligible(prog: Program): boolean {
  if (!prog.anchored || !prog.captures) return false;
  const { op } = prog;
  for (let pc = 0; pc < op.length; pc++) {
    if (op[pc] === OP_WORD_BOUNDARY || op[pc] === OP_NOT_WORD_BOUNDARY) return false;
  }
  for (const look of prog.looks) {
    if (look.scan || look.endSlot > look.firstSlot) return false;
    if (!oneCharacterLook(look.prog)) return false;
  }
  return true;
}

/**
 * True when a lookahead body decides on the character at its position alone: only characters, sets,
 * `$`, jumps and splits, and nothing but MATCH after a character (so `(?=\/|$)`, `(?!\/|-)`).
 */
function oneCharacterLook(prog: Program): boolean {
  const { op, a, b } = prog;
  for (let pc = 0; pc < op.length; pc++) {
    const code = op[pc];
    if (code !== OP_CHAR && code !== OP_SET && code !== OP_MATCH && code !== OP_JMP && code !== OP_SPLIT) {
      if (code !== OP_EOL) return false;
    }
    if (code !== OP_CHAR && code !== OP_SET) continue;
    // Everything reachable without input after this character must be MATCH.
    const seen = new Set<number>();
    const todo = [pc + 1];
    while (todo.length > 0) {
      const at = todo.pop()!;
      if (seen.has(at)) continue;
      seen.add(at);
      if (op[at] === OP_JMP) todo.push(a[at]);
      else if (op[at] === OP_SPLIT) todo.push(a[at], b[at]);
      else if (op[at] !== OP_MATCH) return false;
    }
  }
  return true;
}

/** Every range and character a program (lookaheads included) tests, as boundaries of classes. */
function collectBoundaries(prog: Program, points: Set<number>): void {
  const { op, a } = prog;
  for (let pc = 0; pc < op.length; pc++) {
    if (op[pc] === OP_CHAR) {
      points.add(a[pc]);
      points.add(a[pc] + 1);
    }
  }
  for (const ranges of prog.setRanges) {
    for (let k = 0; k < ranges.length; k += 2) {
      points.add(ranges[k]);
      points.add(ranges[k + 1] + 1);
    }
  }
  for (const look of prog.looks) collectBoundaries(look.prog, points);
}

/** Whether `ch` passes every CHAR and SET of the program, as a string of 0/1 (the class signature). */
function signature(prog: Program, ch: number, out: string[]): void {
  const { op, a } = prog;
  for (let pc = 0; pc < op.length; pc++) {
    if (op[pc] === OP_CHAR) out.push(ch === a[pc] ? '1' : '0');
  }
  for (const set of prog.sets) out.push(inSet(set, ch) ? '1' : '0');
  for (const look of prog.looks) signature(look.prog, ch, out);
}

/** The alphabet cut into classes no CHAR or SET of the program (lookaheads included) tells apart. */
function partition(prog: Program): { starts: number[]; intervalClass: number[]; representatives: number[] } {
  const points = new Set<number>([0, 128]);
  collectBoundaries(prog, points);
  const starts = [...points].filter((p) => p <= MAX_CODE).sort((x, y) => x - y);
  const classOf = new Map<string, number>();
  const representatives: number[] = [];
  const intervalClass: number[] = [];
  for (const start of starts) {
    const sig: string[] = [];
    signature(prog, start, sig);
    const key = sig.join('');
    let cls = classOf.get(key);
    if (cls === undefined) {
      cls = representatives.length;
      classOf.set(key, cls);
      representatives.push(start);
    }
    intervalClass.push(cls);
  }
  return { starts, intervalClass, representatives };
}

/**
 * The trace of the current run (position and transition of every step that moved captures), shared by
 * every DFA: runs never overlap, and one buffer sized by the longest input seen is all the memory a
 * long path costs, however many patterns it meets.
 */
let traceAt = new Int32Array(256);
let traceEdge = new Int32Array(256);

class LazyDfa {
  /** Character classes + 1: the last symbol is the end of the input. */
  readonly symbols: number;
  readonly endSymbol: number;
  private readonly ascii: Uint16Array;
  /** Starts of the intervals at or above 128 and each one's class. */
  private readonly highStarts: Int32Array;
  private readonly highClasses: Uint16Array;
  /** A member of each class (-1 for the end symbol). */
  private readonly representatives: Int32Array;
  /** looks × symbols: 1 when lookahead k's body matches at a position whose symbol is s. */
  private readonly lookResults: Uint8Array;
  private readonly maxStates: number;
  private states: Int32Array[] = [];
  private keys = new Map<string, number>();
  /** (state × symbols + symbol) → next state, UNKNOWN until built. */
  private next: Int32Array = new Int32Array(0);
  private flags: Uint8Array = new Uint8Array(0);
  private cells: Int32Array = new Int32Array(0);
  /**
   * At each state's first cell (state × symbols): the instructions V8's backtracking walks per
   * position in that state (the epsilon moves from every thread's resume point), the estimate that
   * decides a hand-over (run()).
   */
  private rowWeight: Int32Array = new Int32Array(0);
  private readonly walkOf: Int32Array;
  private edges: (Edge | undefined)[] = [];
  private full = false;
  private dead = 1;
  // Scratch of build().
  private readonly registers: Uint8Array;
  private readonly reach: Int32Array;
  private reachGeneration = 0;
  // Skipping: through a state that loops on itself, moving no capture, on most characters, a run goes
  // without the DFA's bookkeeping to the next character that leaves it: with the native indexOf for each
  // leaving character when there are a few (each search remembered, so a character the input lacks is
  // looked for once per run), or a sticky `[^…]*` RegExp (which cannot backtrack: one class loop and
  // nothing after it).
  private readonly starts: Int32Array;
  private readonly intervalClass: Uint16Array;
  /** Per state: 0 not examined yet, -1 no skipping, SKIP_CHARS or SKIP_CLASS. */
  private skipKind: number[] = [];
  private skipChars: (string[] | undefined)[] = [];
  /** Where each of skipChars was last found (or the input's length), valid within run skipRun. */
  private skipFound: (Int32Array | undefined)[] = [];
  private skipRun: (Int32Array | undefined)[] = [];
  private skipRegExp: (RegExp | undefined)[] = [];
  private runId = 0;
  /** Whether backtrackingLinear proved the program linear on V8: 0 not decided yet, 1 yes, -1 no. */
  private proven = 0;

  static create(prog: Program, maxStates: number): LazyDfa | null {
    if (maxStates < 2 || !dfaEligible(prog)) return null;
    const { starts, intervalClass, representatives } = partition(prog);
    const symbols = representatives.length + 1;
    if (symbols > DFA_MAX_SYMBOLS) return null;
    const states = Math.min(maxStates, Math.floor(DFA_MAX_CELLS / symbols));
    if (states < 2) return null;
    return new LazyDfa(prog, starts, intervalClass, representatives, states);
  }

  private constructor(
    prog: Program,
    starts: number[],
    intervalClass: number[],
    representatives: number[],
    maxStates: number,
  ) {
    this.symbols = representatives.length + 1;
    this.endSymbol = representatives.length;
    this.maxStates = maxStates;
    this.representatives = Int32Array.from([...representatives, -1]);
    this.ascii = new Uint16Array(128);
    const highStarts: number[] = [];
    const highClasses: number[] = [];
    for (let k = 0; k < starts.length; k++) {
      const from = starts[k];
      const to = k + 1 < starts.length ? starts[k + 1] : MAX_CODE + 1;
      if (from < 128) this.ascii.fill(intervalClass[k], from, Math.min(to, 128));
      else {
        highStarts.push(from);
        highClasses.push(intervalClass[k]);
      }
    }
    this.highStarts = Int32Array.from(highStarts);
    this.starts = Int32Array.from(starts);
    this.intervalClass = Uint16Array.from(intervalClass);
    this.highClasses = Uint16Array.from(highClasses);
    this.lookResults = new Uint8Array(prog.looks.length * this.symbols);
    for (let k = 0; k < prog.looks.length; k++) {
      for (let sym = 0; sym < this.symbols; sym++) {
        const rep = this.representatives[sym];
        const text = rep === -1 ? '' : String.fromCharCode(rep);
        const found = simulate(prog.looks[k].prog, text, text.length, 0, ++runCounter);
        this.lookResults[k * this.symbols + sym] = found ? 1 : 0;
      }
    }
    this.registers = new Uint8Array(prog.slots);
    this.reach = new Int32Array(prog.op.length + 1);
    this.walkOf = new Int32Array(prog.op.length + 1).fill(-1);
    this.prog = prog;
    this.reset();
  }

  private readonly prog: Program;

  /**
   * Instructions V8's backtracking walks from `pc` until it consumes a character or fails (the
   * consuming ones and MATCH included), a RESET weighing RESET_WALK per register.
   */
  private walk(pc: number): number {
    const known = this.walkOf[pc];
    if (known >= 0) return known;
    const { op, a, b } = this.prog;
    const seen = new Set<number>();
    const stack = [pc];
    let count = 0;
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (seen.has(at)) continue;
      seen.add(at);
      const code = op[at];
      count += code === OP_RESET ? 1 + RESET_WALK * (b[at] - a[at]) : 1;
      if (code === OP_JMP) stack.push(a[at]);
      else if (code === OP_SPLIT) stack.push(a[at], b[at]);
      else if (code !== OP_CHAR && code !== OP_SET && code !== OP_MATCH) stack.push(at + 1);
    }
    this.walkOf[pc] = count;
    return count;
  }

  private reset(): void {
    this.states = [];
    this.keys = new Map();
    this.edges = [];
    this.skipKind = [];
    this.skipChars = [];
    this.skipFound = [];
    this.skipRun = [];
    this.skipRegExp = [];
    this.next = new Int32Array(8 * this.symbols).fill(UNKNOWN);
    this.flags = new Uint8Array(8 * this.symbols);
    this.cells = new Int32Array(8 * this.symbols).fill(UNKNOWN);
    this.rowWeight = new Int32Array(8 * this.symbols);
    this.full = false;
    this.addState(Int32Array.of(0), '^0'); // 0: the start, where `^` holds
    this.dead = this.addState(new Int32Array(0), ''); // 1: no thread left
  }

  private addState(pcs: Int32Array, key: string): number {
    const id = this.states.length;
    this.states.push(pcs);
    this.keys.set(key, id);
    this.skipKind.push(0);
    this.skipChars.push(undefined);
    this.skipFound.push(undefined);
    this.skipRun.push(undefined);
    this.skipRegExp.push(undefined);
    const cells = (id + 1) * this.symbols;
    if (cells > this.next.length) {
      const next = new Int32Array(2 * this.next.length).fill(UNKNOWN);
      next.set(this.next);
      this.next = next;
      const flags = new Uint8Array(2 * this.flags.length);
      flags.set(this.flags);
      this.flags = flags;
      const packed = new Int32Array(2 * this.cells.length).fill(UNKNOWN);
      packed.set(this.cells);
      this.cells = packed;
      const weights = new Int32Array(2 * this.rowWeight.length);
      weights.set(this.rowWeight);
      this.rowWeight = weights;
    }
    let weight = 0;
    for (let k = 0; k < pcs.length; k++) weight += this.walk(pcs[k]);
    this.rowWeight[id * this.symbols] = weight;
    return id;
  }

  private symbolOf(ch: number): number {
    if (ch < 128) return this.ascii[ch];
    const starts = this.highStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= ch) lo = mid;
      else hi = mid - 1;
    }
    return this.highClasses[lo];
  }

  /**
   * Runs the program over `input` from position 0. Returns whether it matched (the captures then in
   * prog.out, as the Pike VM leaves them), or null when the state cache filled up (nothing written).
   * A run that reaches NATIVE_CHECK_AT on a pattern proven linear on V8's backtracking (decided there,
   * the first time) returns HAND_OVER when its steps cost more than V8's walk (STEP_WALK).
   */
  run(prog: Program, input: string): boolean | null | typeof HAND_OVER {
    if (this.full) this.reset();
    const runId = ++this.runId;
    const length = input.length;
    if (traceAt.length < length + 1) {
      const size = Math.max(length + 1, 2 * traceAt.length);
      traceAt = new Int32Array(size);
      traceEdge = new Int32Array(size);
    }
    const { symbols, endSymbol, ascii } = this;
    const tracePos = traceAt;
    const traceStep = traceEdge;
    const deadBase = this.dead * symbols;
    // cells[state × symbols + symbol] = (next state × symbols) << 2 | flags: one load per character.
    let cells = this.cells;
    let base = 0; // the start state
    let loops = 0;
    let traced = 0;
    let matchAt = -1;
    let matchEdge = -1;
    let matchTraced = 0;
    // Steps taken, and the instructions V8 would have walked over the same positions.
    let steps = 0;
    let walked = 0;
    let handOver = this.proven === -1 || length < 2 * NATIVE_CHECK_AT ? length + 1 : NATIVE_CHECK_AT;
    let weights = this.rowWeight;
    let pos = 0;
    for (; ; pos++) {
      // Ordinary steps (an ASCII character, a known transition that neither ends the run nor starts a
      // skip, before the hand-over check) in a loop without calls: a call inside it, even on a branch
      // never taken, makes V8 reload and check every array at every step. Whatever else comes is left
      // to the general step below, for this same position.
      const fastCells = cells;
      const fastWeights = weights;
      const fastEnd = Math.min(length, handOver);
      while (pos < fastEnd) {
        const ch = input.charCodeAt(pos);
        if (ch >= 128) break;
        const edge = base + ascii[ch];
        const cell = fastCells[edge];
        if (cell === UNKNOWN) break;
        const to = cell >> 2;
        if (to === deadBase) break;
        if ((cell & 3) === F_PLAIN) {
          if (to === base) {
            if (loops + 1 >= SKIP_AFTER) break;
            loops++;
          } else loops = 0;
        } else {
          if ((cell & F_MATCH) !== 0) {
            matchAt = pos;
            matchEdge = edge;
            matchTraced = traced;
          }
          if ((cell & F_PLAIN) === 0) {
            tracePos[traced] = pos;
            traceStep[traced++] = edge;
          }
          if (to !== base) loops = 0;
        }
        steps++;
        walked += fastWeights[base];
        base = to;
        pos++;
      }
      steps++;
      walked += weights[base];
      let sym = endSymbol;
      if (pos < length) {
        const ch = input.charCodeAt(pos);
        sym = ch < 128 ? ascii[ch] : this.symbolOf(ch);
      }
      const edge = base + sym;
      let cell = cells[edge];
      if (cell === UNKNOWN) {
        if (this.build(prog, base / symbols, sym) === UNKNOWN) {
          this.full = true;
          workDone.threads += pos + 1;
          return null;
        }
        cells = this.cells;
        weights = this.rowWeight;
        cell = cells[edge];
      }
      const flag = cell & 3;
      const to = cell >> 2;
      if (flag !== F_PLAIN) {
        if ((flag & F_MATCH) !== 0) {
          matchAt = pos;
          matchEdge = edge;
          matchTraced = traced;
        }
        if ((flag & F_PLAIN) === 0) {
          tracePos[traced] = pos;
          traceStep[traced++] = edge;
        }
      } else if (to === base && ++loops >= SKIP_AFTER && pos + 1 < length) {
        // Several characters in a row looped on this state: look for the next one that leaves it.
        const state = base / symbols;
        let kind = this.skipKind[state];
        if (kind === 0) {
          kind = this.examine(prog, state);
          cells = this.cells;
          weights = this.rowWeight;
        }
        if (kind > 0) {
          const to = this.skip(state, kind, input, pos + 1, length, runId);
          walked += (to - pos - 1) * weights[base];
          pos = to - 1;
        }
        loops = 0;
        continue;
      }
      if (to !== base) loops = 0;
      if (to === deadBase || pos >= length) break;
      if (pos >= handOver) {
        handOver = length + 1;
        if (this.proven === 0) this.proven = backtrackingLinear(prog) ? 1 : -1;
        if (this.proven === 1 && steps * STEP_WALK > walked) {
          workDone.threads += pos + 1;
          return HAND_OVER;
        }
      }
      base = to;
    }
    workDone.threads += pos + 1;
    if (matchAt < 0) return false;
    // Captures, read back from the matching thread through its ancestors: walking backwards, the first
    // operation met on a slot is the last one the thread performed.
    const out = prog.out;
    const captureSlots = prog.captureSlots;
    const UNDECIDED = -2;
    out.fill(UNDECIDED, 0, captureSlots);
    out[0] = 0; // SAVE 0 is the program's first instruction, at position 0
    let undecided = captureSlots - 1;
    const edges = this.edges;
    const last = edges[matchEdge]!;
    const matchOps = last.matchOps;
    for (let k = matchOps.length - 1; k >= 0; k--) {
      const slot = matchOps[k] >> 1;
      if (out[slot] === UNDECIDED) {
        out[slot] = (matchOps[k] & 1) === 1 ? -1 : matchAt;
        undecided--;
      }
    }
    let thread = last.matchParent;
    for (let t = matchTraced - 1; t >= 0 && undecided > 0; t--) {
      const step = edges[traceStep[t]]!;
      const at = tracePos[t];
      const ops = step.ops;
      for (let k = step.opStart[thread + 1] - 1, first = step.opStart[thread]; k >= first; k--) {
        const slot = ops[k] >> 1;
        if (out[slot] === UNDECIDED) {
          out[slot] = (ops[k] & 1) === 1 ? -1 : at;
          undecided--;
        }
      }
      thread = step.parents[thread];
    }
    if (undecided > 0) {
      for (let slot = 0; slot < captureSlots; slot++) if (out[slot] === UNDECIDED) out[slot] = -1;
    }
    return true;
  }

  /** Decides whether (and how) runs through `state` can skip ahead; builds all its transitions. */
  private examine(prog: Program, state: number): number {
    const { symbols } = this;
    const loops = new Uint8Array(symbols);
    let any = false;
    for (let sym = 0; sym < this.endSymbol; sym++) {
      const edge = state * symbols + sym;
      if (this.next[edge] === UNKNOWN && this.build(prog, state, sym) === UNKNOWN) {
        // The cache is full: no skipping through this state for the rest of the run (not examined again
        // at every position), and the next run starts from an empty cache.
        this.skipKind[state] = -1;
        this.full = true;
        return -1;
      }
      if (this.next[edge] === state && this.flags[edge] === F_PLAIN) {
        loops[sym] = 1;
        any = true;
      }
    }
    let kind = -1;
    if (any) {
      // The characters that leave the state, as ranges.
      const exits: number[] = [];
      const starts = this.starts;
      for (let k = 0; k < starts.length; k++) {
        if (loops[this.intervalClass[k]] === 1) continue;
        const to = k + 1 < starts.length ? starts[k + 1] - 1 : MAX_CODE;
        const lastIndex = exits.length - 1;
        if (lastIndex > 0 && exits[lastIndex] + 1 === starts[k]) exits[lastIndex] = to;
        else exits.push(starts[k], to);
      }
      // Few code units in all (a loop on `.` leaves on the four line terminators and a separator or
      // two): indexOf for each, each search remembered for the run.
      let units = 0;
      for (let k = 0; units <= SKIP_MAX_CHARS && k < exits.length; k += 2)
        units += exits[k + 1] - exits[k] + 1;
      if (units <= SKIP_MAX_CHARS) {
        kind = SKIP_CHARS;
        const chars: string[] = [];
        for (let k = 0; k < exits.length; k += 2) {
          for (let c = exits[k]; c <= exits[k + 1]; c++) chars.push(String.fromCharCode(c));
        }
        this.skipChars[state] = chars;
        this.skipFound[state] = new Int32Array(chars.length);
        this.skipRun[state] = new Int32Array(chars.length);
      } else {
        kind = SKIP_CLASS;
        let members = '';
        for (let k = 0; k < exits.length; k += 2) members += `${hex4(exits[k])}-${hex4(exits[k + 1])}`;
        this.skipRegExp[state] = new RegExp(`[^${members}]*`, 'y');
      }
    }
    this.skipKind[state] = kind;
    return kind;
  }

  /** The first position at or after `from` whose character leaves `state` (or `length`). */
  private skip(
    state: number,
    kind: number,
    input: string,
    from: number,
    length: number,
    runId: number,
  ): number {
    if (kind === SKIP_CLASS) {
      const pattern = this.skipRegExp[state]!;
      pattern.lastIndex = from;
      pattern.test(input);
      return pattern.lastIndex;
    }
    const chars = this.skipChars[state]!;
    const foundAt = this.skipFound[state]!;
    const foundRun = this.skipRun[state]!;
    let first = length;
    for (let k = 0; k < chars.length; k++) {
      let found = foundAt[k];
      if (foundRun[k] !== runId || found < from) {
        // Each search for a character starts past its previous result: O(length) per run in all. The
        // prefilter's count may already know where the next '/' is (none, or only a trailing one).
        found = chars[k] === '/' ? slashKnownFrom(input, from) : -2;
        if (found === -2) found = input.indexOf(chars[k], from);
        if (found < 0) found = length;
        foundAt[k] = found;
        foundRun[k] = runId;
      }
      if (found < first) first = found;
    }
    return first;
  }

  /**
   * One step of the Pike VM, symbolically: the closure of every thread of `state` at a position whose
   * symbol is `sym` (in priority order, sharing one visited set), then the threads that consume it.
   * Returns the next state, or UNKNOWN when the cache is full.
   */
  private build(prog: Program, state: number, sym: number): number {
    const { op, a, b, stateBase, enclStart, encl, visited, sets } = prog;
    const registers = this.registers;
    const pcs = this.states[state];
    const atStart = state === 0;
    nextGeneration(prog);
    const generation = prog.generation;
    // Waiting threads: pc, parent, ops.
    const waitPc: number[] = [];
    const waitParent: number[] = [];
    const waitOps: number[][] = [];
    const path: number[] = [];
    const stack: number[] = [];
    for (let i = 0; i < pcs.length; i++) {
      workDone.threads++;
      stack.push(0, pcs[i]);
      while (stack.length > 0) {
        const value = stack.pop()!;
        const tag = stack.pop()!;
        if (tag === 1) {
          registers[value >> 1] = value & 1;
          continue;
        }
        if (tag === 2) {
          path.length = value;
          continue;
        }
        let pc = value;
        walk: for (;;) {
          let key = stateBase[pc];
          const first = enclStart[pc];
          const end = enclStart[pc + 1];
          if (first !== end) {
            let k = first;
            while (k < end && registers[encl[k]] !== 1) k++;
            key += k - first;
          }
          if (visited[key] === generation) break;
          visited[key] = generation;
          switch (op[pc]) {
            case OP_JMP:
              pc = a[pc];
              continue walk;
            case OP_SPLIT:
              stack.push(0, b[pc]);
              pc = a[pc];
              continue walk;
            case OP_SAVE:
              stack.push(2, path.length);
              path.push(2 * a[pc]);
              pc++;
              continue walk;
            case OP_ENTER: {
              const register = a[pc];
              stack.push(1, 2 * register + registers[register]);
              registers[register] = 1;
              pc++;
              continue walk;
            }
            case OP_RESET:
              stack.push(2, path.length);
              for (let slot = a[pc], last = b[pc]; slot < last; slot++) path.push(2 * slot + 1);
              pc++;
              continue walk;
            case OP_CHECK:
              if (registers[a[pc]] === 1) break walk;
              pc++;
              continue walk;
            case OP_BOL:
              if (!atStart) break walk;
              pc++;
              continue walk;
            case OP_EOL:
              if (sym !== this.endSymbol) break walk;
              pc++;
              continue walk;
            case OP_LOOK: {
              const found = this.lookResults[a[pc] * this.symbols + sym] === 1;
              if (found === prog.looks[a[pc]].negative) break walk;
              pc++;
              continue walk;
            }
            default:
              waitPc.push(pc);
              waitParent.push(i);
              waitOps.push(path.slice());
              break walk;
          }
        }
      }
    }
    // The waiting threads in order: MATCH cuts the rest; the others consume the symbol or die.
    let matchParent = -1;
    let matchOps = NO_OPS;
    const nextPcs: number[] = [];
    const parents: number[] = [];
    const opStart: number[] = [0];
    const ops: number[] = [];
    const rep = this.representatives[sym];
    const reach = this.reach;
    const mark = ++this.reachGeneration;
    for (let w = 0; w < waitPc.length; w++) {
      const pc = waitPc[w];
      if (op[pc] === OP_MATCH) {
        matchParent = waitParent[w];
        matchOps = Int32Array.from(waitOps[w]);
        break;
      }
      if (rep === -1 || !(op[pc] === OP_CHAR ? rep === a[pc] : inSet(sets[a[pc]], rep))) continue;
      // A thread resuming where an earlier one surely passes (jumps, splits and capture moves, which
      // the next closure follows whatever comes) would be dropped there as a duplicate: drop it now.
      if (reach[pc + 1] === mark) continue;
      const todo = [pc + 1];
      while (todo.length > 0) {
        const at = todo.pop()!;
        if (reach[at] === mark) continue;
        reach[at] = mark;
        const code = op[at];
        if (code === OP_JMP) todo.push(a[at]);
        else if (code === OP_SPLIT) todo.push(a[at], b[at]);
        else if (code === OP_SAVE || code === OP_RESET) todo.push(at + 1);
      }
      nextPcs.push(pc + 1);
      parents.push(waitParent[w]);
      for (const o of waitOps[w]) ops.push(o);
      opStart.push(ops.length);
    }
    let plain = ops.length === 0;
    for (let j = 0; plain && j < parents.length; j++) plain = parents[j] === j;
    const key = nextPcs.join(',');
    let to = this.keys.get(key);
    if (to === undefined) {
      if (this.states.length >= this.maxStates) return UNKNOWN;
      to = this.addState(Int32Array.from(nextPcs), key);
    }
    const edge = state * this.symbols + sym;
    const flag = (matchParent >= 0 ? F_MATCH : 0) | (plain ? F_PLAIN : 0);
    this.next[edge] = to;
    this.flags[edge] = flag;
    this.cells[edge] = ((to * this.symbols) << 2) | flag;
    this.edges[edge] = {
      parents: Int32Array.from(parents),
      opStart: Int32Array.from(opStart),
      ops: Int32Array.from(ops),
      matchParent,
      matchOps,
    };
    return to;
  }
}

// ---------------------------------------------------------------------------------------------
// Patterns V8's backtracking runs in linear time, proven
//
// On a long path with a separator every few characters (`/:a?-:b` on `/ab-cd-ef-…`, `/:p*` on many
// short segments) the lazy DFA takes a step per character or two around every separator, where V8's
// compiled RegExp is faster per character. For such a run, and only for a pattern whose backtracking is
// proven linear below, the DFA hands the input to V8 (LinearRegExp#exec).
//
// The proof. A backtracking engine explores, depth first, every path of the pattern through the input
// until one reaches MATCH. If no two distinct paths can stand at the same consuming instruction (CHAR
// or SET) at the same input position — the program is unambiguous on every prefix — then each
// (instruction, position) is reached at most once, and between two consuming instructions the engine
// follows the epsilon moves (splits, jumps, captures, assertions, one-character lookaheads) of one
// instruction, a tree required to have no shared node: O(program) work per (instruction, position),
// O(program² × input) in all, whatever the input. Paths that meet only at MATCH or at a failing
// assertion cost O(1) each and end there.
//
// The check runs on the program as compiled here, which has V8's choice points one for one
// (alternatives, each optional or repeated iteration, counted repetition unrolled; each path of ours is a
// sequence of V8's choices). Characters are the DFA's symbol classes plus the end of the input.
// Epsilon closures: from the start and after each consuming instruction, every epsilon path to a
// consuming instruction is an *entry* (that instruction and the symbols the path's assertions let it
// consume: `$` only the end, a lookahead the symbols its one-character body accepts or refuses); a
// closure visiting any instruction twice (two epsilon paths meeting, or an empty loop) is refused. Then
// pairs of entries standing at the same position are explored from every pair of start entries: a
// pair whose entries accept a common symbol moves to every pair of their closures' entries; two
// different paths (their entries differ once) reaching one instruction refute the proof. Word
// boundaries, longer lookaheads and patterns past PROOF_MAX_PAIRS explored pairs are not proven
// (they stay on the DFA and the Pike VM).

/** Most entry pairs the proof explores before giving up (the pattern then stays on this engine). */
const PROOF_MAX_PAIRS = 1 << 16;
/** Most entries (epsilon paths to a consuming instruction) the proof handles. */
const PROOF_MAX_ENTRIES = 1024;

interface ProofEntry {
  pc: number;
  /** Symbols the entry's instruction may consume after its path's assertions. */
  allowed: Uint8Array;
}

/**
 * Whether V8's backtracking runs `prog` (compiled from one regex source) in time linear in the input,
 * by the argument above. False means "not proven", not "exponential".
 */
function backtrackingLinear(prog: Program): boolean {
  if (!dfaEligible(prog)) return false;
  for (const look of prog.looks) if (!epsilonTree(look.prog, 0)) return false;
  const { representatives } = partition(prog);
  const symbols = representatives.length + 1;
  const end = symbols - 1;
  const { op, a, b, sets } = prog;
  // accepts[pc]: symbols the consuming instruction at pc takes.
  const accepts: (Uint8Array | undefined)[] = [];
  for (let pc = 0; pc < op.length; pc++) {
    if (op[pc] !== OP_CHAR && op[pc] !== OP_SET) continue;
    const set = new Uint8Array(symbols);
    for (let sym = 0; sym < end; sym++) {
      const rep = representatives[sym];
      set[sym] = (op[pc] === OP_CHAR ? rep === a[pc] : inSet(sets[a[pc]], rep)) ? 1 : 0;
    }
    accepts[pc] = set;
  }
  // passes[k]: symbols at which lookahead k lets the path on.
  const passes: Uint8Array[] = prog.looks.map((look) => {
    const set = new Uint8Array(symbols);
    for (let sym = 0; sym < symbols; sym++) {
      const text = sym === end ? '' : String.fromCharCode(representatives[sym]);
      const found = simulate(look.prog, text, text.length, 0, ++runCounter);
      set[sym] = found !== look.negative ? 1 : 0;
    }
    return set;
  });
  const endOnly = new Uint8Array(symbols);
  endOnly[end] = 1;
  const entries: ProofEntry[] = [];
  /** Entry indices of the closure from the start (key -1) and after each consuming instruction (key pc). */
  const closures = new Map<number, number[]>();
  const closureOf = (source: number): number[] | null => {
    const known = closures.get(source);
    if (known) return known;
    const found: number[] = [];
    const seen = new Uint8Array(op.length);
    const stack: [number, Uint8Array][] = [[source < 0 ? 0 : source + 1, new Uint8Array(symbols).fill(1)]];
    while (stack.length > 0) {
      const [pc, filter] = stack.pop()!;
      if (seen[pc] === 1) return null;
      seen[pc] = 1;
      switch (op[pc]) {
        case OP_CHAR:
        case OP_SET: {
          const allowed = intersect(filter, accepts[pc]!);
          if (allowed !== null) {
            found.push(entries.length);
            entries.push({ pc, allowed });
          }
          break;
        }
        case OP_MATCH:
          break;
        case OP_JMP:
          stack.push([a[pc], filter]);
          break;
        case OP_SPLIT:
          stack.push([b[pc], filter], [a[pc], filter]);
          break;
        case OP_SAVE:
        case OP_RESET:
        case OP_ENTER:
        case OP_CHECK:
        case OP_BOL:
          // An empty iteration (CHECK failing) needs an epsilon cycle, refused above; `^` only filters.
          stack.push([pc + 1, filter]);
          break;
        case OP_EOL: {
          const next = intersect(filter, endOnly);
          if (next !== null) stack.push([pc + 1, next]);
          break;
        }
        case OP_LOOK: {
          const next = intersect(filter, passes[a[pc]]);
          if (next !== null) stack.push([pc + 1, next]);
          break;
        }
        default:
          return null;
      }
    }
    if (entries.length > PROOF_MAX_ENTRIES) return null;
    closures.set(source, found);
    return found;
  };
  const start = closureOf(-1);
  if (start === null) return false;
  // Pairs (x, y) with x <= y of entries at one position; x === y is one path, x !== y two.
  const seenPairs = new Set<number>();
  const queue: number[] = [];
  const push = (x: number, y: number): boolean => {
    if (x !== y && entries[x].pc === entries[y].pc) return false;
    const key = x <= y ? x * PROOF_MAX_ENTRIES + y : y * PROOF_MAX_ENTRIES + x;
    if (!seenPairs.has(key)) {
      // Past the cap the pattern is not proven (false): the work stays bounded whatever its size.
      if (seenPairs.size >= PROOF_MAX_PAIRS) return false;
      seenPairs.add(key);
      queue.push(x, y);
    }
    return true;
  };
  for (const x of start) for (const y of start) push(x, y);
  while (queue.length > 0) {
    const y = queue.pop()!;
    const x = queue.pop()!;
    if (intersect(entries[x].allowed, entries[y].allowed) === null) continue;
    const next1 = closureOf(entries[x].pc);
    const next2 = closureOf(entries[y].pc);
    if (next1 === null || next2 === null) return false;
    for (const x2 of next1) for (const y2 of next2) if (!push(x2, y2)) return false;
  }
  return true;
}

/** The symbols in both sets, or null when none. */
function intersect(x: Uint8Array, y: Uint8Array): Uint8Array | null {
  const out = new Uint8Array(x.length);
  let any = false;
  for (let k = 0; k < x.length; k++) {
    if (x[k] === 1 && y[k] === 1) {
      out[k] = 1;
      any = true;
    }
  }
  return any ? out : null;
}

/** Whether no instruction is reached twice by epsilon moves from `from` (paths meet nowhere, no cycle). */
function epsilonTree(prog: Program, from: number): boolean {
  const { op, a, b } = prog;
  const seen = new Uint8Array(op.length);
  const stack = [from];
  while (stack.length > 0) {
    const pc = stack.pop()!;
    if (seen[pc] === 1) return false;
    seen[pc] = 1;
    const code = op[pc];
    if (code === OP_JMP) stack.push(a[pc]);
    else if (code === OP_SPLIT) stack.push(a[pc], b[pc]);
    else if (code !== OP_CHAR && code !== OP_SET && code !== OP_MATCH) stack.push(pc + 1);
  }
  return true;
}

/**
 * What an input must satisfy for a match to be possible, checked before any engine runs: exact bounds,
 * never a guess (a rejected input cannot match).
 */
interface Prefilter {
  minLength: number;
  /** Infinity unless every match is the whole input and its length is bounded. */
  maxLength: number;
  /**
   * Most '/' in the input before its last character when every match is the whole input (Express's
   * `^…\/?$`: a trailing '/' is not counted), else -1.
   */
  slashes: number;
  /** When every match is the whole input: the characters a nonempty input may end with, else null. */
  last: CharSet | null;
}

/**
 * The '/' counted so far in the last long input (the router tries one path against every layer in
 * turn, so each pattern after the first reuses the count), its last character left out:
 * `slashCount` found up to `slashAt`, all of them when `slashAll`.
 */
let slashText = '';
let slashCount = 0;
let slashAt = -1;
let slashAll = false;

/**
 * Whether the count is of `text`. An equal string that is another object takes its place, so the next
 * comparison with the same object is a pointer comparison, not one of every character.
 */
function countedSlashes(text: string): boolean {
  // The same object: a pointer comparison. Another of the same length: compared from the start, where
  // two different paths usually differ soon (reading characters far into a long input that nothing else
  // reads would cost more than the count).
  if (text.length !== slashText.length || text !== slashText) return false;
  slashText = text;
  return true;
}

/**
 * Whether `text` holds more than `limit` '/' before its last character (the common long miss: more
 * segments than the pattern has room for), with at most limit native searches per input (a leading '/'
 * is read directly), each stopping at the next '/'; the caller has read input[0 .. readTo] already (not
 * the last character) and found `readSlashes` '/'.
 */
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

/**
 * Where the first '/' at or after `from` is in `text` (-1: none) when the '/' count (tooManySlashes)
 * read `text` to its end past `from`; -2 when it did not.
 */
function slashKnownFrom(text: string, from: number): number {
  if (!slashAll || from <= slashAt || text !== slashText) return -2;
  const last = text.length - 1;
  return from <= last && text.charCodeAt(last) === 47 ? last : -1;
}

/** Inputs shorter than this skip the '/' count: the engines decide them as fast. */
const PREFILTER_SLASHES_FROM = 128;

class LinearRegExp implements SafeRegExp {
  /** Built on the first exec (undefined until then); null when the program needs the Pike VM. */
  private dfa: LazyDfa | null | undefined = undefined;
  /** The source as V8's RegExp, made on the first hand-over (the DFA holds the proof). */
  private native: RegExp | undefined = undefined;
  /** What the first characters of a match can be, made on the first long input. */
  private lead: LeadSets | undefined = undefined;

  // The prefilter's fields, on the instance: one load each on the path of every long miss.
  private readonly minLength: number;
  private readonly maxLength: number;
  private readonly slashes: number;
  private readonly lastAscii: Uint32Array | null;

  constructor(
    readonly source: string,
    readonly ignoreCase: boolean,
    private readonly prog: Program,
    private readonly groups: number,
    private readonly maxDfaStates: number,
    private readonly filter: Prefilter,
  ) {
    this.minLength = filter.minLength;
    this.maxLength = filter.maxLength;
    this.slashes = filter.slashes;
    this.lastAscii = filter.last === null ? null : filter.last.ascii;
  }

  /**
   * A dense input on a pattern proven linear on V8's backtracking: V8 runs it from the start. Undefined
   * when V8 throws (its backtrack stack is bounded: an input of megabytes), for the Pike VM to answer.
   */
  private runNative(text: string): (string | undefined)[] | null | undefined {
    workDone.nativeRuns++;
    this.native ??= new RegExp(this.source, this.ignoreCase ? 'i' : '');
    try {
      const found = this.native.exec(text);
      return found === null ? null : [...found];
    } catch {
      return undefined;
    }
  }

  mayEndWith(input: string): boolean {
    const ascii = this.lastAscii;
    if (ascii === null || typeof input !== 'string' || input.length === 0) return true;
    const ch = input.charCodeAt(input.length - 1);
    return ch < 128 ? (ascii[ch >> 5] & (1 << (ch & 31))) !== 0 : inSet(this.filter.last!, ch);
  }

  exec(input: string): (string | undefined)[] | null {
    const text = typeof input === 'string' ? input : String(input);
    const prog = this.prog;
    if (text.length < this.minLength || text.length > this.maxLength) {
      workDone.prefiltered++;
      return null;
    }
    let dfa = this.dfa;
    if (dfa === undefined) dfa = this.dfa = LazyDfa.create(prog, this.maxDfaStates);
    if (text.length >= PREFILTER_SLASHES_FROM) {
      // A long input: first the '/' count another pattern made of this very input (the router tries
      // one path against every layer in turn), then its first characters against those a match can
      // have there (most misses end on them), then the count (a few native searches), before any run.
      const slashes = this.slashes;
      if (slashes >= 0 && countedSlashes(text) && slashCount > slashes) {
        workDone.prefiltered++;
        return null;
      }
      const { bits, high, positions } = (this.lead ??= leadSets(prog));
      let slashesRead = 0;
      for (let i = 0; i < positions.length; i++) {
        const k = positions[i];
        const ch = text.charCodeAt(k);
        if (ch < 128 ? (bits[(k << 2) | (ch >> 5)] & (1 << (ch & 31))) === 0 : high[k] === 0) {
          workDone.probed++;
          return null;
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
        return null;
      }
    }
    let matched: boolean | null | typeof HAND_OVER = null;
    if (dfa !== null) {
      matched = dfa.run(prog, text);
      if (matched === HAND_OVER) {
        const found = this.runNative(text);
        if (found !== undefined) return found;
        matched = null;
      } else if (matched === null) workDone.dfaOverflows++;
      else workDone.dfaRuns++;
    }
    if (matched === null) {
      workDone.nfaRuns++;
      // Lookahead results are cached per (run, position); a new run id invalidates them.
      matched = simulate(prog, text, text.length, 0, ++runCounter);
    }
    if (!matched) return null;
    const out = prog.out;
    const result: (string | undefined)[] = new Array(this.groups + 1);
    for (let g = 0; g <= this.groups; g++) {
      const from = out[2 * g];
      const to = out[2 * g + 1];
      result[g] = from >= 0 && to >= 0 ? text.slice(from, to) : undefined;
    }
    return result;
  }
}

/**
 * Why compileSafeRegExp returns null for `source`, in words ("backreference", "lookbehind or other
 * group kind", "too large", …), or null when it compiles.
 */
export function unsupportedReason(source: string, flags: { ignoreCase: boolean }): string | null {
  const flagString = flags.ignoreCase ? 'i' : '';
  try {
    new RegExp(source, flagString);
  } catch (err) {
    return `not a valid regular expression: ${(err as Error).message}`;
  }
  try {
    const parser = new Parser(source);
    const ast = parser.parse();
    const builder = new Builder(2 * (parser.groups + 1), flags.ignoreCase, {
      instructions: MAX_INSTRUCTIONS,
    });
    builder.node(ast);
    builder.finish(anchoredAtStart(ast));
    return null;
  } catch (err) {
    if (!(err instanceof Unsupported)) throw err;
    return REASONS[err.message] ?? err.message;
  }
}

/** Parses `source` and compiles the program of a whole match (group 0 saved around it); throws Unsupported. */
function compileProgram(
  source: string,
  ignoreCase: boolean,
): { groups: number; ast: Node; program: Program } {
  const parser = new Parser(source);
  const ast = parser.parse();
  const builder = new Builder(2 * (parser.groups + 1), ignoreCase, { instructions: MAX_INSTRUCTIONS });
  builder.emit(OP_SAVE, 0);
  builder.node(ast);
  builder.emit(OP_SAVE, 1);
  builder.emit(OP_MATCH);
  return { groups: parser.groups, ast, program: builder.finish(anchoredAtStart(ast)) };
}

/**
 * Whether `source` is proven to run in linear time on V8's backtracking RegExp (see
 * backtrackingLinear), so that a dense long input may be handed over to it; false when not proven or
 * when the engine here cannot compile the source.
 */
export function backtrackingProven(source: string, flags: { ignoreCase: boolean }): boolean {
  try {
    return backtrackingLinear(compileProgram(source, flags.ignoreCase).program);
  } catch (err) {
    if (!(err instanceof Unsupported)) throw err;
    return false;
  }
}

/** A compiled program as tests read it (backtrack-proof.test.ts runs it the way a backtracking engine does). */
export interface ProgramView {
  /** Per instruction: char, set, match, jmp, split, save, reset, enter, check, bol, eol, boundary, look. */
  kind: string[];
  a: Int32Array;
  b: Int32Array;
  /** Whether the CHAR or SET at pc accepts code unit ch. */
  consumes(pc: number, ch: number): boolean;
  /** Whether the LOOK at pc lets a path on at `pos` (its body run there, its sign applied). */
  lookPasses(pc: number, input: string, pos: number): boolean;
}

const KIND_NAMES = [
  'char',
  'set',
  'match',
  'jmp',
  'split',
  'save',
  'reset',
  'enter',
  'check',
  'bol',
  'eol',
  'boundary',
  'boundary',
  'look',
];

/** The program compileSafeRegExp runs for `source`, for tests; null when it does not compile. */
export function programView(source: string, flags: { ignoreCase: boolean }): ProgramView | null {
  try {
    const prog = compileProgram(source, flags.ignoreCase).program;
    return {
      kind: Array.from(prog.op, (code) => KIND_NAMES[code]),
      a: prog.a,
      b: prog.b,
      consumes: (pc, ch) => (prog.op[pc] === OP_CHAR ? ch === prog.a[pc] : inSet(prog.sets[prog.a[pc]], ch)),
      lookPasses: (pc, input, pos) => {
        const look = prog.looks[prog.a[pc]];
        return simulate(look.prog, input, input.length, pos, ++runCounter) !== look.negative;
      },
    };
  } catch (err) {
    if (!(err instanceof Unsupported)) throw err;
    return null;
  }
}

const REASONS: Record<string, string> = {
  backreference: 'a backreference',
  'group kind': 'a lookbehind or another group kind the engine lacks',
  'too large': 'the pattern is too large',
  syntax: 'syntax the engine does not read',
  unbalanced: 'unbalanced parentheses',
  'unbounded lookahead with captures': 'a lookahead with captures and no length bound',
};

/**
 * Compiles a regex source. Returns null when the source uses a construct the engine does not support
 * (backreferences, general lookbehind, unsupported escapes...), so the caller can fall back to RegExp.
 * @example
 * compileSafeRegExp('^\\/users(?:\\/([^/]+?))\\/?$', { ignoreCase: true })!.exec('/users/42') // ['/users/42', '42']
 */
export function compileSafeRegExp(
  source: string,
  flags: {
    ignoreCase: boolean;
    /** States the lazy DFA may hold (default DFA_MAX_STATES); 0 runs every exec on the Pike VM. For tests. */
    maxDfaStates?: number;
  },
): SafeRegExp | null {
  if (typeof source !== 'string') return null;
  const ignoreCase = flags.ignoreCase === true;
  const flagString = ignoreCase ? 'i' : '';
  let nativeGroups: number;
  try {
    // The native parser is the authority on syntax; only what it accepts is compiled here.
    nativeGroups = new RegExp(`${source}|`, flagString).exec('')!.length - 1;
    new RegExp(source, flagString);
  } catch {
    return null;
  }
  try {
    const { groups, ast, program } = compileProgram(source, ignoreCase);
    if (groups !== nativeGroups) return null;
    const atStart = anchoredAtStart(ast);
    // A match covering the whole input bounds the input: its length, and how many '/' it holds.
    const whole = atStart && anchoredAtEnd(ast);
    const slashes = whole ? maxSlashesBeforeLast(ast, ignoreCase) : Number.POSITIVE_INFINITY;
    const filter: Prefilter = {
      minLength: minLength(ast),
      maxLength: whole && maxLength(ast) !== 0 ? maxLength(ast) : Number.POSITIVE_INFINITY,
      slashes: slashes === Number.POSITIVE_INFINITY ? -1 : slashes,
      last: null,
    };
    if (whole) {
      const ends: Ranges = [];
      lastChars(ast, ignoreCase, ends);
      filter.last = toCharSet(normalize(ends));
    }
    const states = flags.maxDfaStates ?? DFA_MAX_STATES;
    return new LinearRegExp(source, ignoreCase, program, groups, states, filter);
  } catch {
    // Unsupported construct (or a limit): the caller falls back to RegExp.
    return null;
  }
}
