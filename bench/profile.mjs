// Where each server's CPU goes, by whose code is on the stack: the framework's (with the app's), node's
// alone, or no JavaScript at all. Linux perf samples every server while all of them are loaded at once (as
// run.mjs with BENCH_TOGETHER=1), so what the machine does to one it does to the others in the same seconds.
// Instruction counts (instructions.mjs) say what a framework executes; this says where the time went, kernel
// and node included, which counts cannot weigh. See bench/README.md, "Profiles".
//
// Usage: node bench/profile.mjs [scenario ...]   (needs Linux perf and a prior `npm run build`)

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  checkResponse,
  envNumber,
  FRAMEWORKS,
  fmtRatio,
  frameworksFromEnv,
  hasCommand,
  loadProblems,
  loadScenario,
  pickNames,
  renderTable,
  runScript,
  SCENARIOS,
  serverNodeVersion,
  startServer,
  stopServer,
} from './common.mjs';
import { Attribution } from './perf-script.mjs';

const DEFAULT_SCENARIOS = ['hello', 'middleware'];
// perf keeps a cache of the binaries it saw (and `perf inject` the code it extracts) under ~/.debug: here
// under the run's own directory, removed with it.
let PERF_ENV = process.env;
const START_TIMEOUT_MS = 30_000;

function usage() {
  return [
    'usage: node bench/profile.mjs [scenario ...]   (needs Linux perf and a prior `npm run build`)',
    `  scenarios: ${Object.keys(SCENARIOS).join(', ')} (default: ${DEFAULT_SCENARIOS.join(', ')})`,
    `  BENCH_FRAMEWORKS=${Object.keys(FRAMEWORKS).join(',')} (default: lean,fastify; the first two are compared)`,
    '  BENCH_PROFILE_SECONDS=10 (sampled seconds per scenario)  BENCH_WARMUP=3 (seconds of load before)',
    '  BENCH_PROFILE_HZ=2000 (samples per second per CPU)',
    '  BENCH_PROFILE_IDLE=0 (seconds of no load between the warm-up and the sampled load)',
    '  BENCH_CONNECTIONS=100  BENCH_PIPELINING=10 (per server, as bench/run.mjs)',
    '  BENCH_NODE=<path to node>  BENCH_WEBAPP=dist/index.js  BENCH_BASE=<build> (as bench/run.mjs)',
    '  BENCH_PROFILE_KEEP=1 (keep the perf data and print its directory, for perf report)',
  ].join('\n');
}

function readConfig(argv) {
  return {
    scenarios: argv.length === 0 ? DEFAULT_SCENARIOS : pickNames(argv, SCENARIOS, 'scenario'),
    frameworks: frameworksFromEnv(['lean', 'fastify']),
    seconds: envNumber('BENCH_PROFILE_SECONDS', 10, { min: 1, integer: true }),
    warmup: envNumber('BENCH_WARMUP', 3, { min: 0, integer: false }),
    hz: envNumber('BENCH_PROFILE_HZ', 2000, { min: 100, integer: true }),
    connections: envNumber('BENCH_CONNECTIONS', 100, { min: 1, integer: true }),
    pipelining: envNumber('BENCH_PIPELINING', 10, { min: 1, integer: true }),
    keep: process.env.BENCH_PROFILE_KEEP === '1',
    idle: envNumber('BENCH_PROFILE_IDLE', 0, { min: 0, integer: false }),
  };
}

