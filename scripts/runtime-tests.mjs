// Runs the app-level, differential part of the suite on Bun or Deno: the built test files that drive
// apps over HTTP against express@4 (every file calling assertSameAsExpress, run in the same runtime as
// the webapp app), the transports, app.fetch and fromFetch, and test/runtime/servers (app.listen(),
// http.createServer(app), https.createServer(opts, app), Bun.serve / Deno.serve with app.fetch).
// Both runtimes run node:test files: `bun test` and `deno test` read them through their node compat.
//
// A test that cannot pass on a runtime is listed in KNOWN below with the runtime's own reason; the run
// fails on any other failure, and on a listed test that passes (so the list stays true).
//
//   node scripts/runtime-tests.mjs bun path/to/bun
//   node scripts/runtime-tests.mjs deno path/to/deno
// Expects a build (npm run build && npm run build:tests).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Tests that fail on a runtime for a reason of the runtime's (each also fails, or has no meaning, on
 * express@4); `race: true` for one that fails on some runs only.
 */
const KNOWN = {
  bun: [
    {
      test: /leaves the call of res\.writeHead to node's end, as express@4 does/,
      reason:
        "Bun's ServerResponse.end does not go through node's _implicitHeader, which the test reads in the stack; its express@4 half fails the same",
    },
    {
      test: /strict \(default\) refuses bodies that do not start with \{ or \[, worded like JSON\.parse/,
      reason:
        "the message is the engine's JSON.parse wording: JavaScriptCore says `JSON Parse error: Unrecognized token`, V8's text is asserted; express@4's body-parser gives the same JSC text",
    },
    {
      test: /warns once per call site when `extended` is not given/,
      reason:
        'call sites come from V8 structured stack traces (Error.prepareStackTrace callsites); JavaScriptCore has none, so the site reads [unknown] (depd in express@4 the same)',
    },
    {
      test: /^sets Content-Disposition and Content-Type like express@4$|^every argument shape behaves as in express$/,
      reason:
        "over app.fetch (the fetch suite) only: Bun's node:http ServerResponse writes a head with non-ASCII header text (a Content-Disposition filename) as UTF-8 where node writes latin1 (reproduced with a bare node:http server on an in-memory connection, no webapp or express involved)",
    },
    {
      test: /^answers (REST|HTTP) API \(v[12]\) events as for express@4/,
      file: 'serverless-http',
      reason:
        "serverless-http's response is given a plain object as its socket; Bun's ServerResponse.assignSocket calls socket.once on it (TypeError: socket.once is not a function) before any app runs, express@4 the same",
    },
    {
      test: /^answers (REST|HTTP) API \(v[12]\) events as for express@4/,
      file: 'serverless-express',
      reason:
        '@vendia/serverless-express on Bun hands back binary bodies altered, for express@4 and webapp alike (their answers compare equal; the byte-exact check against the bytes sent fails)',
    },
    {
      test: /Layer\.handle \[as handle_request\] frame next to it/,
      reason:
        'the `[as handle_request]` frame name is the V8 stack trace format; JavaScriptCore prints frames its own way',
    },
  ],
  deno: [
    {
      test: /decompression bomb is stopped at the limit without inflating it/,
      reason:
        "the test spies on zlib by redefining node:zlib's exports; Deno's node:zlib exports are not configurable (Cannot redefine property)",
    },
    {
      test: /malformed request targets \(parse failures, control characters, odd forms\) never crash/,
      reason:
        "Deno's node:http closes the connection without an answer for a target such as `/%` (node answers 400); express@4 gets the same empty answer on Deno",
    },
    {
      test: /callback: an aborted request reports ECONNABORTED/,
      race: true,
      reason:
        "Deno's socket often reports the client's close as a write error (EPIPE) before the request's abort, and the callback gets the socket's error as Express's does: express@4 on Deno gets EPIPE too, on the same runs",
    },
  ],
};

const [runtime, bin] = process.argv.slice(2);
if (!KNOWN[runtime] || !bin) {
  console.error('usage: node scripts/runtime-tests.mjs bun|deno <binary>');
  process.exit(2);
}

const root = 'build/test';
const all = readdirSync(root, { recursive: true })
  .filter((file) => file.endsWith('.test.js'))
  .sort();
const files = all
  .filter(
    (file) =>
      /^(runtime|transports)[\\/]/.test(file) ||
      /^fetch[\\/](app-fetch|from-fetch|suite)\.test\.js$/.test(file) ||
      (!/^(http2|fetch|types|examples)[\\/]/.test(file) &&
        readFileSync(join(root, file), 'utf8').includes('assertSameAsExpress')),
  )
  .map((file) => join(root, file));

// `bun test` runs every file of one call in one process (one module cache, one set of globals), where
// node gives each file its own: under Bun, each file gets its own call. `deno test` isolates each
// module; only the fetch suite, which re-loads the differential files with its transport on, runs apart.
const suite = files.filter((file) => file.endsWith('suite.test.js'));
const batches =
  runtime === 'bun'
    ? files.map((file) => [file])
    : [files.filter((file) => !file.endsWith('suite.test.js')), suite];
const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
console.log(`== ${version}: ${files.length} test files`);
const started = Date.now();
const reports = [];
for (const batch of batches) {
  const dir = mkdtempSync(join(tmpdir(), `webapp-${runtime}-`));
  const report = join(dir, 'junit.xml');
  const args =
    runtime === 'bun'
      ? ['test', '--timeout=60000', '--reporter=junit', `--reporter-outfile=${report}`, ...batch]
      : [
          'test',
          '-A',
          '--unstable-detect-cjs',
          '--no-check',
          '--reporter=junit',
          `--junit-path=${report}`,
          ...batch,
        ];
  const run = spawnSync(bin, args, {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'test', NO_COLOR: '1' },
    // Bun runs one file a call (a minute or less), Deno all of them in one (a few minutes).
    timeout: (runtime === 'bun' ? 3 : 15) * 60 * 1000,
    maxBuffer: 256 * 1024 * 1024,
  });
  try {
    reports.push({ xml: readFileSync(report, 'utf8'), file: batch.length === 1 ? batch[0] : undefined });
  } catch {
    console.log(run.stdout?.slice(-4000), run.stderr?.slice(-4000));
    console.log(`${runtime}: no test report (exit ${run.status}, signal ${run.signal})`);
    process.exit(1);
  }
  rmSync(dir, { recursive: true, force: true });
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);

const decode = (text) =>
  text
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#10;/g, '\n')
    .replace(/&amp;/g, '&');
let passed = 0;
const failures = [];
for (const { xml, file } of reports)
  for (const match of xml.matchAll(/<testcase name="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const name = decode(match[1]);
    const failure = /<(?:failure|error)\b([^>]*)>([\s\S]*?)(?:<\/(?:failure|error)>|$)/.exec(match[2] ?? '');
    if (!failure) {
      passed++;
      continue;
    }
    const message = decode(/message="([^"]*)"/.exec(failure[1])?.[1] ?? failure[2]);
    // Deno reports a suite whose steps failed as a failure of its own: its steps are counted.
    if (/^\d+ test steps? failed/.test(message)) continue;
    failures.push({ name, message, file });
  }

const known = KNOWN[runtime];
const used = new Set();
const unexpected = [];
for (const failure of failures) {
  const entry = known.find(
    (one) => one.test.test(failure.name) && (!one.file || (failure.file ?? '').includes(one.file)),
  );
  if (entry) used.add(entry);
  else unexpected.push(failure);
}
for (const entry of known) {
  if (used.has(entry))
    console.log(`known failure on ${runtime}: ${entry.test.source}\n  reason: ${entry.reason}`);
}
for (const failure of unexpected) {
  console.log(
    `FAILED on ${runtime}: ${failure.name}\n  ${failure.message.split('\n').slice(0, 6).join('\n  ')}`,
  );
}
// An entry marked `race` fails on some runs only (an ordering the runtime does not fix): passing is no news.
const stale = known.filter((entry) => !used.has(entry) && !entry.race);
for (const entry of stale) {
  console.log(`listed as failing on ${runtime} but passed (remove it from KNOWN): ${entry.test.source}`);
}
console.log(
  `${runtime} ran ${passed + failures.length} tests in ${seconds} s; ${used.size} known failures listed above`,
);
console.log(`${runtime}: ${passed} passed, ${unexpected.length + stale.length} failed`);
process.exit(passed > 0 && unexpected.length === 0 && stale.length === 0 ? 0 : 1);
