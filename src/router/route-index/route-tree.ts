/**
 * The route tree: a cache over a router's layer stack that answers "which layers could match this
 * path?" by walking the path's segments, so the cost of a lookup depends on the path's depth, not on
 * the number of routes. Each node has literal children (a map), one parameter child, and two sorted
 * lists of stack positions computed when the tree is built:
 * - `inherited`: layers that are candidates for every path walking through the node (middleware and
 *   patterns the plan could only place up to here, from the root down);
 * - `terminal`: `inherited` plus the routes that end at the node.
 * A path that ends at one node gets that node's `terminal` list as is (no allocation); a walk that
 * branches (a literal and a parameter child both fit) merges the lists it reaches. A walk also stops
 * early at a node below which the answer can no longer narrow (see `settled`).
 *
 * Answers are supersets, in stack order: dispatch confirms each candidate with `layer.match`, so
 * registration order, `next('route')`, param callbacks and mounted routers keep their semantics.
 * @module
 */
import { asciiLower, startsWithFolded } from '../matchers';
import { PARAM, type PathPlan } from './path-plan';

/** See TreeNode#extra. */
const NO_EXTRA = -1;
const MANY_EXTRAS = -2;

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
  /**
   * While the tree is built: the one position that lists below this node (its own `terminal`
   * included) add to its `inherited`, NO_EXTRA when they add none, MANY_EXTRAS for more.
   */
  extra = NO_EXTRA;
  /**
   * Set on the topmost nodes whose subtree adds at most one position to `inherited`: `inherited`
   * with that position. Every lookup walking through the node would answer a subset of this list,
   * so it answers this list at once (a superset, which is all an answer must be) instead of walking
   * the rest of the path: `/r99/:id/items/:item` is decided at `r99`, and the route's own match
   * checks the rest, as it would have anyway.
   */
  settled: readonly number[] | undefined = undefined;

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
    // Not the root: a table whose routes all add up to one position is too small to index anyway, and
    // the parity suite indexes small tables to test the walk itself.
    for (const child of childrenOf(root)) settle(child);
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
      if (node.settled !== undefined) return node.settled;
      let stop = -1;
      let literal: TreeNode | undefined;
      const labels = node.labels;
      if (labels !== undefined) {
        // A few literal children: one that fits tells where the segment ends, without searching for
        // the next '/' (a label holds no '/', and the trailing slashes past `end` match none).
        for (let i = 0; i < labels.length; i++) {
          const label = labels[i];
          const after = at + label.length;
          if (
            after <= end &&
            (after === end || path.charCodeAt(after) === 47) &&
            startsWithFolded(path, at, label)
          ) {
            literal = (node.kids as TreeNode[])[i];
            stop = after;
            break;
          }
        }
        if (literal === undefined && node.param === undefined) return node.inherited;
      }
      if (stop === -1) {
        stop = path.indexOf('/', at);
        if (stop === -1 || stop > end) stop = end;
        if (labels === undefined) literal = staticChild(node, path, at, stop);
      }
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
    if (node.settled !== undefined) {
      reached.push(node.settled);
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

/**
 * Fills in `inherited` and `terminal` top-down, sharing arrays wherever a node adds nothing, and
 * `extra` bottom-up.
 */
function finish(node: TreeNode, above: readonly number[]): void {
  const inherited = node.prefixHere ? mergeSorted([above, node.prefixHere]) : above;
  node.inherited = inherited;
  node.terminal = node.endHere ? mergeSorted([inherited, node.endHere]) : inherited;
  node.prefixHere = undefined;
  node.endHere = undefined;
  let extra = addExtras(NO_EXTRA, node.terminal, inherited);
  const param = node.param;
  if (param) {
    finish(param, inherited);
    extra = addChildExtras(extra, param, inherited);
  }
  const statics = node.statics;
  if (statics !== undefined) {
    for (const child of statics.values()) {
      finish(child, inherited);
      if (param) child.terminalWithParam = mergeSorted([child.terminal, param.terminal]);
      extra = addChildExtras(extra, child, inherited);
    }
    if (statics.size <= SMALL_FANOUT) {
      node.labels = [...statics.keys()];
      node.kids = [...statics.values()];
      node.statics = undefined;
    }
  }
  node.extra = extra;
}

/**
 * `extra` with the positions of `list` that `base` lacks (both ascending), or MANY_EXTRAS as soon as
 * that makes more than one.
 */
function addExtras(extra: number, list: readonly number[], base: readonly number[]): number {
  let b = 0;
  for (let i = 0; i < list.length && extra !== MANY_EXTRAS; i++) {
    const position = list[i];
    while (b < base.length && base[b] < position) b++;
    if (b < base.length && base[b] === position) continue;
    extra = addExtra(extra, position);
  }
  return extra;
}

/** What a child's subtree adds to its parent's `inherited`: its own additions and its `extra`. */
function addChildExtras(extra: number, child: TreeNode, inherited: readonly number[]): number {
  // child.inherited holds `inherited`, so the child's extra is never in `inherited`.
  const withChild = child.extra === MANY_EXTRAS ? MANY_EXTRAS : addExtra(extra, child.extra);
  return addExtras(withChild, child.inherited, inherited);
}

function addExtra(extra: number, position: number): number {
  if (position === NO_EXTRA || extra === position) return extra;
  return extra === NO_EXTRA ? position : MANY_EXTRAS;
}

/**
 * Gives the topmost nodes that have children and at most one extra their `settled` list. Nodes below
 * a settled one are never reached (lookups stop at it), so they need none.
 */
function settle(node: TreeNode): void {
  const extra = node.extra;
  const children = childrenOf(node);
  if (children.length === 0) return;
  if (extra !== MANY_EXTRAS) {
    node.settled = extra === NO_EXTRA ? node.inherited : mergeSorted([node.inherited, [extra]]);
    return;
  }
  for (const child of children) settle(child);
}

function childrenOf(node: TreeNode): TreeNode[] {
  const children = node.kids ? [...node.kids] : node.statics ? [...node.statics.values()] : [];
  if (node.param) children.push(node.param);
  return children;
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
