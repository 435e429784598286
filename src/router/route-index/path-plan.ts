/**
 * Where a layer sits in the route tree: the path segments *every* path it matches must walk through,
 * read off the route string. The tree only ever narrows which layers dispatch tests (each candidate
 * is still confirmed by `layer.match`), so a plan may promise less than the pattern does — stopping
 * early is always safe — but never more.
 *
 * A segment is placed when it is a non-empty plain literal (compared ASCII-case-folded, which is a
 * superset of both case modes) or a whole-segment `:name` (any one non-empty segment). The first segment that is
 * anything else (a custom capture, `:a-:b`, `*`, `?`…) ends the plan: the layer becomes a candidate
 * for every path under the segments placed so far.
 * @module
 */
import type { PathArgument } from '../path';

/** An edge of the tree: a literal segment (ASCII-lowercased), or PARAM for any non-empty segment. */
export type PlanSegment = string | typeof PARAM;

export const PARAM: unique symbol = Symbol('webapp.index.param');

export interface PathPlan {
  readonly segments: readonly PlanSegment[];
  /**
   * `end`: a candidate only for paths that end at the last segment (trailing slashes aside);
   * `prefix`: a candidate for every path that walks through the segments.
   */
  readonly kind: 'end' | 'prefix';
  /** A last `:name?` (end plans only): the path may also end one segment earlier. */
  readonly optionalLast: boolean;
}

// What stays literal in Express 4's compiled source (translate() escapes '.' and nothing else here).
const LITERAL_SEGMENT = /^[A-Za-z0-9_~\-!&'@,;=%.]*$/;
const PARAM_SEGMENT = /^:\w+$/;
const OPTIONAL_PARAM_SEGMENT = /^:\w+\?$/;
const FORMAT_PARAM = /^\.:\w/;

/**
 * The plans of a layer's path (one per alternative of an array), or null when the layer must be a
 * candidate for every path (a RegExp, a path that does not start with '/', a top-level `|`).
 * @example
 * planPath('/users/:id', true) // [{ segments: ['users', PARAM], kind: 'end', optionalLast: false }]
 */
export function planPath(path: PathArgument, end: boolean): PathPlan[] | null {
  if (typeof path === 'string') {
    const plan = planString(path, end);
    return plan === null ? null : [plan];
  }
  if (!Array.isArray(path)) return null;
  // An array compiles to anchored alternatives joined by '|': a path matches one of them.
  const plans: PathPlan[] = [];
  for (const item of path) {
    if (typeof item !== 'string') return null;
    const plan = planString(item, end);
    if (plan === null) return null;
    plans.push(plan);
  }
  return plans;
}

function planString(path: string, end: boolean): PathPlan | null {
  if (path.charCodeAt(0) !== 47) return null;
  // '|' anywhere becomes a top-level alternation of the compiled source (`/a/x|y` matches `/by`).
  if (path.includes('|')) return null;
  const raw = path.slice(1).split('/');
  // Trailing slashes are optional in non-strict mode and the tree ignores them on both sides.
  let count = raw.length;
  while (count > 0 && raw[count - 1] === '') count--;
  const segments: PlanSegment[] = [];
  for (let k = 0; k < count; k++) {
    const segment = raw[k];
    if (k + 1 < raw.length && !keepsSlashBefore(raw, k + 1, count)) break;
    // An empty segment (`/a//b`) would be walked by a path's trailing slash, which lookups drop.
    if (segment.length === 0) break;
    if (LITERAL_SEGMENT.test(segment)) {
      // ASCII (LITERAL_SEGMENT): toLowerCase folds exactly A-Z.
      segments.push(segment.toLowerCase());
      continue;
    }
    if (PARAM_SEGMENT.test(segment)) {
      segments.push(PARAM);
      continue;
    }
    if (end && k === count - 1 && OPTIONAL_PARAM_SEGMENT.test(segment)) {
      segments.push(PARAM);
      return { segments, kind: 'end', optionalLast: true };
    }
    return { segments, kind: 'prefix', optionalLast: false };
  }
  if (segments.length < count) return { segments, kind: 'prefix', optionalLast: false };
  return { segments, kind: end ? 'end' : 'prefix', optionalLast: false };
}

/**
 * Whether the segment before `raw[at]` surely ends at the '/' in front of it (or at the end of the
 * path). Not so before a quantifier (`/a/?b` matches `/ab`); nor before `.:ext`, whose token moves the
 * slash behind the dot (`/a/.:e` compiles to `a(?:\.\/…)`); nor before an optional parameter with more
 * text in its segment, whose slash is optional along with it (`/a/:b?c` matches `/ac`). A whole-segment
 * `:b?` passes the question on to what follows it (`/v1/:a?/:b?*` matches `/v1x`).
 * @param count the segments before the trailing slashes
 */
function keepsSlashBefore(raw: readonly string[], at: number, count: number): boolean {
  const segment = raw[at];
  if (segment.length === 0) return true;
  const c = segment.charCodeAt(0);
  if (c === 58 && segment.includes('?')) {
    if (!OPTIONAL_PARAM_SEGMENT.test(segment)) return false;
    return at + 1 >= count || keepsSlashBefore(raw, at + 1, count);
  }
  if (c === 63 || c === 43 || c === 123 || c === 92 || c === 41 || c === 91 || c === 36 || c === 94) {
    // ? + { \ ) [ $ ^
    return false;
  }
  if (c === 46) return !FORMAT_PARAM.test(segment);
  return true;
}
