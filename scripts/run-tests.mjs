// Runs the compiled test files (build/test/**/*.test.js) with node's built-in test runner.
//
//   node scripts/run-tests.mjs                  every file, with coverage thresholds
//   node scripts/run-tests.mjs router body/     only files whose path contains one of the words
//   node scripts/run-tests.mjs --reporter=spec  node's own reporters (spec, tap, dot) instead
//   node scripts/run-tests.mjs --coverage ...   thresholds on a filtered run too (--no-coverage: off)
//   node scripts/run-tests.mjs --isolate ...    every file in its own process (no groups, see below)
//   node scripts/run-tests.mjs --profile ...    then a table of each process's CPU and wall time (Linux)
//
// The default reporter (scripts/test-reporter.mjs) prints only failures and a closing line.
// Coverage (node's built-in, --experimental-test-coverage) counts the lines of build/src, the
// compiled sources the tests import: at least 95% overall and 85% in every file, or the run fails.
// Tests mostly wait on sockets, so more files run at once than there are cores; the slowest files
// (type-checking with tsc, fuzzing) start first so that they do not finish last. Files run through
// scripts/test-run-files.mjs (node:test's run()), which keeps this order; `node --test` sorts them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const COVERAGE_LINES = 95;
const COVERAGE_FILE_LINES = 85;
// Files that take the most time without timing anything themselves (measured on node 20 with
// --profile: types.test ~27 s of CPU, 15-16 s of it TypeScript 5.6's matrix, ~5 s TypeScript 7's
// compiles, ~3 s npm pack and npm ci; the HTTP/2 suite ~8 s; the deprecation warnings' 13 child
// processes ~3 s; package ~4.5 s; the cluster example ~2.4 s; the docs' code blocks ~20 s, TypeScript 7
// and 5.6 compiling the TypeScript guide's samples and ~50 sample processes); started first so that none of them is
// left running alone at the end. The router fuzzers and other linear-time checks stay in name order: starting them
// together, next to tsc, would starve their time budgets.
const SLOW_FIRST = [
  /\/types\.test/,
  /\/http2\/suite\.test/,
  // Loads every app-level differential file again (over app.fetch), with its own wrapper of test().
  /\/fetch\/suite\.test/,
  /\/utils\/deprecate\.test/,
  /\/package\//,
  /\/docs\/code-blocks\.test/,
  /examples\/cluster/,
];
// Light files that run last, after the groups, so that the last group does not finish alone on one
// core: the examples (about a second each, spent mostly in the example's own process) and the
// tracing files (one to three seconds each).
const LAST = [/\/examples\//, /\/tracing\//];

const args = process.argv.slice(2);
const options = args.filter((arg) => arg.startsWith('--'));
const filters = args.filter((arg) => !arg.startsWith('--'));
const reporterOption = options.find((arg) => arg.startsWith('--reporter='));
const reporter = reporterOption ? reporterOption.slice('--reporter='.length) : './scripts/test-reporter.mjs';
if (!['spec', 'tap', 'dot', 'junit', 'lcov'].includes(reporter) && !reporter.startsWith('.')) {
  console.error(`unknown reporter ${reporter}: spec, tap, dot, junit, lcov or ./path/to/module.mjs`);
  process.exit(2);
}
const coverage = options.includes('--no-coverage')
  ? false
  : options.includes('--coverage') || filters.length === 0;

const root = 'build/test';
const rank = (file) => {
  const index = SLOW_FIRST.findIndex((pattern) => pattern.test(file));
  if (index !== -1) return index;
  return LAST.some((pattern) => pattern.test(file)) ? SLOW_FIRST.length + 1 : SLOW_FIRST.length;
};
const files = readdirSync(root, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.test.js'))
  .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
  .filter((file) => filters.length === 0 || filters.some((part) => file.includes(part)))
  .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));

if (files.length === 0) {
  console.error('no test files found under build/test');
  process.exit(1);
}

