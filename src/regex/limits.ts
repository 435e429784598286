/**
 * What the engine refuses, and the bounds that keep the work and memory of every compiled pattern finite.
 * @module
 */

/** Most instructions of one compiled pattern, its lookahead programs included. */
export const MAX_INSTRUCTIONS = 10_000;
/** Most cells of one thread list (thread states × slots per thread). */
export const MAX_LIST_CELLS = 1 << 20;
/** Longest lookahead body run forward at each position; a longer capture-free one is scanned backwards. */
export const LOOK_MAX_LENGTH = 1024;

/** A construct or size the engine does not run; the message is a key of REASONS. */
export class Unsupported extends Error {}

/** Each refusal in words, for the error a route registration raises. */
export const REASONS: Record<string, string> = {
  backreference: 'a backreference',
  'group kind': 'a lookbehind or another group kind the engine lacks',
  'too large': 'the pattern is too large',
  syntax: 'syntax the engine does not read',
  unbalanced: 'unbalanced parentheses',
  'unbounded lookahead with captures': 'a lookahead with captures and no length bound',
};
