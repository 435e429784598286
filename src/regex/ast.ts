/**
 * The parsed form of a regex source, and the measures of it that compiling and the prefilter need.
 * @module
 */
import type { Ranges } from './charset';
import { Op } from './instructions';

export enum Kind {
  EMPTY,
  CHAR,
  CLASS,
  SEQ,
  ALT,
  GROUP,
  REPEAT,
  ASSERT,
  LOOK,
}

export type Node =
  | { kind: Kind.EMPTY }
  | { kind: Kind.CHAR; code: number }
  | { kind: Kind.CLASS; members: Ranges; negate: boolean }
  | { kind: Kind.SEQ; items: Node[] }
  | { kind: Kind.ALT; alts: Node[] }
  | { kind: Kind.GROUP; index: number; body: Node }
  | RepeatNode
  /** `op` is the instruction the assertion compiles to (BOL, EOL, a word boundary). */
  | { kind: Kind.ASSERT; op: number }
  | { kind: Kind.LOOK; negative: boolean; body: Node; firstGroup: number; endGroup: number };

export interface RepeatNode {
  kind: Kind.REPEAT;
  body: Node;
  min: number;
  max: number;
  greedy: boolean;
  /** Capture groups [firstGroup, endGroup) inside the body, reset on each iteration. */
  firstGroup: number;
  endGroup: number;
}

export const EMPTY: Node = { kind: Kind.EMPTY };

/** The fewest characters a match of `node` consumes. */
export function minLength(node: Node): number {
  return matchLength(node, false);
}

/** The most characters a match of `node` consumes (Infinity when unbounded). */
export function maxLength(node: Node): number {
  return matchLength(node, true);
}

function matchLength(node: Node, most: boolean): number {
  switch (node.kind) {
    case Kind.CHAR:
    case Kind.CLASS:
      return 1;
    case Kind.SEQ: {
      let sum = 0;
      for (const item of node.items) sum += matchLength(item, most);
      return sum;
    }
    case Kind.ALT: {
      let bound = most ? 0 : Number.POSITIVE_INFINITY;
      for (const alt of node.alts) {
        const length = matchLength(alt, most);
        bound = most ? Math.max(bound, length) : Math.min(bound, length);
      }
      return bound;
    }
    case Kind.GROUP:
      return matchLength(node.body, most);
    case Kind.REPEAT: {
      const count = most ? node.max : node.min;
      if (count === 0) return 0;
      // A body that matches only the empty string stays 0 however often it repeats (no 0 × Infinity).
      const body = matchLength(node.body, most);
      return body === 0 ? 0 : body * count;
    }
    default:
      return 0;
  }
}

/** A regex matching a prefix exactly where `node` does: an unbounded tail repeat needs only its minimum. */
export function trimTail(node: Node): Node {
  switch (node.kind) {
    case Kind.SEQ: {
      const items = node.items.slice();
      items[items.length - 1] = trimTail(items[items.length - 1]);
      return { kind: Kind.SEQ, items };
    }
    case Kind.ALT:
      return { kind: Kind.ALT, alts: node.alts.map(trimTail) };
    case Kind.GROUP:
      return { kind: Kind.GROUP, index: node.index, body: trimTail(node.body) };
    case Kind.REPEAT:
      if (node.max !== Number.POSITIVE_INFINITY) return node;
      return node.min === 0 ? EMPTY : { ...node, max: node.min };
    default:
      return node;
  }
}

/** Whether every match starts at position 0 (`at` BOL) or ends at the input's end (`at` EOL, as `\/?$`). */
export function anchored(node: Node, at: Op.BOL | Op.EOL): boolean {
  switch (node.kind) {
    case Kind.ASSERT:
      return node.op === at;
    case Kind.SEQ:
      if (at === Op.BOL) return node.items.length > 0 && anchored(node.items[0], at);
      // `$` followed by nothing that consumes (lookaheads, other assertions).
      for (let k = node.items.length - 1; k >= 0; k--) {
        if (anchored(node.items[k], at)) return true;
        if (maxLength(node.items[k]) !== 0) return false;
      }
      return false;
    case Kind.ALT:
      return node.alts.every((alt) => anchored(alt, at));
    case Kind.GROUP:
      return anchored(node.body, at);
    case Kind.REPEAT:
      return node.min > 0 && anchored(node.body, at);
    default:
      return false;
  }
}