// Most files share a process with their neighbours: a node process that loads node:test, express and
// webapp costs about 0.25 s of CPU before the first test, which for most files is more than their
// tests take (measured on node 20: ten small files, 3.1 s of CPU in ten processes, 0.7 s in one;
// with coverage, the 110 files from body/ to res.*: 29 s of CPU in groups of 10, 26 s in groups of 20,
// 23 s in groups of 37 — each process also loads and reports coverage for all it loads; all 196
// groupable files: 42-43 s in 8 groups of at most 30, 39 s in 5 of at most 60, 37 s in 3 of at most
// 100). Groups of at most 60 (four of about 45 files, each 8-10 s of CPU, and the examples): larger
// ones would be left running alone at the end.
// A group runs its files one after the other in name order, in one process, as if they were one file
// (test/http2/suite.test.ts loads 30 of them that way too); their top-level before() and after()
// hooks (fixtures made and removed) then run at the start and the end of the group. A file keeps its
// own process when it registers a top-level beforeEach or afterEach (which would run around every
// test of the group) or matches ALONE: files that start servers, timers or tracing subscribers of
// their own, and the slowest ones, which would hold a group up. The examples' files (LAST) group only
// with one another: each starts its example's process in before() and stops it in after(), so a group
// of them runs its examples side by side (measured on node 20: the twelve light ones, 7.4 s of CPU in
// twelve processes, 5.4 s in one). --isolate gives every file its own process.
const ALONE = [
  ...SLOW_FIRST,
  /\/tracing\//,
  /\/http2\/suite\.test/,
  /\/compat\/async-context\.test/,
  // More than a second of CPU each (fuzzing, 10,000-route tables, 1,000 aborted downloads).
  /\/router\/(?:bad-input|index-parity|index\/route-tree)\.test/,
  /\/response\/send-file-abort\.test/,
  /\/body\/connection\.fuzz\.test/,
  // Measures the heap around one parse: other files' garbage in the same process skews it.
  /\/security\/body-buffering\.test/,
  // @vendia/serverless-express's handler never settles once light-my-request is loaded in the process.
  /\/transports\//,
];
const GROUP_SIZE = 60;
const TOP_LEVEL_EACH_HOOK = /^\(0, node_test_\d+\.(?:beforeEach|afterEach)\)\(/m;

const resultDir = mkdtempSync(join(tmpdir(), 'webapp-tests-'));
const units = [];
if (options.includes('--isolate')) {
  units.push(...files);
} else {
  // Each kind of groupable file (LAST or not) is cut into as few groups of at most GROUP_SIZE as
  // it takes, of near-equal sizes; a group runs where its first file would have.
  const isLast = (file) => LAST.some((pattern) => pattern.test(file));
  const slots = [];
  const groupable = new Map([
    [false, []],
    [true, []],
  ]);
  for (const file of files) {
    if (ALONE.some((pattern) => pattern.test(file)) || TOP_LEVEL_EACH_HOOK.test(readFileSync(file, 'utf8'))) {
      slots.push(file);
    } else {
      groupable.get(isLast(file)).push(file);
      slots.push({ file });
    }
  }
  const groupOf = new Map();
  for (const list of groupable.values()) {
    const count = Math.ceil(list.length / GROUP_SIZE);
    for (let i = 0, start = 0; i < count; i++) {
      const end = start + Math.ceil((list.length - start) / (count - i));
      const group = list.slice(start, end);
      groupOf.set(group[0], group);
      start = end;
    }
  }
  for (const slot of slots) {
    if (typeof slot === 'string') units.push(slot);
    else if (groupOf.has(slot.file)) {
      const group = groupOf.get(slot.file);
      if (group.length === 1) units.push(group[0]);
      else {
        const entry = join(resultDir, `group-${units.length + 1}.test.js`);
        const lines = group.map((file) => `require(${JSON.stringify(resolve(file))});`);
        writeFileSync(entry, `// ${group.join(' ')}\n${lines.join('\n')}\n`);
        units.push(entry);
      }
    }
  }
}

const resultFile = join(resultDir, 'result.json');
const nodeArgs = coverage ? ['--experimental-test-coverage'] : [];
nodeArgs.push('scripts/test-run-files.mjs', reporter, '4');

// --profile: scripts/test-profile.cjs records, at exit, each node process's CPU and wall time.
const profileFile = options.includes('--profile') ? join(resultDir, 'profile.jsonl') : undefined;
const profileEnv = profileFile
  ? {
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(resolve('scripts/test-profile.cjs'))}`.trim(),
      WEBAPP_TEST_PROFILE: profileFile,
    }
  : {};

// A whole run takes under two minutes here; past twenty, something hangs that no test's own timeout
// caught (a process that never exits): stop, and say so.
const RUN_LIMIT_MS = 20 * 60 * 1000;
const result = spawnSync(process.execPath, [...nodeArgs, ...units], {
  stdio: 'inherit',
  timeout: RUN_LIMIT_MS,
  killSignal: 'SIGKILL',
  env: {
    ...process.env,
    ...profileEnv,
    NODE_ENV: 'test',
    WEBAPP_COVERAGE_ROOT: 'build/src',
    WEBAPP_COVERAGE_LINES: String(COVERAGE_LINES),
    WEBAPP_COVERAGE_FILE_LINES: String(COVERAGE_FILE_LINES),
    WEBAPP_TEST_RESULT: resultFile,
  },
});

if (result.error?.code === 'ETIMEDOUT')
  console.error(`tests: stopped after ${RUN_LIMIT_MS / 60_000} minutes`);
let coverageOk = true;
if (coverage && reporter === './scripts/test-reporter.mjs') {
  try {
    coverageOk = JSON.parse(readFileSync(resultFile, 'utf8')).coverageOk === true;
    if (!coverageOk) console.error('coverage: no report or under the thresholds (see above)');
  } catch {
    console.error('the test reporter left no result: coverage not checked');
    coverageOk = false;
  }
}
if (profileFile) printProfile(profileFile, result.pid);
rmSync(resultDir, { recursive: true, force: true });
process.exit(result.status === 0 && coverageOk ? 0 : (result.status ?? 1) || 1);

/**
 * One line per test process (a file, or a group: its first and last files), heaviest first: CPU
 * seconds (the process's own and its children's: servers, fixtures, compilers), wall seconds, and
 * when it started after the runner; then the runner's own CPU (reporting, coverage) and the total.
 */
function printProfile(file, runnerPid) {
  let records;
  try {
    records = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
  } catch {
    console.error('profile: nothing recorded (Linux only)');
    return;
  }
  const runner = records.find((record) => record.pid === runnerPid);
  if (!runner) return console.error('profile: the runner recorded nothing');
  const name = (args) => {
    const entry = args.find((arg) => arg.endsWith('.test.js')) ?? args.join(' ');
    if (!entry.startsWith(resultDir)) return relative('build/test', entry);
    const files = readFileSync(entry, 'utf8').split('\n')[0].slice(3).split(' ');
    return `${files.length} files, ${relative('build/test', files[0])} … ${relative('build/test', files.at(-1))}`;
  };
  const rows = records
    .filter((record) => record.ppid === runnerPid)
    .map((record) => ({ ...record, total: record.cpu + record.children }))
    .sort((a, b) => b.total - a.total);
  const sum = rows.reduce((total, row) => total + row.total, 0);
  console.log('\nprofile:   CPU s  (children)   wall s   start s  file');
  for (const row of rows) {
    const cells = [row.total, row.children, row.wall, (row.started - runner.started) / 1000];
    const [total, children, wall, start] = cells.map((value) => value.toFixed(1).padStart(7));
    console.log(`profile: ${total}  (${children})  ${wall}   ${start}  ${name(row.args)}`);
  }
  console.log(
    `profile: ${rows.length} processes ${sum.toFixed(1)} s CPU; the runner ${runner.cpu.toFixed(1)} s ` +
      `(reporting, coverage), its children in all ${runner.children.toFixed(1)} s; ${runner.wall.toFixed(1)} s wall`,
  );
}
