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
/**
 * Every collector, the full one included: the scavenger, root visits, the remembered sets, the array-buffer
 * sweeper, the collection bookkeeping. A 10,000-request window holds a scavenge more or less and a
 * mark-compact or none, so this share moves by thousands of instructions per request between two runs of the
 * same build (on Node 24, urlencoded: -2.6k to +15k), whatever the framework.
 */
export const GC_FUNCTION = new RegExp(
  `${FULL_GC_FUNCTION.source}|Scaveng|SemiSpace|MinorMarkSweep|MinorMS|MinorGC|RememberedSet|SlotSet|` +
    'ArrayBufferSweeper|GCTracer|IterateObjectCache|RootVisitor|VisitRootPointer|VisitSpillSlots|Pretenuring|' +
    'MemoryReducer|GlobalHandles::(?!Create|Destroy)|v8::internal::Heap::(?!Allocate)|WeakObjects|ClearNonLive|' +
    'EphemeronTable|PagedSpaceBase::(?:Merge|Release|Refill)',
);

/**
 * V8's compilers and parser (bytecode, Sparkplug, Maglev, TurboFan, deoptimization): start-up work that
 * lands in the window when a function tiers up late, as TurboFan does on Node 24 past the 12,000th request.
 */
export const COMPILER_FUNCTION =
  /v8::internal::(?:compiler|maglev|baseline|interpreter)::|v8::internal::(?:Parser|ParserBase|PreParser|Scanner|Compiler|Deoptimizer|Zone|AstValueFactory|DeclarationScope|OptimizingCompileDispatcher|RegExpCompiler|RegExpMacroAssembler|TranslatedState|SourcePositionTableBuilder|AssemblerBase|Assembler)\b|v8::internal::Scope::/;

/** Per request, the full collector's share from which a count is flagged. */
export const FULL_GC_FLAG = 500;

/**
 * A run's totals by cachegrind event (Ir: instructions; with the simulation also D1mr, Bcm, …), from the
 * `summary:` line of cachegrind's output file, and the instructions of three groups of functions:
 * `fullGc` (the full collector), `gc` (every collector, `fullGc` included) and `compilers`.
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
  let full = false;
  let collector = false;
  let compiler = false;
  let fullGc = 0;
  let gc = 0;
  let compilers = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=')) {
      full = FULL_GC_FUNCTION.test(line);
      collector = full || GC_FUNCTION.test(line);
      compiler = !collector && COMPILER_FUNCTION.test(line);
    } else if ((collector || compiler) && /^\d/.test(line)) {
      const ir = Number(line.split(' ', 2)[1]);
      if (full) fullGc += ir;
      if (collector) gc += ir;
      else compilers += ir;
    }
  }
  return { ...totals, fullGc, gc, compilers };
}
