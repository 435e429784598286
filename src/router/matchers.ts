/**
 * How a layer's compiled path matches a request path: one matcher per layer, chosen when the path is
 * compiled, all with one contract (set `layer.params` and `layer.path` and answer true, or answer
 * false). The regex *source* always equals Express 4's (tools read it), but running an arbitrary
 * user-shaped pattern on a backtracking engine is how ReDoS happens. So:
 * - middleware at '/' matches every path, and `*` every path as param 0, without a regex;
 * - pure literal paths compare strings;
 * - paths whose compiled regex cannot backtrack more than linearly, by construction, run on the
 *   native RegExp: whole-segment `:params` and literals; `:a-:b` / `:file.:ext` segments (plain
 *   parameters between literal separators: only the first parameter of a segment has a choice of
 *   where to end, each later one is forced to the next separator); a whole-segment `:id(\d+)` whose
 *   capture is one quantified atom that cannot match '/';
 * - everything else (`?`, `+`, `*` operators, other custom captures, optional parameters inside a
 *   segment) runs on the linear-time engine in ../regex, which hands a long path dense with
 *   separators to the native RegExp only when it has proven the pattern's backtracking linear;
 * - a string pattern that engine cannot run (a backreference, a lookbehind, a pattern too large) is
 *   refused when the route is registered, so no string route can block the process;
 * - a RegExp the user passed (or assigned to `layer.regexp`) is theirs and runs as Express runs it.
 * @module
 */
import { webappError } from '../errors/catalogue';
import { compilePath, type PathArgument, type PathKey, type PathOptions } from './path';

type SafeRegExpModule = typeof import('../regex');
let safeRegExpModule: SafeRegExpModule | undefined;

/** The linear-time engine (100 KB of code), loaded with the first pattern that needs it: most apps' never do. */
function linearEngine(): SafeRegExpModule {
  safeRegExpModule ??= require('../regex') as SafeRegExpModule;
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
  /** Safe to run on the native RegExp: backtracking stays linear by construction. */
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

/** Whether `path` reads `literal` at `at`, exactly (a slice compared whole). */
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
 * The linear-time engine's matcher for a string pattern the native RegExp could backtrack on.
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

export interface LayerRegExp extends RegExp {
  fast_slash?: boolean;
  fast_star?: boolean;
}

/** What a matcher writes its answer to: a layer. */
export interface MatchTarget {
  params: Record<string, unknown> | undefined;
  path: string | undefined;
  keys: PathKey[];
  regexp: LayerRegExp;
}

/** Sets `layer.params` and `layer.path` and answers true when `path` matches, else answers false. */
export type Matcher = (layer: MatchTarget, path: string) => boolean;

/** What a path compiles to: Express's regexp and keys, and the matcher that runs them. */
export interface CompiledMatcher {
  regexp: LayerRegExp;
  keys: PathKey[];
  matcher: Matcher;
}

/**
 * Compiles a layer's path.
 * @throws TypeError (code WEBAPP_ROUTE_PATTERN_UNSAFE) for a string pattern no engine here can run in
 * linear time.
 * @example
 * compileMatcher('/users/:id', { end: true }).matcher // runs on the native RegExp
 */
export function compileMatcher(path: PathArgument, options: PathOptions): CompiledMatcher {
  const { regexp, keys, userRegExp } = compilePath(path, options, []);
  const layerRegExp = regexp as LayerRegExp;
  const star = path === '*';
  const slash = path === '/' && options.end === false;
  layerRegExp.fast_star = star;
  layerRegExp.fast_slash = slash;
  let matcher: Matcher;
  if (slash) matcher = matchSlash;
  else if (star) matcher = matchStar;
  else if (userRegExp) matcher = matchRegExp;
  else {
    const shape = pathShape(path);
    if (shape?.literal !== undefined) matcher = literalMatcher(shape.literal, options);
    // A twin without Express's own properties: a RegExp with properties of its own executes slower.
    else if (shape?.simple)
      matcher = execMatcher(RegExp.prototype.exec.bind(new RegExp(regexp.source, regexp.flags)));
    else matcher = execMatcher(createExec(regexp, path));
  }
  return { regexp: layerRegExp, keys, matcher };
}

/** Middleware at '/': every path, nothing matched. */
export function matchSlash(layer: MatchTarget): boolean {
  layer.params = {};
  layer.path = '';
  return true;
}

/** `*`: every path, which is parameter 0. */
function matchStar(layer: MatchTarget, path: string): boolean {
  layer.params = { '0': decodeParam(path) };
  layer.path = path;
  return true;
}

/** Express 4's own rule, for a user's RegExp and for any regexp assigned to `layer.regexp`. */
export function matchRegExp(layer: MatchTarget, path: string): boolean {
  const regexp = layer.regexp;
  if (regexp.fast_slash) return matchSlash(layer);
  if (regexp.fast_star) return matchStar(layer, path);
  const m = regexp.exec(path);
  return m !== null && capture(layer, m);
}

/** A matcher that runs `exec` (the native RegExp's, or the linear engine's) and records its captures. */
export function execMatcher(exec: (path: string) => ArrayLike<string | undefined> | null): Matcher {
  return (layer, path) => {
    const m = exec(path);
    return m !== null && capture(layer, m);
  };
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Records a successful match: the matched part and each capture under its key's name, decoded. */
function capture(layer: MatchTarget, m: ArrayLike<string | undefined>): true {
  const params: Record<string, unknown> = {};
  const keys = layer.keys;
  for (let i = 1; i < m.length; i++) {
    const prop = keys[i - 1].name;
    const value = decodeParam(m[i]);
    if (value !== undefined || !hasOwn.call(params, prop)) params[prop] = value;
  }
  layer.params = params;
  layer.path = m[0];
  return true;
}

/** Decodes a captured parameter; a malformed escape becomes a 400 error. */
export function decodeParam(value: string | undefined): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return value;
  if (value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) {
      const error = err as URIError & { status?: number; statusCode?: number };
      error.message = `Failed to decode param '${value}'`;
      error.status = error.statusCode = 400;
    }
    throw err;
  }
}

