/**
 * Counters of the engine's work since the module loaded, so that tests check that work grows linearly
 * with the input, and which engine answered, without timing anything.
 * @module
 */

export const workDone = {
  /** Thread additions: the unit of work of both engines. */
  threads: 0,
  /** Execs answered by the lazy DFA, by the Pike VM, and DFA runs abandoned because its cache filled. */
  dfaRuns: 0,
  nfaRuns: 0,
  dfaOverflows: 0,
  /** Execs the prefilter answered (no match) without running an engine. */
  prefiltered: 0,
  /** Execs a DFA run handed to the built-in RegExp (a pattern proven linear there, a dense input). */
  nativeRuns: 0,
  /** Long inputs refused for a character no match has at its position (leadSets). */
  probed: 0,
};
