// Instructions per request: each app server runs under valgrind (cachegrind, no cache simulation), once for
// BENCH_IR_BASE requests and once for BENCH_IR_BASE + BENCH_IR_EXTRA; the difference of the two instruction
// totals divided by BENCH_IR_EXTRA is what one more request costs, with start-up and warm-up cancelled out.
// The first 25,000 requests are left out because V8 may still be compiling hot code before then (a window
// starting at 2,000 counted ~15,000 more instructions per request, compilation included; on Node 24 one
// starting at 12,000 still caught TurboFan compiling webapp's route lookup, see bench/README.md).
// Unlike req/s on a shared VM, this count repeats within about 1-2% from run to run, so it can decide
// between two builds where throughput runs cannot. It counts user-space instructions only: not the kernel
// time of the socket calls, not cache misses, so it ranks costs; it does not predict req/s.
// Usage: node bench/instructions.mjs [scenario ...]   (env: BENCH_FRAMEWORKS, BENCH_IR_BASE, BENCH_IR_EXTRA,
// BENCH_WEBAPP; see bench/README.md)

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { FULL_GC_FLAG, parseTotals } from './cachegrind.mjs';
import {
  checkResponse,
  envNumber,
  errorText,
  FRAMEWORKS,
  fmtInt,
  fmtRatio,
  frameworksFromEnv,
  hasCommand,
  loadProblems,
  pickNames,
  renderTable,
  runScript,
  SCENARIOS,
  serverNodeVersion,
  startServer,
  stopServer,
} from './common.mjs';

// node under valgrind starts in seconds, not milliseconds.
const START_TIMEOUT_MS = 180_000;
const EXIT_TIMEOUT_MS = 60_000;
const DEFAULT_SCENARIOS = ['hello', 'routes', 'middleware', 'echo'];

function usage() {
  return [
    'usage: node bench/instructions.mjs [scenario ...]   (needs valgrind and a prior `npm run build`)',
    `  scenarios: ${Object.keys(SCENARIOS).join(', ')} (default: ${DEFAULT_SCENARIOS.join(', ')})`,
    `  BENCH_FRAMEWORKS=${Object.keys(FRAMEWORKS).join(',')} (default: raw,webapp,fastify)`,
    '  BENCH_IR_BASE=25000 (requests of the first run)  BENCH_IR_EXTRA=10000 (more requests in the second)',
    '  BENCH_IR_PIPELINING=1 (requests in flight per connection; 10 is how bench/run.mjs loads)',
    '  BENCH_IR_CONNECTIONS=10 (connections; bench/run.mjs opens 100)',
    '  BENCH_IR_CACHE=1 (also simulate caches and branch prediction: L1 misses, mispredicted branches)',
    '  BENCH_WEBAPP=dist/index.js (webapp entry file to load)',
    '  BENCH_IR_KEEP=1 (keep the cachegrind files and print their directory, for cg_diff and cg_annotate)',
  ].join('\n');
}

function readConfig(argv) {
  return {
    scenarios: argv.length === 0 ? DEFAULT_SCENARIOS : pickNames(argv, SCENARIOS, 'scenario'),
    frameworks: frameworksFromEnv(['raw', 'webapp', 'fastify']),
    base: envNumber('BENCH_IR_BASE', 25000, { min: 1, integer: true }),
    extra: envNumber('BENCH_IR_EXTRA', 10000, { min: 1, integer: true }),
    pipelining: envNumber('BENCH_IR_PIPELINING', 1, { min: 1, integer: true }),
    connections: envNumber('BENCH_IR_CONNECTIONS', 10, { min: 1, integer: true }),
    cache: process.env.BENCH_IR_CACHE === '1',
    keep: process.env.BENCH_IR_KEEP === '1',
  };
}

/** The run's totals (see ./cachegrind.mjs). */
function readTotals(file) {
  return parseTotals(readFileSync(file, 'utf8'), file);
}

async function countRun(framework, scenario, requests, dir, { pipelining, connections, cache }) {
  const sc = SCENARIOS[scenario];
  const out = path.join(dir, `${framework}-${scenario}-${requests}.cg`);
  const wrapper = [
    'valgrind',
    '--tool=cachegrind',
    // The simulation (BENCH_IR_CACHE=1) is a proxy for cycles: instruction counts miss where code waits on
    // memory or on a mispredicted branch, which is where two frameworks with the same count can differ.
    ...(cache ? ['--cache-sim=yes', '--branch-sim=yes'] : ['--cache-sim=no']),
    '--quiet',
    // valgrind's own notes (cache geometry warnings) go to a file; the server's output stays visible.
    `--log-file=${path.join(dir, 'valgrind-%p.log')}`,
    // V8 writes machine code at run time: valgrind must notice code that changes.
    '--smc-check=all-non-file',
    `--cachegrind-out-file=${out}`,
  ];
  // Compilation on the main thread: the same work in every run, whatever the thread timing.
  const server = await startServer(framework, scenario, {
    timeout: START_TIMEOUT_MS,
    wrapper,
    nodeArgs: ['--single-threaded'],
  });
  try {
    await checkResponse(server.port, sc);
    const result = await autocannon({
      url: `http://127.0.0.1:${server.port}${sc.path}`,
      method: sc.method,
      headers: sc.headers,
      body: sc.body,
      connections,
      pipelining,
      amount: requests,
      timeout: 60,
    });
    const problems = loadProblems(result, sc);
    if (problems.length > 0) throw new Error(problems.join(', '));
  } finally {
    // server.cjs exits normally when the parent disconnects, and valgrind writes its counts on a normal exit.
    await stopServer(server.child, { stop: (child) => child.disconnect(), timeout: EXIT_TIMEOUT_MS });
  }
  return readTotals(out);
}

