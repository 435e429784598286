/**
 * bench/cachegrind.mjs: the totals bench/instructions.mjs reads from cachegrind's output, and the share of
 * V8's full collector it reports apart (under valgrind a server can collect old space as it never does at
 * full speed).
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

interface Totals {
  Ir: number;
  fullGc: number;
  gc: number;
  compilers: number;
  [event: string]: number;
}
interface CachegrindModule {
  parseTotals(text: string, file?: string): Totals;
  FULL_GC_FUNCTION: RegExp;
  GC_FUNCTION: RegExp;
  COMPILER_FUNCTION: RegExp;
}

const modulePath = resolve(__dirname, '..', '..', '..', 'bench', 'cachegrind.mjs');
const load = (): Promise<CachegrindModule> => import(pathToFileURL(modulePath).href);

// Cost lines are "<source line> <count per event …>"; names as valgrind demangles them.
const RUN = [
  'desc: I1 cache: 32768 B, 64 B, 8-way associative',
  'cmd: node server.cjs lean hello',
  'events: Ir D1mr Bcm',
  'fl=./libc.c',
  'fn=memcpy',
  '12 1000 3 1',
  '13 500 0 0',
  'fl=???',
  'fn=void v8::internal::MarkingVisitorBase<v8::internal::MainMarkingVisitor>::ProcessStrongHeapObject<x>(y)',
  '0 700 20 2',
  'fn=v8::internal::Scavenger::ScavengePage(v8::internal::MutablePageMetadata*)',
  '0 300 1 0',
  'fn=v8::internal::EvacuateNewToOldSpacePageVisitor::Visit(v8::internal::Tagged<v8::internal::HeapObject>, int)',
  '0 40 0 0',
  '1 2 0 0',
  'fn=Builtins_RecordWriteSaveFP',
  '0 90 0 0',
  'fn=v8::internal::compiler::GraphReducer::ReduceTop()',
  '0 60 0 0',
  'fn=v8::internal::maglev::MaglevGraphBuilder::VisitLdaZero()',
  '0 8 0 0',
  'summary: 2700 24 3',
  '',
].join('\n');

test('reads every event total from the summary line', async () => {
  const { parseTotals } = await load();
  const totals = parseTotals(RUN);
  assert.equal(totals.Ir, 2700);
  assert.equal(totals.D1mr, 24);
  assert.equal(totals.Bcm, 3);
});

test("sums the instructions of the full collector's functions, and only theirs", async () => {
  const { parseTotals } = await load();
  // The marking visitor and the evacuation (both of its lines); not the scavenger, the write barrier, libc.
  assert.equal(parseTotals(RUN).fullGc, 742);
});

test('finds no full-collector instructions in a run without them', async () => {
  const { parseTotals } = await load();
  const run = [
    'events: Ir',
    'fn=main',
    '1 10',
    'fn=v8::internal::Scavenger::ScavengePage(x)',
    '2 5',
    'summary: 15',
  ];
  assert.deepEqual(parseTotals(run.join('\n')), { Ir: 15, fullGc: 0, gc: 5, compilers: 0 });
});

test('sums every collector, the full one included, and the compilers apart from them', async () => {
  const { parseTotals } = await load();
  const totals = parseTotals(RUN);
  // Marking 700 + evacuation 42 + scavenger 300; TurboFan 60 + Maglev 8; libc and the barrier in neither.
  assert.equal(totals.gc, 1042);
  assert.equal(totals.compilers, 68);
});

test('names the collectors and the compilers it counts, not the code a request runs', async () => {
  const { GC_FUNCTION, COMPILER_FUNCTION } = await load();
  for (const name of [
    'v8::internal::Scavenger::ScavengePage(x)',
    'v8::internal::RootScavengeVisitor::VisitRootPointer(x)',
    'v8::internal::Heap::CollectGarbage(x)',
    'v8::internal::GlobalHandles::IterateYoungStrongAndDependentRoots(x)',
    'v8::internal::ArrayBufferSweeper::Finalize()',
    'v8::internal::Sweeper::RawSweep(v8::internal::PageMetadata*)',
  ]) {
    assert.match(name, GC_FUNCTION);
    assert.doesNotMatch(name, COMPILER_FUNCTION);
  }
  for (const name of [
    'v8::internal::compiler::turboshaft::Assembler<x>::Emit(y)',
    'v8::internal::maglev::MaglevGraphBuilder::Build()',
    'v8::internal::baseline::BaselineCompiler::VisitLdar()',
    'v8::internal::interpreter::BytecodeGenerator::VisitCall(x)',
    'v8::internal::ParserBase<v8::internal::Parser>::ParseFunctionLiteral(x)',
    'v8::internal::Deoptimizer::DoComputeOutputFrames()',
  ]) {
    assert.match(name, COMPILER_FUNCTION);
    assert.doesNotMatch(name, GC_FUNCTION);
  }
  for (const name of [
    'Builtins_RecordWriteSaveFP',
    'Builtins_KeyedLoadIC_Megamorphic',
    'v8::internal::Heap::AllocateRaw(x)',
    'v8::internal::GlobalHandles::Create(x)',
    'v8::internal::ScopeInfo::ContextSlotIndex(x)',
    'v8::internal::JsonStringifier::SerializeString<false>(x)',
    'llhttp__internal__run',
  ]) {
    assert.doesNotMatch(name, GC_FUNCTION);
    assert.doesNotMatch(name, COMPILER_FUNCTION);
  }
});

test('names the collectors it counts: the mark-compact family, not the scavenger', async () => {
  const { FULL_GC_FUNCTION } = await load();
  for (const name of [
    'std::pair<unsigned long, unsigned long> v8::internal::MarkCompactCollector::ProcessMarkingWorklist<0>(x)',
    'v8::internal::Sweeper::RawSweep(v8::internal::PageMetadata*)',
    'v8::internal::IncrementalMarking::Step(x)',
    'v8::internal::RecordMigratedSlotVisitor::RecordMigratedSlot(x)',
  ]) {
    assert.match(name, FULL_GC_FUNCTION);
  }
  for (const name of [
    'v8::internal::Scavenger::ScavengePage(x)',
    'v8::internal::RootScavengeVisitor::VisitRootPointer(x)',
    'Builtins_RecordWriteSaveFP',
    'llhttp__internal__run',
  ]) {
    assert.doesNotMatch(name, FULL_GC_FUNCTION);
  }
});

test('refuses a file without totals, naming it', async () => {
  const { parseTotals } = await load();
  assert.throws(
    () => parseTotals('events: Ir\nfn=main\n1 10\n', 'lean-hello-12000.cg'),
    /no totals in lean-hello-12000\.cg/,
  );
});
