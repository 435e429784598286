import assert from 'node:assert/strict';
import { compileSafeRegExp, type SafeRegExp, workDone } from '../../src/regex';

// Helpers the regex engine's tests share: RegExp as the reference, the engines by name, work counters.

/** The path compiler Express 4 uses: the reference for the regex shapes routes produce. */
export const pathToRegexp: (
  path: string | string[],
  keys: unknown[],
  options: object,
) => RegExp = require('path-to-regexp');

/** The regex source Express 4 compiles a route path to (end, not strict, not sensitive). */
export function routeSource(path: string): string {
  return pathToRegexp(path, [], { end: true, strict: false, sensitive: false }).source;
}

/** What RegExp#exec returns, as a plain array. */
export function nativeExec(source: string, flags: string, input: string): (string | undefined)[] | null {
  const match = new RegExp(source, flags).exec(input);
  return match === null ? null : [...match];
}

/** Compiles `source`, failing the test when the engine refuses it; maxDfaStates 0 is the Pike VM alone. */
export function compile(source: string, flags = '', maxDfaStates?: number): SafeRegExp {
  const safe = compileSafeRegExp(source, { ignoreCase: flags === 'i', maxDfaStates });
  assert.ok(safe, `expected ${JSON.stringify(source)} to compile`);
  return safe;
}

/**
 * Asserts that the lazy DFA (where the pattern allows it) and the Pike VM alone both return exactly
 * what RegExp#exec returns for every input.
 */
export function assertSame(source: string, flags: string, inputs: readonly string[]): void {
  const engines = [compile(source, flags), compile(source, flags, 0)];
  for (const input of inputs) {
    const expected = nativeExec(source, flags, input);
    for (const [k, safe] of engines.entries()) {
      assert.deepEqual(
        safe.exec(input),
        expected,
        `/${source}/${flags}.exec(${JSON.stringify(input)}) on the ${k === 0 ? 'DFA' : 'Pike VM'}`,
      );
    }
  }
}

export type Work = typeof workDone;

/** Counters of workDone moved by `fn`. */
export function counted(fn: () => void): Work {
  const before = { ...workDone };
  fn();
  const moved = { ...workDone };
  for (const key of Object.keys(moved) as (keyof Work)[]) moved[key] -= before[key];
  return moved;
}

/** Native '/' searches made by `fn` (String.prototype.indexOf with '/'). */
export function slashSearches(fn: () => void): number {
  const indexOf = String.prototype.indexOf;
  let count = 0;
  String.prototype.indexOf = function (this: string, ...args: Parameters<typeof indexOf>) {
    if (args[0] === '/') count++;
    return indexOf.apply(this, args);
  };
  try {
    fn();
  } finally {
    String.prototype.indexOf = indexOf;
  }
  return count;
}

/**
 * A random Express 4 path of 1 to `most` tokens (led by '/') with random options, each on with the given
 * odds, compiled by Express's own path-to-regexp; undefined when it refuses the path.
 */
export function randomRoute(
  random: () => number,
  tokens: readonly string[],
  most: number,
  odds: { end: number; strict: number; sensitive: number },
): { path: string; regexp: RegExp } | undefined {
  let path = '';
  for (let t = 1 + Math.floor(random() * most); t > 0; t--)
    path += tokens[Math.floor(random() * tokens.length)];
  if (path[0] !== '/') path = `/${path}`;
  const options = {
    end: random() < odds.end,
    strict: random() < odds.strict,
    sensitive: random() < odds.sensitive,
  };
  try {
    return { path, regexp: pathToRegexp(path, [], options) };
  } catch {
    return undefined;
  }
}