async function measure(framework, scenario, cfg, dir) {
  try {
    const small = await countRun(framework, scenario, cfg.base, dir, cfg);
    const large = await countRun(framework, scenario, cfg.base + cfg.extra, dir, cfg);
    const per = (event) => (large[event] - small[event]) / cfg.extra;
    // D1mr + D1mw: first-level data cache misses; Bcm + Bim: mispredicted conditional and indirect branches.
    const simulated = cfg.cache
      ? { l1Misses: per('D1mr') + per('D1mw') + per('I1mr'), mispredicts: per('Bcm') + per('Bim') }
      : undefined;
    const gc = per('gc');
    const compilers = per('compilers');
    return {
      perRequest: per('Ir'),
      simulated,
      fullGc: per('fullGc'),
      gc,
      compilers,
      rest: per('Ir') - gc - compilers,
    };
  } catch (err) {
    return { error: errorText(err) };
  }
}

function fullGcFlagged(result) {
  return result !== undefined && !result.error && result.fullGc >= FULL_GC_FLAG;
}

function cell(result, base, figure = 'perRequest') {
  if (!result || result.error) return 'n/a';
  const text = fmtInt(result[figure]) + (figure === 'perRequest' && fullGcFlagged(result) ? ' †' : '');
  if (!base || base.error) return text;
  return `${text} (${fmtRatio(base[figure] / result[figure])})`;
}

function table(cfg, results, figure) {
  const rows = [['scenario', ...cfg.frameworks.map((fw) => FRAMEWORKS[fw])]];
  for (const scenario of cfg.scenarios) {
    rows.push([
      scenario,
      ...cfg.frameworks.map((fw) => cell(results[scenario][fw], results[scenario].raw, figure)),
    ]);
  }
  return renderTable(rows);
}

async function main(cfg) {
  if (!hasCommand('valgrind')) {
    console.error('valgrind not found: install it first (Debian/Ubuntu: apt-get install valgrind)');
    process.exitCode = 2;
    return;
  }
  console.log(
    `node ${serverNodeVersion()} (servers), ${os.platform()} ${os.arch()}; ${cfg.base} then ${cfg.base + cfg.extra} requests ` +
      `per server under valgrind (${cfg.connections} connections, ${cfg.pipelining === 1 ? 'no pipelining' : `pipelining ${cfg.pipelining}`})\n`,
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'webapp-bench-ir-'));
  const results = {};
  try {
    for (const scenario of cfg.scenarios) {
      results[scenario] = {};
      for (const fw of cfg.frameworks) {
        const result = await measure(fw, scenario, cfg, dir);
        results[scenario][fw] = result;
        const simulated = result.simulated
          ? `, ${fmtInt(result.simulated.l1Misses)} L1 misses, ${fmtInt(result.simulated.mispredicts)} mispredicted branches`
          : '';
        const fullGc = fullGcFlagged(result) ? `, of which V8's full GC ${fmtInt(result.fullGc)}` : '';
        const shares = result.error
          ? ''
          : ` (collectors ${fmtInt(result.gc)}, compilers ${fmtInt(result.compilers)}: ${fmtInt(result.rest)} outside them)`;
        const what = result.error
          ? `n/a (${result.error})`
          : `${fmtInt(result.perRequest)} instructions/request${fullGc}${simulated}${shares}`;
        console.error(`  ${scenario.padEnd(10)} ${FRAMEWORKS[fw].padEnd(14)} ${what}`);
      }
    }
  } finally {
    if (cfg.keep) console.error(`cachegrind files kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    '\nInstructions per request (in brackets: raw node:http instructions divided by this one; higher is better)\n',
  );
  console.log(table(cfg, results, 'perRequest'));
  console.log(
    "\nThe same, less V8's collectors and compilers (what lands in the window by chance: bench/README.md, " +
      '"Instruction counts")\n',
  );
  console.log(table(cfg, results, 'rest'));
  if (cfg.scenarios.some((scenario) => cfg.frameworks.some((fw) => fullGcFlagged(results[scenario][fw])))) {
    console.log(
      `\n† includes ${fmtInt(FULL_GC_FLAG)} or more instructions per request of V8's full (mark-compact) GC, ` +
        'which under valgrind can come from the slow-down itself (bench/README.md, "Instruction counts"): ' +
        'read the total less that share, or repeat the run.',
    );
  }
}

runScript({ usage, readConfig, run: main });