/** Runs a command to its end; rejects with its stderr when it fails. */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: PERF_ENV, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args[0]} failed (${code}): ${stderr.trim().split('\n')[0]}`));
    });
  });
}

async function attribute(file, pids) {
  const attribution = new Attribution(pids);
  const child = spawn('perf', ['script', '-i', file, '-F', 'pid,tid,period,ip,sym'], {
    env: PERF_ENV,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  for await (const line of createInterface({ input: child.stdout })) attribution.add(line);
  return attribution;
}

async function profileScenario(scenario, cfg, dir) {
  const sc = SCENARIOS[scenario];
  const servers = [];
  try {
    for (const fw of cfg.frameworks) {
      // --perf-prof writes what the JIT compiles, and when, to a jit-<pid>.dump in the working directory:
      // `perf inject --jit` then names every sample by the code at its address at that moment (the simpler
      // --perf-basic-prof map cannot tell code V8 moved or freed from what took its place). Interpreted
      // frames get a native frame of their own.
      const server = await startServer(fw, scenario, {
        timeout: START_TIMEOUT_MS,
        cwd: dir,
        nodeArgs: ['--perf-prof', '--interpreted-frames-native-stack'],
      });
      servers.push(server);
      await checkResponse(server.port, sc);
    }
    if (cfg.warmup > 0) await Promise.all(servers.map((s) => loadScenario(s.port, sc, cfg, cfg.warmup)));
    // A quiet spell, as between two bursts of traffic.
    if (cfg.idle > 0) await new Promise((resolve) => setTimeout(resolve, cfg.idle * 1000));
    const file = path.join(dir, `${scenario}.data`);
    const pids = servers.map((s) => s.child.pid);
    const recording = run('perf', [
      'record',
      '-q',
      // The clock node's jit dump is stamped with.
      '-k',
      'mono',
      '-g',
      '-e',
      'cpu-clock',
      '-F',
      String(cfg.hz),
      '-p',
      pids.join(','),
      '-o',
      file,
      '--',
      'sleep',
      String(cfg.seconds),
    ]);
    const results = await Promise.all(servers.map((s) => loadScenario(s.port, sc, cfg, cfg.seconds)));
    await recording;
    for (const s of servers) await stopServer(s.child);
    await run('perf', ['inject', '--jit', '-i', file, '-o', `${file}.jit`]);
    const attribution = await attribute(`${file}.jit`, pids);
    return cfg.frameworks.map((fw, i) => {
      const { totals, byFunction } = attribution.result(pids[i]);
      return {
        fw,
        requests: results[i].requests.total,
        rps: results[i].requests.total / results[i].duration,
        problems: loadProblems(results[i], sc),
        totals,
        byFunction,
      };
    });
  } finally {
    for (const s of servers) await stopServer(s.child);
  }
}

const us = (ns, requests) => (requests > 0 ? ns / 1000 / requests : Number.NaN);
const mainThread = (totals) => totals.framework + totals.node + totals.native;
const fmtUs = (n) => (Number.isFinite(n) ? `${n.toFixed(2)} µs` : 'n/a');

function report(scenario, rows) {
  const out = [`${scenario}: sampled CPU per request (main thread; other threads apart)`, ''];
  const table = [
    [
      'framework',
      'req/s',
      'main thread',
      'under framework',
      'of it own code',
      'node only',
      'no JS',
      'in kernel',
      'other threads',
    ],
  ];
  for (const row of rows) {
    const t = row.totals;
    table.push([
      FRAMEWORKS[row.fw],
      Math.round(row.rps).toLocaleString('en-US'),
      fmtUs(us(mainThread(t), row.requests)),
      fmtUs(us(t.framework, row.requests)),
      fmtUs(us(t.frameworkOwn, row.requests)),
      fmtUs(us(t.node, row.requests)),
      fmtUs(us(t.native, row.requests)),
      fmtUs(us(t.kernel, row.requests)),
      fmtUs(us(t.threads, row.requests)),
    ]);
  }
  out.push(renderTable(table));
  for (const row of rows) {
    if (row.problems.length > 0) out.push(`⚠    ${FRAMEWORKS[row.fw]}: ${row.problems.join(', ')}`);
  }
  if (rows.length >= 2) {
    const [a, b] = rows;
    const ratio = us(mainThread(b.totals), b.requests) / us(mainThread(a.totals), a.requests);
    out.push('', `${FRAMEWORKS[b.fw]} main-thread CPU ÷ ${FRAMEWORKS[a.fw]}'s: ${fmtRatio(ratio)}`);
    out.push(
      `Outside the framework, where ${FRAMEWORKS[a.fw]} and ${FRAMEWORKS[b.fw]} differ most (µs per request):`,
    );
    const keys = new Set([...a.byFunction.keys(), ...b.byFunction.keys()]);
    const diffs = [...keys].map((key) => {
      const x = us(a.byFunction.get(key) ?? 0, a.requests);
      const y = us(b.byFunction.get(key) ?? 0, b.requests);
      return { key, x, y };
    });
    diffs.sort((p, q) => Math.abs(q.x - q.y) - Math.abs(p.x - p.y));
    for (const { key, x, y } of diffs.slice(0, 10)) {
      const d = x - y;
      out.push(
        `  ${x.toFixed(2)}  ${y.toFixed(2)}  ${d >= 0 ? '+' : ''}${d.toFixed(2)}  ${key.slice(0, 100)}`,
      );
    }
  }
  return out.join('\n');
}

async function main(cfg) {
  if (!hasCommand('perf')) {
    console.error('perf not found: install it first (Debian: apt-get install linux-perf)');
    process.exitCode = 2;
    return;
  }
  console.log(
    `node ${serverNodeVersion()} (servers), ${os.platform()} ${os.arch()}, ${os.cpus().length} CPUs; ` +
      `${cfg.frameworks.map((fw) => FRAMEWORKS[fw]).join(', ')} loaded together for ${cfg.seconds} s ` +
      `(${cfg.connections} connections, pipelining ${cfg.pipelining} each), sampled at ${cfg.hz} Hz\n`,
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'webapp-bench-profile-'));
  PERF_ENV = { ...process.env, PERF_BUILDID_DIR: path.join(dir, 'debug') };
  try {
    for (const scenario of cfg.scenarios) {
      const rows = await profileScenario(scenario, cfg, dir);
      console.log(`${report(scenario, rows)}\n`);
    }
  } finally {
    if (cfg.keep)
      console.log(
        `perf data kept in ${dir} (perf report -i <scenario>.data.jit, with PERF_BUILDID_DIR=${dir}/debug)`,
      );
    else rmSync(dir, { recursive: true, force: true });
  }
}

runScript({ usage, readConfig, run: main });
