/**
 * `mergeParams`: a router's `req.params` on top of its parent router's, as Express 4 merges them.
 * @module
 */
import { enumeratedNames, enumeratesAs, type MergeBuilder, mergeBuilder } from './params-builder';

/** What a layer remembers of its last merge: the names for-in listed, and the builder made for them. */
export interface MergeShape {
  readonly parent: readonly string[];
  readonly own: readonly string[];
  readonly build: MergeBuilder;
}

export const kMergeShape = Symbol('webapp.layer.mergeShape');
/** A layer whose merges have changed shape too often to be worth compiling: merged by the loop. */
const UNSTABLE = null;
/** Shapes a layer may be compiled for before it is left to the loop (see kMergeMisses). */
const MAX_SHAPES = 4;
export const kMergeMisses = Symbol('webapp.layer.mergeMisses');

/** Where merges are remembered: the layer they are made for (a layer sees the same names each time). */
export interface MergeSite {
  [kMergeShape]: MergeShape | null | undefined;
  [kMergeMisses]: number;
}

/**
 * Parent params under the child's; numeric (unnamed) child captures shift past the parent's. Copied
 * with for-in and assignment, as Express 4 does (inherited enumerable keys included).
 *
 * With a `site`, a merge whose names for-in lists as last time is made by the builder compiled for
 * them (see ./params-builder): the same object, without a generic keyed store per property.
 */
export function mergeParams(
  params: Record<string, unknown>,
  parent: unknown,
  site?: MergeSite,
): Record<string, unknown> {
  if (typeof parent !== 'object' || !parent) return params;
  if (site !== undefined && site[kMergeShape] !== UNSTABLE) {
    const built = compiledMerge(site, params, parent);
    if (built !== undefined) return built;
  }
  const merged = copyInto({}, parent as Record<string, unknown>);
  if (!(0 in params) || !(0 in parent)) return copyInto(merged, params);
  let i = 0;
  let o = 0;
  while (i in params) i++;
  while (o in parent) o++;
  for (i--; i >= 0; i--) {
    params[i + o] = params[i];
    if (i < o) delete params[i];
  }
  return copyInto(merged, params);
}

/**
 * The merge made by the site's builder when both objects list the names it was compiled for, else
 * undefined (the caller copies). A new shape is compiled for the next request, unless the site keeps
 * changing shape. Numbered captures on both sides shift (above): never compiled.
 */
function compiledMerge(
  site: MergeSite,
  params: Record<string, unknown>,
  parent: object,
): Record<string, unknown> | undefined {
  if (0 in params && 0 in parent) return undefined;
  const shape = site[kMergeShape];
  if (shape != null && enumeratesAs(parent, shape.parent) && enumeratesAs(params, shape.own)) {
    return shape.build(parent, params);
  }
  // Only webapp's layers keep the memory: a stack may hold other objects, left as they are.
  if (typeof site[kMergeMisses] !== 'number') return undefined;
  const names = { parent: enumeratedNames(parent), own: enumeratedNames(params) };
  const build = mergeBuilder(names.parent, names.own);
  site[kMergeShape] =
    build === undefined || ++site[kMergeMisses] > MAX_SHAPES ? UNSTABLE : { ...names, build };
  return undefined;
}

function copyInto(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const key in source) target[key] = source[key];
  return target;
}
