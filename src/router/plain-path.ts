/**
 * Matching for the commonest mount paths with parameters — `app.use('/org/:org', router)`, literal
 * segments and whole-segment parameters — without running their regex. For these shapes Express 4's
 * compiled source (see translatePlain in ./path) is deterministic: a parameter `([^/]+?)` is always
 * followed by '/' or the end, so it takes its whole segment, and a literal is ASCII (compared
 * case-folded unless `sensitive`, exactly as the `i` flag does without `u`). Walking the segments
 * gives the regex's answer — test/router/plain-path.test.ts compares the two on seeded random paths —
 * without the match array and the lazy quantifier's lookahead at every character, once per router
 * level of a nested app.
 * @module
 */
import { hasAt, startsWithFolded } from './matcher';
import { type PathOptions, plainSegments } from './path';

export interface PlainPath {
  /** Per segment: its literal (ASCII-lowercased unless sensitive), or null for a parameter. */
  readonly segments: readonly (string | null)[];
  readonly params: number;
  readonly sensitive: boolean;
  readonly strict: boolean;
}

/**
 * The plan for `path` mounted with `end: false` (app.use, router.use), or undefined: when it has no
 * parameter (the layer's literal compare handles it) or another shape (the regex). Route paths
 * (`end: true`) keep V8's RegExp: without the mount's lookahead it is as quick as this walk on short
 * paths and quicker on long ones, whose literal segments it compares in native code.
 */
export function plainPath(path: string, options: PathOptions): PlainPath | undefined {
  const segments = options.end === false ? plainSegments(path) : undefined;
  return segments === undefined ? undefined : plainPathOf(segments, options);
}

/** The plan of a mount path's segments (plainSegments'), or undefined when none is a parameter. */
export function plainPathOf(segments: readonly string[], options: PathOptions): PlainPath | undefined {
  const sensitive = Boolean(options.sensitive);
  let params = 0;
  // Literals are ASCII (LITERAL_SEGMENT): toLowerCase folds exactly what the `i` flag folds.
  const plan = segments.map((segment) => {
    if (segment.charCodeAt(0) !== 58) return sensitive ? segment : segment.toLowerCase();
    params++;
    return null;
  });
  return params === 0 ? undefined : { segments: plan, params, sensitive, strict: Boolean(options.strict) };
}

/** Start and end of each parameter of the last match; reused (matching never re-enters). */
let bounds = new Uint32Array(32);

/**
 * Matches `path` against `plan`. On success returns the matched part (the regex's group 0) and
 * leaves the parameters' bounds for {@link plainCapture}; otherwise undefined.
 */
export function matchPlain(plan: PlainPath, path: string): string | undefined {
  const at = matchSegments(plan, path, 0, 0);
  if (at === -1) return undefined;
  const rest = path.length - at;
  if (rest === 0) return path;
  if (path.charCodeAt(at) !== 47) return undefined;
  // `\/?(?=\/|$)` when not strict: the slash belongs to the match only before another slash or the end.
  if (!plan.strict && (rest === 1 || path.charCodeAt(at + 1) === 47)) return path.slice(0, at + 1);
  return path.slice(0, at);
}

/**
 * Matches the part of `path` that starts at `at` against `plan`, keeping its parameters' bounds from
 * parameter `first` on (so matches of consecutive mounts leave all their bounds for
 * {@link plainCapture}). Returns the offset where the matched segments end, or -1 for no match;
 * whether a slash after them belongs to the match is the caller's question (see ./mount-chain).
 */
export function matchPlainAt(plan: PlainPath, path: string, at: number, first: number): number {
  const end = matchSegments(plan, path, at, first);
  return end === -1 || end === path.length || path.charCodeAt(end) === 47 ? end : -1;
}

/**
 * Walks `plan`'s segments along `path` from `at`, recording each parameter's bounds from parameter
 * `first` on (earlier bounds kept): the offset after the last segment, or -1.
 */
function matchSegments(plan: PlainPath, path: string, at: number, first: number): number {
  const segments = plan.segments;
  const length = path.length;
  const needed = (first + plan.params) * 2;
  if (bounds.length < needed) {
    const grown = new Uint32Array(needed * 2);
    grown.set(bounds);
    bounds = grown;
  }
  let param = first * 2;
  for (let s = 0; s < segments.length; s++) {
    if (at >= length || path.charCodeAt(at) !== 47) return -1;
    at++;
    const literal = segments[s];
    if (literal === null) {
      let stop = path.indexOf('/', at);
      if (stop === -1) stop = length;
      if (stop === at) return -1;
      bounds[param++] = at;
      bounds[param++] = stop;
      at = stop;
    } else {
      if (plan.sensitive ? !hasAt(path, at, literal) : !startsWithFolded(path, at, literal)) return -1;
      at += literal.length;
    }
  }
  return at;
}

/** The raw text of parameter `n` of the last successful {@link matchPlain} on `path`. */
export function plainCapture(path: string, n: number): string {
  return path.slice(bounds[n * 2], bounds[n * 2 + 1]);
}
