/**
 * Deprecation warnings, printed once per call site as Express 4 (through depd) prints them: the message
 * names the file, line and column of the code that called the deprecated API, so it says which line to
 * change. They go through process.emitWarning with one code per API, so Node's switches apply
 * (--no-deprecation silences them, --trace-deprecation prints the stack from the caller,
 * --throw-deprecation throws) and `process.on('warning')` listeners receive them. NO_DEPRECATION=webapp
 * (or `*`, in a comma- or space-separated list, as depd reads it) silences them too.
 * @module
 */
import { relative, resolve, sep } from 'node:path';

/** webapp's own files: frames in them are skipped when looking for the caller. */
const LIBRARY_ROOT = resolve(__dirname, '..') + sep;
const seen = new Set<string>();

interface CallSite {
  getFileName(): string | null | undefined;
  getLineNumber(): number | null;
  getColumnNumber(): number | null;
}

/** Whether NO_DEPRECATION (a list of namespaces, like depd's) names webapp or `*`. */
function silencedByEnv(): boolean {
  const list = process.env.NO_DEPRECATION;
  if (!list) return false;
  for (const name of list.toLowerCase().split(/[\s,]+/)) if (name === 'webapp' || name === '*') return true;
  return false;
}

/** The stack frames above `below` (structured call sites). */
function callSites(below: (...args: never[]) => unknown): CallSite[] {
  const prepare = Error.prepareStackTrace;
  const limit = Error.stackTraceLimit;
  const holder: { stack?: unknown } = {};
  try {
    Error.prepareStackTrace = (_error, frames) => frames;
    Error.stackTraceLimit = 32;
    Error.captureStackTrace(holder, below);
    return Array.isArray(holder.stack) ? (holder.stack as CallSite[]) : [];
  } finally {
    Error.prepareStackTrace = prepare;
    Error.stackTraceLimit = limit;
  }
}

/** `file:line:column` of the first frame outside webapp (relative to the working directory). */
function callerLocation(frames: CallSite[]): string {
  for (const frame of frames) {
    const file = frame.getFileName();
    if (!file || file.startsWith(LIBRARY_ROOT)) continue;
    const shown = file.startsWith('/') || /^[A-Za-z]:[\\/]/.test(file) ? relative(process.cwd(), file) : file;
    return `${shown}:${frame.getLineNumber()}:${frame.getColumnNumber()}`;
  }
  return '<unknown>';
}

/**
 * Emits `message` as a DeprecationWarning with `code`, once per call site of the deprecated API: the
 * warning's message ends with ` at file:line:column` of the caller.
 */
export function deprecate(code: string, message: string): void {
  if (process.noDeprecation || silencedByEnv()) return;
  const location = callerLocation(callSites(deprecate));
  const key = `${code} ${location}`;
  if (seen.has(key)) return;
  seen.add(key);
  // error-catalogue-exempt: a DeprecationWarning, not an error; its WEBAPP_… code is the caller's and is
  // listed under "Deprecations" in docs/errors.md (a test checks each one is).
  const warning = new Error(`${message} at ${location}`) as Error & { code: string };
  warning.name = 'DeprecationWarning';
  warning.code = code;
  // The stack --trace-deprecation prints starts at the deprecated API, not inside this module.
  Error.captureStackTrace(warning, deprecate);
  process.emitWarning(warning);
}

/** For tests: forget which call sites were already warned about. */
export function resetDeprecations(): void {
  seen.clear();
}
