// Reading cachegrind's output files for bench/instructions.mjs.

/*
 * V8's full (mark-compact) collector, by the names of its C++ functions in cachegrind's output. Under
 * valgrind a server runs ~50 times slower than the load generator, and V8 can react to that with
 * allocation-site pretenuring and old-space collections a run at full speed does not have: webapp on
 * Node 24 under pipelining counted ~7.8k instructions per request there, fastify ~200 (bench/README.md,
 * "Instruction counts"). Reported apart, so such a run is not read as the framework's own cost.
 */
export const FULL_GC_FUNCTION =
  /MarkCompact|MarkingVisitor|MarkingWorklist|MarkingBarrier|IncrementalMarking|ConcurrentMarking|Evacuat|RecordMigratedSlot|LiveObjectVisitor|Sweeper|MainMarking|WriteBarrier::Marking/;
/** Per request, the full collector's share from which a count is flagged. */
export const FULL_GC_FLAG = 500;

/**
 * A run's totals by cachegrind event (Ir: instructions; with the simulation also D1mr, Bcm, …), from the
 * `summary:` line of cachegrind's output file, and `fullGc`: the instructions of the full collector's
 * functions.
 */
export function parseTotals(text, file = 'the cachegrind output') {
  const events = /^events:\s+(.+)$/m.exec(text);
  const summary = /^summary:\s+(.+)$/m.exec(text);
  if (!events || !summary) throw new Error(`no totals in ${file}`);
  const values = summary[1].trim().split(/\s+/).map(Number);
  const totals = Object.fromEntries(
    events[1]
      .trim()
      .split(/\s+/)
      .map((event, i) => [event, values[i]]),
  );
  // Cost lines ("<line> <Ir> …") follow the `fn=` line of their function; Ir is the first event.
  let inFullGc = false;
  let fullGc = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=')) inFullGc = FULL_GC_FUNCTION.test(line);
    else if (inFullGc && /^\d/.test(line)) fullGc += Number(line.split(' ', 2)[1]);
  }
  return { ...totals, fullGc };
}
