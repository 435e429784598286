/**
 * The route tree: a cache over a router's layer stack that answers "which layers could match this
 * path?" by walking the path's segments, so the cost of a lookup depends on the path's depth, not on
 * the number of routes. Each node has literal children (a map), one parameter child, and two sorted
 * lists of stack positions computed when the tree is built:
 * - `inherited`: layers that are candidates for every path walking through the node (middleware and
 *   patterns the plan could only place up to here, from the root down);
 * - `terminal`: `inherited` plus the routes that end at the node.
 * A path that ends at one node gets that node's `terminal` list as is (no allocation); a walk that
 * branches (a literal and a parameter child both fit) merges the lists it reaches.
 *
 * Answers are supersets, in stack order: dispatch confirms each candidate with `layer.match`, so
 * registration order, `next('route')`, param callbacks and mounted routers keep their semantics.
 * @module
 */
import { asciiLower, startsWithFolded } from '../matcher';
import { PARAM, type PathPlan } from './path-plan';

/** Every position is a candidate (a path that does not start with '/'). */
export const EVERY_LAYER: readonly number[] = Object.freeze([]) as readonly number[];

const NONE: readonly number[] = Object.freeze([]) as readonly number[];

class TreeNode {
  statics: Map<string, TreeNode> | undefined = undefined;
  param: TreeNode | undefined = undefined;
  prefixHere: number[] | undefined = undefined;
  endHere: number[] | undefined = undefined;
  inherited: readonly number[] = NONE;
  terminal: readonly number[] = NONE;
  /** A few literal children as parallel arrays, compared in place (no substring, no hashing). */
  labels: string[] | undefined = undefined;
  kids: TreeNode[] | undefined = undefined;
  /** For a literal child whose parent also has a parameter child: both terminals merged. */
  terminalWithParam: readonly number[] = NONE;

  child(segment: string | typeof PARAM): TreeNode {
    if (segment === PARAM) {
      this.param ??= new TreeNode();
      return this.param;
    }
    this.statics ??= new Map();
    let node = this.statics.get(segment);
    if (node === undefined) {
      node = new TreeNode();
      this.statics.set(segment, node);
    }
    return node;
  }
}

export class RouteTree {
  private readonly root = new TreeNode();
  /** Lists reached by the current lookup (reused: lookups never overlap). */
  private readonly reached: (readonly number[])[] = [];

  /**
   * Builds the tree from each layer's plans (null: a candidate for every path).
   * @param plans the plans of the layer at each stack position
   */
  constructor(plans: ReadonlyArray<readonly PathPlan[] | null>) {
    const root = this.root;
    for (let position = 0; position < plans.length; position++) {
      const layerPlans = plans[position];
      if (layerPlans === null) {
        (root.prefixHere ??= []).push(position);
        continue;
      }
      for (const plan of layerPlans) this.insert(plan, position);
    }
    finish(root, NONE);
  }

  private insert(plan: PathPlan, position: number): void {
    const segments = plan.segments;
    const node = this.descend(segments, segments.length);
    if (plan.kind === 'prefix') {
      pushOnce((node.prefixHere ??= []), position);
      return;
    }
    pushOnce((node.endHere ??= []), position);
    // Without its last parameter, the path ends one segment earlier.
    if (plan.optionalLast) pushOnce((this.descend(segments, segments.length - 1).endHere ??= []), position);
  }

  private descend(segments: PathPlan['segments'], depth: number): TreeNode {
    let node = this.root;
    for (let i = 0; i < depth; i++) node = node.child(segments[i]);
    return node;
  }

  /**
   * The stack positions that may match `path`, ascending; EVERY_LAYER when every layer may.
   * The returned array belongs to the tree: read it, never change it.
   */
  lookup(path: string): readonly number[] {
    if (path.charCodeAt(0) !== 47) return EVERY_LAYER;
    // Labels are ASCII-lowercase; the path is folded segment by segment, only where it has capitals.
    let end = path.length;
    while (end > 1 && path.charCodeAt(end - 1) === 47) end--;
    // One branch, walked in a loop: the common case allocates nothing but the segment strings.
    let node = this.root;
    let at = 1;
    for (;;) {
      if (at >= end) return node.terminal;
      let stop = path.indexOf('/', at);
      if (stop === -1 || stop > end) stop = end;
      const literal = staticChild(node, path, at, stop);
      const param = stop > at ? node.param : undefined;
      if (literal === undefined) {
        if (param === undefined) return node.inherited;
        node = param;
      } else if (param === undefined) {
        node = literal;
      } else if (stop === end) {
        // `/users/search` beside `/users/:id`, the path ending there: merged when the tree was built.
        return literal.terminalWithParam;
      } else {
        // A literal and a parameter child both fit: follow both and merge what they reach.
        const reached = this.reached;
        reached.length = 0;
        walk(node, path, at, end, reached);
        const merged = mergeSorted(reached);
        reached.length = 0;
        return merged;
      }
      if (stop === end) return node.terminal;
      at = stop + 1;
    }
  }
}