/**
 * A literal path compared as a string, with what Express's compiled regex does around it: one optional
 * trailing slash unless strict, and for a mount (`end: false`) a match that stops at a '/'.
 */
function literalMatcher(literal: string, options: PathOptions): Matcher {
  const strict = Boolean(options.strict);
  const end = options.end !== false;
  const sensitive = Boolean(options.sensitive);
  // Non-strict paths make one trailing slash optional; a literal's own trailing slash is that slash.
  const base = !strict && literal.endsWith('/') ? literal.slice(0, -1) : literal;
  // A literal path is ASCII (LITERAL_SEGMENT): toLowerCase folds exactly A-Z.
  const lower = base.toLowerCase();
  const len = base.length;
  const startsWithBase = (path: string) =>
    sensitive ? hasAt(path, 0, base) : startsWithFolded(path, 0, lower);
  const matched = (path: string): string | undefined => {
    const rest = path.length - len;
    if (end) {
      if (rest !== 0 && (rest !== 1 || strict || path.charCodeAt(len) !== 47)) return undefined;
      return startsWithBase(path) ? path : undefined;
    }
    if (!startsWithBase(path)) return undefined;
    if (strict) {
      if (base.endsWith('/') || rest === 0 || path.charCodeAt(len) === 47) return path.slice(0, len);
      return undefined;
    }
    if (rest === 0) return path;
    if (path.charCodeAt(len) !== 47) return undefined;
    // `\/?(?=\/|$)`: the slash is part of the match only when followed by another slash or the end.
    if (rest === 1 || path.charCodeAt(len + 1) === 47) return path.slice(0, len + 1);
    return path.slice(0, len);
  };
  return (layer, path) => {
    const part = matched(path);
    if (part === undefined) return false;
    layer.params = {};
    layer.path = part;
    return true;
  };
}
