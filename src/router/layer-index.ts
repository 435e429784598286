/**
 * A fast index over a router's layer stack. The stack stays the single source of truth: the index
 * only narrows which layers are worth testing for a path, by their first literal path segment, and
 * every candidate is still confirmed by `layer.match`. It is rebuilt whenever the stack changes.
 *
 * Change detection: the router's stack is a `LayerStack`, an Array whose mutating methods bump a
 * version; the index also checks the stack's identity and length, and the identity of each layer it
 * visits or skips (an element assigned directly, `stack[i] = layer`, bypasses the versioned methods),
 * and that each skipped layer still has the regexp it was indexed under. A stack replaced by a plain
 * array (`router.stack = [...]`) is scanned linearly.
 * @module
 */

import { type Layer, layerIndexKey } from './layer';
import { asciiLower } from './matcher';

export class LayerStack extends Array<Layer> {
  /** Bumped by every mutating method, so caches over the stack know to rebuild. */
  declare version: number;

  constructor(...items: any[]) {
    super(...items);
    // Not enumerable: the stack must look like a plain array to code that walks or compares it.
    Object.defineProperty(this, 'version', { configurable: true, writable: true, value: 0 });
  }

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
  /** The `regexp` of each keyed (skippable) layer when indexed, to notice a replaced one. */
  private readonly regexps: unknown[];
  private readonly buckets: Map<string, number[]>;
  private readonly wild: number[];

  constructor(stack: LayerStack) {
    this.stack = stack;
    this.version = stack.version;
    this.length = stack.length;
    this.layers = Array.prototype.slice.call(stack) as Layer[];
    this.regexps = [];
    this.buckets = new Map();
    this.wild = [];
    for (let i = 0; i < stack.length; i++) {
      const layer = stack[i];
      const key = layer != null ? layerIndexKey(layer) : null;
      if (key === null) {
        // Always visited (and matched with whatever regexp it has then): nothing to re-check.
        this.regexps.push(undefined);
        this.wild.push(i);
        continue;
      }
      this.regexps.push(layer.regexp);
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

  /**
   * Whether the layers in [from, to) — the ones a look-up lets dispatch skip — are still those the
   * index saw, with the regexps they were indexed under. Pointer comparisons only, and only up to
   * the layer that is reached, so the index keeps its advantage over regex-testing every layer.
   */
  unchanged(stack: readonly Layer[], from: number, to: number): boolean {
    const layers = this.layers;
    const regexps = this.regexps;
    for (let k = from; k < to; k++) {
      const layer = stack[k];
      if (layer !== layers[k]) return false;
      const regexp = regexps[k];
      if (regexp !== undefined && layer.regexp !== regexp) return false;
    }
    return true;
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
  return Math.min(nb, nw);
}
