/**
 * The route index of one router: a route tree built from the layer stack, plus the O(1) check that
 * it still describes that stack. It is a cache — the stack stays the truth — and is rebuilt whenever
 * the stack is written to (see ./watched-stack.ts) or any layer's `regexp` is replaced (the layers'
 * shared clock, see ../layer.ts). The parity suites run the same apps with and without it.
 * @module
 */
import { layerPlans, matchesEveryPath, regexpClock } from '../layer';
import { EVERY_LAYER, RouteTree } from './route-tree';
import type { WatchedStack } from './watched-stack';

export { EVERY_LAYER };

/**
 * Tables with at most `smallestTable` layers the tree could pass over are not indexed: testing those
 * one or two layers costs less than a lookup (a router mounted under a parameter often holds one).
 * Tests set it to 0 so that their small apps go through the tree.
 */
export const indexTuning = { smallestTable: 2 };

export class RouteIndex {
  private readonly watched: WatchedStack;
  private readonly version: number;
  private readonly epoch: number;
  /** Undefined for a small table: every layer is a candidate. */
  private readonly tree: RouteTree | undefined;

  constructor(watched: WatchedStack) {
    this.watched = watched;
    this.version = watched.version;
    this.epoch = regexpClock.epoch;
    const stack = watched.array;
    const plans = new Array(stack.length);
    // Layers the tree can pass over: placed ones, other than middleware that matches every path.
    let selective = 0;
    for (let i = 0; i < stack.length; i++) {
      const layer = stack[i];
      const layerPlan = layer != null ? layerPlans(layer) : null;
      plans[i] = layerPlan;
      if (layerPlan !== null && !matchesEveryPath(layer)) selective++;
    }
    this.tree = selective > indexTuning.smallestTable ? new RouteTree(plans) : undefined;
  }

  /** Whether a lookup can pass over any layer (a small table: it cannot, every layer is a candidate). */
  get selective(): boolean {
    return this.tree !== undefined;
  }

  /** Whether the stack and its layers' regexps are as they were when the index was built. */
  fresh(): boolean {
    return this.watched.version === this.version && regexpClock.epoch === this.epoch;
  }

  /** Ascending stack positions that may match `path` (EVERY_LAYER: all of them). Read-only. */
  lookup(path: string): readonly number[] {
    const tree = this.tree;
    return tree === undefined ? EVERY_LAYER : tree.lookup(path);
  }
}
