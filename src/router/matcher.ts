/**
 * Chooses how a compiled path is executed. The regex *source* always equals Express 4's (tools read
 * it), but running an arbitrary user-shaped pattern on a backtracking engine is how ReDoS happens.
 * So:
 * - pure literal paths compare strings;
 * - paths whose compiled regex cannot backtrack more than linearly on V8, by construction, run on
 *   V8's RegExp: whole-segment `:params` and literals; `:a-:b` / `:file.:ext` segments (plain
 *   parameters between literal separators: only the first parameter of a segment has a choice of
 *   where to end, each later one is forced to the next separator); a whole-segment `:id(\d+)` whose
 *   capture is one quantified atom that cannot match '/';
 * - everything else (`?`, `+`, `*` operators, other custom captures, optional parameters inside a
 *   segment) runs on the linear-time engine in ../regex/safe-regexp.ts, which hands a long path dense
 *   with separators to V8's RegExp only when it has proven the pattern's backtracking linear;
 * - a string pattern that engine cannot run (a backreference, a lookbehind, a pattern too large) is
 *   refused when the route is registered, so no string route can block the process;
 * - a RegExp the user passed is theirs and runs as is.
 * @module
 */
import { webappError } from '../errors/catalogue';

type SafeRegExpModule = typeof import('../regex/safe-regexp');
let safeRegExpModule: SafeRegExpModule | undefined;

/** The linear-time engine (100 KB of code), loaded with the first pattern that needs it: most apps' never do. */
function linearEngine(): SafeRegExpModule {
  safeRegExpModule ??= require('../regex/safe-regexp') as SafeRegExpModule;
  return safeRegExpModule;
}

export type ExecFn = (path: string) => (string | undefined)[] | null;

/** Characters that mean themselves in a regex source ('.' is escaped by the compiler). */
export const LITERAL_SEGMENT = /^[A-Za-z0-9_~\-!&'@,;=%.]*$/;
/** A whole-segment parameter, `:name`. */
export const PARAM_SEGMENT = /^:\w+$/;
const OPTIONAL_PARAM_SEGMENT = /^:\w+\?$/;
/** Plain parameters with at least one literal character between each two (`:a-:b`, `v:major.:minor`). */
const COMPOUND_SEGMENT =
  /^[A-Za-z0-9_~\-!&'@,;=%.]*:\w+(?:[A-Za-z0-9_~\-!&'@,;=%.]+:\w+)*[A-Za-z0-9_~\-!&'@,;=%.]*$/;
/** `:name(atom)` with one quantified atom that never matches '/': `\d`, `\w`, or a plain class. */
const ATOM_CAPTURE_SEGMENT =
  /^:\w+\((?:\\[dw]|\[[A-Za-z0-9_\-.~]+\]|\[(?:\\[dw]|[A-Za-z0-9_\-.~])+\])(?:[+*]|\{\d+(?:,\d*)?\})?\)$/;

export interface PathShape {
  /** The path itself when it is a plain literal (no parameters or operators). */
  literal?: string;
  /** Safe to run on V8's RegExp: backtracking stays linear by construction. */
  simple: boolean;
}

/** Classifies a string path (undefined for RegExp/array paths). */
export function pathShape(path: unknown): PathShape | undefined {
  if (typeof path !== 'string') return undefined;
  if (path.length === 0 || path[0] !== '/') return { simple: false };
  const segments = path.slice(1).split('/');
  let literal = true;
  for (let k = 0; k < segments.length; k++) {
    const segment = segments[k];
    if (LITERAL_SEGMENT.test(segment)) continue;
    literal = false;
    if (PARAM_SEGMENT.test(segment) || ATOM_CAPTURE_SEGMENT.test(segment)) continue;
    if (COMPOUND_SEGMENT.test(segment) && !segment.includes('::')) continue;
    const last = k === segments.length - 1 || (k === segments.length - 2 && segments[k + 1] === '');
    if (last && OPTIONAL_PARAM_SEGMENT.test(segment)) continue;
    return { simple: false };
  }
  return literal ? { literal: path, simple: true } : { simple: true };
}

/**
 * Whether `path` reads `literal` at `at`, exactly. Compared as a slice with native string equality:
 * in V8, `startsWith` (like a `charCodeAt` loop) costs about 40 instructions per character, equality a
 * few — a seven-segment literal route matched in ~1.8k instructions before.
 */
export function hasAt(path: string, at: number, literal: string): boolean {
  const end = at + literal.length;
  return end <= path.length && path.slice(at, end) === literal;
}

/**
 * Whether `path` reads `lower` (ASCII-lowercase) at `at`, A-Z folded: what a case-insensitive regex
 * compares an ASCII literal with (without `u`, no non-ASCII character folds into ASCII). Most URLs are
 * lowercase already: the exact compare answers them.
 */
export function startsWithFolded(path: string, at: number, lower: string): boolean {
  if (hasAt(path, at, lower)) return true;
  const len = lower.length;
  if (path.length - at < len) return false;
  for (let i = 0; i < len; i++) {
    let code = path.charCodeAt(at + i);
    if (code >= 65 && code <= 90) code += 32;
    if (code !== lower.charCodeAt(i)) return false;
  }
  return true;
}

/** Lowercases A-Z only: JS `i` regexes never fold a non-ASCII character into an ASCII one. */
export function asciiLower(value: string): string {
  let out: string | undefined;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 65 && code <= 90) {
      out ??= value.slice(0, i);
      out += String.fromCharCode(code + 32);
    } else if (out !== undefined) {
      out += value[i];
    }
  }
  return out ?? value;
}

/**
 * The linear-time engine's matcher for a string pattern V8 could backtrack on (the layer runs simple
 * paths by string compare or on V8's RegExp, and a user's RegExp as is).
 * @throws TypeError (code WEBAPP_ROUTE_PATTERN_UNSAFE) for a pattern no engine here can run in
 * linear time.
 */
export function createExec(regexp: RegExp, path?: unknown): ExecFn {
  const flags = { ignoreCase: regexp.ignoreCase };
  const engine = linearEngine();
  const safe = engine.compileSafeRegExp(regexp.source, flags);
  // A path whose last character no match ends with is a miss without a run (the common long miss:
  // `/a/:b?c` against a path that does not end in 'c').
  if (safe) return (input) => (safe.mayEndWith(input) ? safe.exec(input) : null);
  const reason = engine.unsupportedReason(regexp.source, flags) ?? 'unsupported construct';
  const shown = typeof path === 'string' ? JSON.stringify(path) : `/${regexp.source}/`;
  throw webappError('WEBAPP_ROUTE_PATTERN_UNSAFE', shown, reason);
}
