// A node:test reporter for people: nothing for passing tests, each failing test with its file and
// error as it happens, then (with --experimental-test-coverage) the coverage verdict, then the
// closing lines: Node's TAP-style counts (`# tests N`, `# pass N`, ...) and `tests: N passed, N failed, N skipped`.
//
// Coverage thresholds come from the environment (set by scripts/run-tests.mjs):
//   WEBAPP_COVERAGE_ROOT        only files under this folder count (e.g. build/src)
//   WEBAPP_COVERAGE_LINES       minimum line coverage over all those files, in percent
//   WEBAPP_COVERAGE_FILE_LINES  minimum line coverage of each file, in percent
//   WEBAPP_TEST_RESULT          a file to write {"coverageOk": boolean} to, read by run-tests.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { inspect } from 'node:util';

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const red = (text) => (color ? `\x1b[31m${text}\x1b[39m` : text);
const green = (text) => (color ? `\x1b[32m${text}\x1b[39m` : text);
const dim = (text) => (color ? `\x1b[2m${text}\x1b[22m` : text);

// Failure types that only repeat a failure already printed for a subtest.
const ECHOES = new Set(['subtestsFailed', 'cancelledByParent']);

function where(data) {
  return data.file ? relative(process.cwd(), data.file) : '(no file)';
}

function describeError(error) {
  const cause = error?.cause ?? error;
  const text =
    cause instanceof Error ? inspect(cause, { depth: 4, colors: false }) : inspect(cause, { depth: 4 });
  return indent(text.split('\n').filter((line) => !INTERNAL_FRAME.test(line)));
}

// Stack frames inside node itself say nothing about the failure.
const INTERNAL_FRAME = /^\s+at (?:.* \()?node:/;

function indent(lines) {
  return lines.map((line) => `    ${line}`).join('\n');
}

/*
 * tsc emits its module helpers (__importStar, __createBinding, …) at the top of a CommonJS file,
 * before `Object.defineProperty(exports, "__esModule", …)`: compiler output with branches no source
 * line asks for. Only the lines after that marker count.
 */
const ES_MODULE_MARKER = 'Object.defineProperty(exports, "__esModule", { value: true });';

function sourceLines(file) {
  const all = file.lines ?? [];
  let text;
  try {
    text = readFileSync(file.path, 'utf8');
  } catch {
    return { total: file.totalLineCount, covered: file.coveredLineCount, uncovered: [] };
  }
  const marker = text.split('\n').indexOf(ES_MODULE_MARKER) + 1; // 1-based line number, 0 if none
  const counted = all.filter((line) => line.line > marker);
  if (counted.length === 0) {
    return { total: file.totalLineCount, covered: file.coveredLineCount, uncovered: [] };
  }
  const uncovered = counted.filter((line) => line.count === 0).map((line) => line.line);
  return { total: counted.length, covered: counted.length - uncovered.length, uncovered };
}

function checkCoverage(summary, lines) {
  const root = resolve(process.env.WEBAPP_COVERAGE_ROOT ?? 'build/src') + sep;
  const minTotal = Number(process.env.WEBAPP_COVERAGE_LINES ?? 0);
  const minFile = Number(process.env.WEBAPP_COVERAGE_FILE_LINES ?? 0);
  const files = summary.files.filter((file) => resolve(file.path).startsWith(root));
  let total = 0;
  let covered = 0;
  const low = [];
  for (const file of files) {
    const counts = sourceLines(file);
    total += counts.total;
    covered += counts.covered;
    const percent = counts.total === 0 ? 100 : (counts.covered / counts.total) * 100;
    if (percent < minFile) low.push({ path: file.path, percent, ...counts });
  }
  const percent = total === 0 ? 0 : (covered / total) * 100;
  const ok = files.length > 0 && percent >= minTotal && low.length === 0;
  lines.push('');
  lines.push(
    `coverage: ${percent.toFixed(2)}% of ${total} lines in ${files.length} files under ` +
      `${relative(process.cwd(), root) || '.'} (minimum ${minTotal}% overall, ${minFile}% per file)`,
  );
  for (const file of low.sort((a, b) => a.percent - b.percent)) {
    const missing = file.uncovered.slice(0, 30);
    lines.push(
      red(
        `  ${relative(process.cwd(), file.path)}: ${file.percent.toFixed(2)}% ` +
          `(${file.covered}/${file.total} lines)`,
      ) + (missing.length ? dim(` uncovered: ${missing.join(', ')}`) : ''),
    );
  }
  if (files.length === 0) lines.push(red('  no covered file found: is the coverage root right?'));
  else if (percent < minTotal) lines.push(red(`  overall line coverage is under ${minTotal}%`));
  lines.push(ok ? green('coverage: OK') : red('coverage: FAILED'));
  return ok;
}

export default async function* reporter(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let coverageOk = null;
  const coverageLines = [];
  const started = Date.now();
  // What each test file wrote to stderr: shown when the file itself fails (e.g. cannot load).
  const stderr = new Map();

  for await (const event of source) {
    const { type, data } = event;
    if (type === 'test:stderr') {
      const file = data.file ?? '';
      const text = (stderr.get(file) ?? '') + data.message;
      stderr.set(file, text.length > 20_000 ? text.slice(-20_000) : text);
    } else if (type === 'test:pass') {
      if (data.details?.type === 'suite') continue;
      if (data.skip || data.todo) skipped++;
      else passed++;
    } else if (type === 'test:fail') {
      const failureType = data.details?.error?.failureType;
      if (data.details?.type === 'suite' || ECHOES.has(failureType)) {
        // A suite fails with its tests; a file that fails to load is reported as a failed test.
        if (data.details?.type !== 'suite' && data.nesting === 0) failed++;
        continue;
      }
      if (data.todo) {
        skipped++;
        continue;
      }
      failed++;
      const title = `${red('✖')} ${where(data)} › ${data.name}${failureType ? dim(` (${failureType})`) : ''}`;
      let output = '';
      if (data.file && data.nesting === 0 && resolve(data.name) === resolve(data.file)) {
        // The file as a whole failed: its own error went to its stderr.
        const lines = (stderr.get(data.file) ?? '').trimEnd().split('\n').slice(-40);
        output = `\n${dim('    stderr:')}\n${indent(lines)}`;
      }
      yield `${title}\n${describeError(data.details?.error)}${output}\n\n`;
    } else if (type === 'test:coverage') {
      coverageOk = checkCoverage(data.summary, coverageLines);
    }
  }

  if (coverageLines.length) yield `${coverageLines.join('\n')}\n`;
  if (process.env.WEBAPP_TEST_RESULT) {
    writeFileSync(process.env.WEBAPP_TEST_RESULT, JSON.stringify({ coverageOk, passed, failed, skipped }));
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  yield `\n${dim(`${passed + failed + skipped} tests in ${seconds} s`)}\n`;
  // The closing lines Node's own TAP reporter prints, so tools that read a node:test run's summary
  // (CI dashboards, log scrapers) find the counts; then one plain line for people.
  const total = passed + failed + skipped;
  yield dim(
    `# tests ${total}\n# pass ${passed}\n# fail ${failed}\n# skipped ${skipped}\n# duration_ms ${Date.now() - started}\n`,
  );
  const line = `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`;
  yield `${failed ? red(line) : green(line)}\n`;
}
