/**
 * One-time deprecation warnings through process.emitWarning, one code per API,
 * so users can silence them with --no-deprecation or filter them by code.
 * @module
 */

const emitted = new Set<string>();

/** Emits `message` as a DeprecationWarning once per process for `code`. */
export function deprecate(code: string, message: string): void {
  if (emitted.has(code)) return;
  emitted.add(code);
  process.emitWarning(message, { type: 'DeprecationWarning', code });
}

/** For tests: forget which warnings were already emitted. */
export function resetDeprecations(): void {
  emitted.clear();
}
