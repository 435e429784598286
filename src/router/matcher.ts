/**
 * Chooses how a compiled path is executed. The regex *source* always equals Express 4's (tools read
 * it), but running an arbitrary user-shaped pattern on a backtracking engine is how ReDoS happens.
 * So:
 * - pure literal paths compare strings;
 * - paths made of whole-segment `:params` and literals (no ambiguity by construction: every
 *   parameter is confined to one segment and delimited by `/`) run on V8's RegExp;
 * - everything else (`/:a-:b`, custom `(regex)` captures, `? + *` operators) runs on the
 *   linear-time engine in ./safe-regexp.ts;
 * - a RegExp the user passed is theirs and runs as is.
 * @module
 */
import { compileSafeRegExp } from '../regex/safe-regexp';

export type ExecFn = (path: string) => (string | undefined)[] | null;

/** Characters that mean themselves in a regex source ('.' is escaped by the compiler). */
const LITERAL_SEGMENT = /^[A-Za-z0-9_~\-!&'@,;=%.]*$/;
const PARAM_SEGMENT = /^:\w+$/;
const OPTIONAL_PARAM_SEGMENT = /^:\w+\?$/;

export interface PathShape {
  /** The path itself when it is a plain literal (no parameters or operators). */
  literal?: string;
  /** Literal segments and whole-segment `:params` only (an optional one only last). */
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
    if (PARAM_SEGMENT.test(segment)) {
      literal = false;
      continue;
    }
    const last = k === segments.length - 1 || (k === segments.length - 2 && segments[k + 1] === '');
    if (last && OPTIONAL_PARAM_SEGMENT.test(segment)) {
      literal = false;
      continue;
    }
    return { simple: false };
  }
  return literal ? { literal: path, simple: true } : { simple: true };
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

let warnedFallback = false;

/**
 * Returns the function that executes `regexp` for a path of the given shape.
 * `literal` shapes are handled by the layer itself (string comparison), not here.
 */
export function createExec(regexp: RegExp, shape: PathShape | undefined, userRegExp: boolean): ExecFn {
  if (userRegExp || shape?.simple) {
    return (path) => regexp.exec(path);
  }
  const safe = compileSafeRegExp(regexp.source, { ignoreCase: regexp.ignoreCase });
  if (safe) return (path) => safe.exec(path);
  if (!warnedFallback) {
    warnedFallback = true;
    process.emitWarning(
      `route path pattern ${regexp.source} uses a construct the linear-time matcher does not support; it runs on RegExp`,
      { code: 'WEBAPP_PATH_FALLBACK' },
    );
  }
  return (path) => regexp.exec(path);
}
