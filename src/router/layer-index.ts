/**
 * A fast index over a router's layer stack. The stack stays the single source of truth: the index
 * only narrows which layers are worth testing for a path, by their first literal path segment, and
 * every candidate is still confirmed by `layer.match`. It is rebuilt whenever the stack changes.
 *
 * Change detection: the router's stack is a `LayerStack`, an Array whose mutating methods bump a
 * version; the index also checks the stack's identity and length, and the identity of each layer it
 * visits. A stack replaced by a plain array (`router.stack = [...]`) is scanned linearly.
 * @module
 */

import { kIndexKey, type Layer } from './layer';
import { asciiLower } from './matcher';

export class LayerStack extends Array<Layer> {
  /** Bumped by every mutating method, so caches over the stack know to rebuild. */
  version = 0;

  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }
}

for (const name of [
  'push',
  'pop',
  'shift',
  'unshift',
  'splice',
  'sort',
  'reverse',
  'fill',
  'copyWithin',
] as const) {
  const original = Array.prototype[name] as (...args: unknown[]) => unknown;
  Object.defineProperty(LayerStack.prototype, name, {
    configurable: true,
    writable: true,
    value: function (this: LayerStack, ...args: unknown[]) {
      this.version++;
      return original.apply(this, args);
    },
  });
}

const EMPTY: readonly number[] = [];

/** Candidate positions for one path, consumed in increasing order. */
export interface Candidates {
  bucket: readonly number[];
  wild: readonly number[];
  b: number;
  w: number;
}

export class LayerIndex {
  readonly stack: LayerStack;
  readonly version: number;
  readonly length: number;
  private readonly layers: Layer[];
  private readonly buckets: Map<string, number[]>;
  private readonly wild: number[];

  constructor(stack: LayerStack) {
    this.stack = stack;
    this.version = stack.version;
    this.length = stack.length;
    this.layers = Array.prototype.slice.call(stack) as Layer[];
    this.buckets = new Map();
    this.wild = [];
    for (let i = 0; i < stack.length; i++) {
      const key = stack[i][kIndexKey];
      if (key === null || key === undefined) {
        this.wild.push(i);
        continue;
      }
      let bucket = this.buckets.get(key);
      if (bucket === undefined) {
        bucket = [];
        this.buckets.set(key, bucket);
      }
      bucket.push(i);
    }
  }

  /** Whether the stack still looks exactly as when the index was built. */
  fresh(stack: unknown): boolean {
    return stack === this.stack && this.stack.version === this.version && this.stack.length === this.length;
  }

  /** Whether the layer at `position` is still the one the index saw there. */
  holds(position: number, layer: Layer): boolean {
    return this.layers[position] === layer;
  }

  /** Candidate positions for `path`; paths that do not start with '/' consider every layer. */
  lookup(path: string, into: Candidates): void {
    into.b = 0;
    into.w = 0;
    if (path.charCodeAt(0) !== 47) {
      into.bucket = EMPTY;
      into.wild = ALL_MARKER;
      return;
    }
    let end = path.indexOf('/', 1);
    if (end === -1) end = path.length;
    const segment = asciiLower(path.slice(1, end));
    into.bucket = this.buckets.get(segment) ?? EMPTY;
    into.wild = this.wild;
  }
}

/** Marker: every position is a candidate. */
export const ALL_MARKER: readonly number[] = [];

/** The next candidate position at or after `from`, or -1. */
export function nextCandidate(c: Candidates, from: number, length: number): number {
  if (c.wild === ALL_MARKER) return from < length ? from : -1;
  const bucket = c.bucket;
  const wild = c.wild;
  while (c.b < bucket.length && bucket[c.b] < from) c.b++;
  while (c.w < wild.length && wild[c.w] < from) c.w++;
  const nb = c.b < bucket.length ? bucket[c.b] : -1;
  const nw = c.w < wild.length ? wild[c.w] : -1;
  if (nb === -1) return nw;
  if (nw === -1) return nb;
  return nb < nw ? nb : nw;
}