/**
 * Walks `path[from, end)` segment by segment from `node`, adding the list where each branch stops.
 * Loops along a single branch; recurses only where a literal and a parameter child both fit.
 */
function walk(node: TreeNode, path: string, from: number, end: number, reached: (readonly number[])[]): void {
  let at = from;
  for (;;) {
    if (at >= end) {
      reached.push(node.terminal);
      return;
    }
    let stop = path.indexOf('/', at);
    if (stop === -1 || stop > end) stop = end;
    const literal = staticChild(node, path, at, stop);
    const param = stop > at ? node.param : undefined;
    if (literal === undefined && param === undefined) {
      reached.push(node.inherited);
      return;
    }
    const nextAt = stop + 1;
    if (literal !== undefined && param !== undefined) {
      walk(param, path, nextAt, end, reached);
      node = literal;
    } else {
      node = (literal ?? param) as TreeNode;
    }
    if (stop === end) {
      reached.push(node.terminal);
      return;
    }
    at = nextAt;
  }
}

/** Fills in `inherited` and `terminal` top-down, sharing arrays wherever a node adds nothing. */
function finish(node: TreeNode, above: readonly number[]): void {
  const inherited = node.prefixHere ? mergeSorted([above, node.prefixHere]) : above;
  node.inherited = inherited;
  node.terminal = node.endHere ? mergeSorted([inherited, node.endHere]) : inherited;
  node.prefixHere = undefined;
  node.endHere = undefined;
  if (node.param) finish(node.param, inherited);
  const statics = node.statics;
  if (statics === undefined) return;
  for (const child of statics.values()) {
    finish(child, inherited);
    if (node.param) child.terminalWithParam = mergeSorted([child.terminal, node.param.terminal]);
  }
  if (statics.size <= SMALL_FANOUT) {
    node.labels = [...statics.keys()];
    node.kids = [...statics.values()];
    node.statics = undefined;
  }
}

/** Up to this many literal children are compared in place; more go through a map. */
const SMALL_FANOUT = 8;

/** The literal child of `node` for `path[at, stop)`, or undefined. */
function staticChild(node: TreeNode, path: string, at: number, stop: number): TreeNode | undefined {
  const labels = node.labels;
  if (labels !== undefined) {
    const length = stop - at;
    for (let i = 0; i < labels.length; i++) {
      const label = labels[i];
      if (label.length === length && startsWithFolded(path, at, label)) return (node.kids as TreeNode[])[i];
    }
    return undefined;
  }
  const statics = node.statics;
  if (statics === undefined) return undefined;
  const segment = path.slice(at, stop);
  const found = statics.get(segment);
  if (found !== undefined) return found;
  const lower = asciiLower(segment);
  return lower === segment ? undefined : statics.get(lower);
}

function pushOnce(list: number[], position: number): void {
  if (list[list.length - 1] !== position) list.push(position);
}

/** The union of ascending lists, ascending, without duplicates. */
function mergeSorted(lists: readonly (readonly number[])[]): readonly number[] {
  let nonEmpty = 0;
  let only: readonly number[] = NONE;
  for (const list of lists) {
    if (list.length !== 0) {
      nonEmpty++;
      only = list;
    }
  }
  if (nonEmpty <= 1) return only;
  const out: number[] = [];
  const cursors = new Array<number>(lists.length).fill(0);
  for (;;) {
    let min = -1;
    for (let i = 0; i < lists.length; i++) {
      const list = lists[i];
      const c = cursors[i];
      if (c < list.length && (min === -1 || list[c] < min)) min = list[c];
    }
    if (min === -1) return out;
    out.push(min);
    for (let i = 0; i < lists.length; i++) {
      if (cursors[i] < lists[i].length && lists[i][cursors[i]] === min) cursors[i]++;
    }
  }
}
