// Runs the test files named on the command line, in that order, with node:test's run() (the
// `node --test` command line sorts files by name, which would start the slowest ones last).
// Started by scripts/run-tests.mjs, with --experimental-test-coverage when coverage is measured.
// Usage: node scripts/test-run-files.mjs <reporter> <concurrency> <files...>
import { run } from 'node:test';
import { dot, junit, lcov, spec, tap } from 'node:test/reporters';
import { pathToFileURL } from 'node:url';

const BUILTIN = { dot, junit, lcov, spec, tap };

const [reporterName, concurrency, ...files] = process.argv.slice(2);
const reporter = Object.hasOwn(BUILTIN, reporterName)
  ? BUILTIN[reporterName]
  : (await import(pathToFileURL(reporterName).href)).default;

let failed = false;
// node 20 measures coverage when this process has the flag; node 22 and later also want the option.
const coverage = process.execArgv.includes('--experimental-test-coverage');
// A file (or group) that hangs fails after five minutes rather than holding CI until its own limit;
// the slowest, the TypeScript matrix, takes under one (node's run() gives each file this timeout).
const stream = run({ files, concurrency: Number(concurrency), coverage, timeout: 300_000 });
stream.on('test:fail', (data) => {
  if (!data.todo) failed = true;
});
stream.compose(reporter).pipe(process.stdout);
stream.once('close', () => {
  if (failed) process.exitCode = 1;
});
