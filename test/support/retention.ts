/**
 * Checks that per-request objects do not survive a scavenge while code is unoptimized. In node 20's V8,
 * a closure stored on an object by the function whose variables it closes over (and which reach that
 * object) kept everything it reached alive through the next scavenge, as long as the storing code ran
 * unoptimized: during every server's warm-up. That grew the young generation to its maximum within a
 * second under load and set off V8's allocation-site pretenuring (bench/README.md, "Cause and fix").
 *
 * `body` runs in a child started with --no-opt (the code stays as it is during warm-up) and
 * --expose-gc, with `webapp` and `http` in scope. It handles many requests, each carrying a ~0.5 KB
 * `payload` so that survivors show, and returns a count of the requests it saw through. Then one minor
 * GC runs, and the bytes left in the young generation are measured.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const entry = resolve(__dirname, '..', '..', 'src', 'index.js');

/** The bytes a scavenge left for tests: a few KB when nothing leaks, MBs when every request survives. */
export const SURVIVOR_LIMIT = 512 * 1024;

export async function survivorsAfter(body: string): Promise<{ handled: number; survived: number }> {
  const script = `
const v8 = require('node:v8');
const http = require('node:http');
const webapp = require(${JSON.stringify(entry)});
const payload = (i) => new Array(64).fill(i);
const handled = (() => {${body}})();
gc({ type: 'minor' });
const survived = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_used_size;
console.log(JSON.stringify({ handled, survived }));`;
  const { stdout } = await run(process.execPath, ['--no-opt', '--expose-gc', '-e', script], {
    timeout: 30_000,
  });
  return JSON.parse(stdout.trim()) as { handled: number; survived: number };
}
