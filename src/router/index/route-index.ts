/**
 * The route index of one router: a route tree built from the layer stack, plus the O(1) check that
 * it still describes that stack. It is a cache — the stack stays the truth — and is rebuilt whenever
 * the stack is written to (see ./watched-stack.ts) or any layer's `regexp` is replaced (the layers'
 * shared clock, see ../layer.ts). The parity suites run the same apps with and without it.
 * @module
 */
import { layerPlans, regexpClock } from '../layer';
import { EVERY_LAYER, RouteTree } from './route-tree';
import type { WatchedStack } from './watched-stack';

export { EVERY_LAYER };

export class RouteIndex {
  private readonly watched: WatchedStack;
  private readonly version: number;
  private readonly epoch: number;
  private readonly tree: RouteTree;

  constructor(watched: WatchedStack) {
    this.watched = watched;
    this.version = watched.version;
    this.epoch = regexpClock.epoch;
    const stack = watched.array;
    const plans = new Array(stack.length);
    for (let i = 0; i < stack.length; i++) {
      const layer = stack[i];
      plans[i] = layer != null ? layerPlans(layer) : null;
    }
    this.tree = new RouteTree(plans);
  }

  /** Whether the stack and its layers' regexps are as they were when the index was built. */
  fresh(): boolean {
    return this.watched.version === this.version && regexpClock.epoch === this.epoch;
  }

  /** Ascending stack positions that may match `path` (EVERY_LAYER: all of them). Read-only. */
  lookup(path: string): readonly number[] {
    return this.tree.lookup(path);
  }
}
