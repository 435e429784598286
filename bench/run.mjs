// Benchmark harness: for each scenario and framework, start the app in a child process on 127.0.0.1,
// check it answers correctly, load it with autocannon, stop it, then print req/s and ratios to raw node:http.
// Usage: node bench/run.mjs [scenario ...]   (env: BENCH_FRAMEWORKS, BENCH_DURATION, BENCH_WARMUP,
// BENCH_CONNECTIONS, BENCH_PIPELINING, BENCH_ROUNDS, BENCH_WEBAPP, BENCH_PIN; see bench/README.md)

import { execFileSync } from 'node:child_process';
import os from 'node:os';
import {
  checkResponse,
  DEFAULT_FRAMEWORKS,
  envNumber,
  errorText,
  FRAMEWORKS,
  fmtInt,
  fmtRatio,
  frameworksFromEnv,
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

// BENCH_NODE_ARGS: node flags for the app servers (e.g. '--trace-gc'), split on spaces.
const SERVER_NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

const START_TIMEOUT_MS = 15_000;
const UNSATURATED = 0.8;
const BUSY_LOAD = 0.5;
// A page: every offset a cache line or a 4 KiB alias can depend on.
const LAYOUT_PAD_BYTES = 4096;

function usage() {
  return [
    'usage: node bench/run.mjs [scenario ...]',
    `  scenarios: ${Object.keys(SCENARIOS).join(', ')} (default: all)`,
    `  BENCH_FRAMEWORKS=${Object.keys(FRAMEWORKS).join(',')} (default: ${DEFAULT_FRAMEWORKS.join(',')})`,
    '  BENCH_DURATION=2 (seconds per measured run)  BENCH_WARMUP=2 (seconds per server, 0 = none)',
    '  BENCH_CONNECTIONS=100  BENCH_PIPELINING=10  BENCH_ROUNDS=5 (paired rounds; medians reported)',
    '  BENCH_WEBAPP=dist/index.js (webapp entry file to load)',
    '  BENCH_PIN=1 (pin server and load generator to separate CPUs with taskset; 0 = off)',
    '  BENCH_NODE=<path to node> (the node binary of the app servers; default: this one)',
    '  BENCH_TOGETHER=1 (load every framework of a round at once, sharing the server CPU: see bench/README.md)',
    '  BENCH_FRESH=1 (new server processes every round, each with a random memory layout: see bench/README.md)',
    '  BENCH_FETCH=0 (skip the in-process app.fetch table that follows: bench/fetch.mjs)',
  ].join('\n');
}

function readConfig(argv) {
  return {
    scenarios: pickNames(argv, SCENARIOS, 'scenario'),
    frameworks: frameworksFromEnv(DEFAULT_FRAMEWORKS),
    duration: envNumber('BENCH_DURATION', 2, { min: 1, integer: false }),
    warmup: envNumber('BENCH_WARMUP', 2, { min: 0, integer: false }),
    connections: envNumber('BENCH_CONNECTIONS', 100, { min: 1, integer: true }),
    pipelining: envNumber('BENCH_PIPELINING', 10, { min: 1, integer: true }),
    rounds: envNumber('BENCH_ROUNDS', 5, { min: 1, integer: true }),
    together: process.env.BENCH_TOGETHER === '1',
    fresh: process.env.BENCH_FRESH === '1',
  };
}

/*
 * CPU pinning (Linux with taskset, 2+ CPUs, unless BENCH_PIN=0): the server gets the last CPU to
 * itself and the load generator the others. Unpinned, the scheduler sometimes puts both on one core
 * for a while, which moved single runs by ±25% on the 2-core machine; pinning applies to every
 * framework alike.
 */
function planPinning() {
  const count = os.cpus().length;
  if (process.env.BENCH_PIN === '0' || process.platform !== 'linux' || count < 2) return null;
  const plan = { server: String(count - 1), load: count === 2 ? '0' : `0-${count - 2}` };
  return pin(process.pid, plan.load) ? plan : null;
}

function pin(pid, cpus) {
  try {
    // -a: every thread of the process (V8 and libuv threads already exist); later ones inherit it.
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

let pinning = null;

// Ask the child for its process.cpuUsage() (microseconds of user + system time).
function cpuTime(child) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('no CPU sample from server')), 5000);
    function done(err, usage) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(usage.user + usage.system);
    }
    function onMessage(msg) {
      if (msg && msg.type === 'cpu') done(null, msg.usage);
    }
    function onExit() {
      done(new Error('server exited'));
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.send({ type: 'cpu' });
  });
}

const dead = (child) => child.exitCode !== null || child.signalCode !== null;

// One measured window on a running server: req/s, server CPU per request, and what went wrong.
async function window(server, sc, cfg) {
  const cpuBefore = await cpuTime(server.child);
  const result = await loadScenario(server.port, sc, cfg, cfg.duration);
  const crashed = dead(server.child);
  const cpu = crashed ? Number.NaN : (await cpuTime(server.child)) - cpuBefore;
  const problems = loadProblems(result, sc);
  if (crashed) problems.unshift('server died during the run');
  const requests = result.requests.total;
  return {
    rps: requests / result.duration,
    // Server CPU microseconds per completed request, and the share of one core the server used.
    cpuPerReq: requests > 0 ? cpu / requests : Number.NaN,
    cpuShare: cpu / (result.duration * 1e6),
    p99: result.latency.p99,
    problems,
  };
}

/*
 * One scenario: every framework's server is started, checked and warmed once, then the rounds load them
 * in turn, each round starting with another framework. The servers stay up between their windows (idle,
 * on the same CPU), so the frameworks of one round are measured seconds apart: host noise, which on a
 * shared VM moves throughput by ±20% from one second to the next, then hits the paired windows alike,
 * and the ratios are taken round by round. With BENCH_FRESH=1 the servers are started (and warmed) anew
 * for every round instead, so a framework's memory layout, which moved json-big by up to 7%, is drawn per
 * round rather than once. Returns, per framework, the list of windows or an error.
 */
async function measureScenario(scenario, cfg, log) {
  const sc = SCENARIOS[scenario];
  const servers = {};
  const samples = {};
  for (const fw of cfg.frameworks) samples[fw] = [];
  // Starts, checks and warms the server of every framework that has not failed yet.
  const startAll = async () => {
    for (const fw of cfg.frameworks) {
      if (!Array.isArray(samples[fw])) continue;
      try {
        const server = await startServer(fw, scenario, {
          timeout: START_TIMEOUT_MS,
          nodeArgs: SERVER_NODE_ARGS,
          onReady: (child) => pinning && pin(child.pid, pinning.server),
        });
        servers[fw] = server;
        await checkResponse(server.port, sc);
        if (cfg.warmup > 0 && !cfg.together) await loadScenario(server.port, sc, cfg, cfg.warmup);
      } catch (err) {
        samples[fw] = { error: errorText(err) };
        if (servers[fw]) await stopServer(servers[fw].child);
        delete servers[fw];
      }
    }
    // Servers measured together are warmed together: warmed in turn, the first would sit idle while the
    // others warm, and a few idle seconds after a warm-up cost webapp lean 5-14% of its next window.
    if (cfg.warmup > 0 && cfg.together) {
      const live = Object.keys(servers);
      const failures = await Promise.all(
        live.map((fw) =>
          loadScenario(servers[fw].port, sc, cfg, cfg.warmup).then(
            () => undefined,
            (err) => err,
          ),
        ),
      );
      // As when warmed in turn, a server whose warm-up failed is reported and stopped; the others go on.
      for (let i = 0; i < live.length; i++) {
        if (failures[i] === undefined) continue;
        samples[live[i]] = { error: errorText(failures[i]) };
        await stopServer(servers[live[i]].child);
        delete servers[live[i]];
      }
    }
  };
  const stopAll = async () => {
    await Promise.all(Object.values(servers).map((server) => stopServer(server.child)));
    for (const fw of Object.keys(servers)) delete servers[fw];
  };
  try {
    const measured = (fw) => window(servers[fw], sc, cfg).catch((err) => ({ error: errorText(err) }));
    const record = async (round, fw, cell) => {
      const server = servers[fw];
      log(round, fw, cell);
      if (cell.error || dead(server.child)) {
        samples[fw] = { error: cell.error ?? 'server died during the run' };
        await stopServer(server.child);
        delete servers[fw];
      } else {
        samples[fw].push(cell);
      }
    };
    if (!cfg.fresh) await startAll();
    for (let round = 1; round <= cfg.rounds; round++) {
      // BENCH_FRESH=1: new processes every round, each with its own random memory layout (server.cjs).
      if (cfg.fresh) await startAll();
      const order = cfg.frameworks.map((_, i) => cfg.frameworks[(i + round - 1) % cfg.frameworks.length]);
      const live = order.filter((fw) => servers[fw]);
      if (cfg.together) {
        // Every server loaded at once: they share the server CPU, and host noise hits them alike.
        const cells = await Promise.all(live.map(measured));
        for (let i = 0; i < live.length; i++)
          await record(round, live[i], { ...cells[i], sharing: live.length });
      } else {
        for (const fw of live) await record(round, fw, await measured(fw));
      }
      if (cfg.fresh) await stopAll();
    }
  } finally {
    await stopAll();
  }
  return samples;
}

function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// Medians over rounds; a failed window makes the cell n/a, since the app is then not reliable.
function combine(cells) {
  if (!Array.isArray(cells)) return cells;
  return {
    rps: median(cells.map((cell) => cell.rps)),
    cpuPerReq: median(cells.map((cell) => cell.cpuPerReq)),
    cpuShare: median(cells.map((cell) => cell.cpuShare)),
    sharing: cells[0]?.sharing,
    p99: median(cells.map((cell) => cell.p99)),
    problems: [...new Set(cells.flatMap((cell) => cell.problems))],
    windows: cells,
  };
}

/**
 * `cell`'s throughput against `base`'s, round by round (windows measured seconds apart): the median and
 * the range of those ratios. `key` 'rps' compares req/s (higher is better); 'cpuPerReq' compares CPU
 * per request as base/cell (higher is better).
 */
function pairedRatio(cell, base, key) {
  if (!usable(cell, key) || !usable(base, key)) return null;
  const ratios = [];
  const rounds = Math.min(cell.windows.length, base.windows.length);
  for (let i = 0; i < rounds; i++) {
    const a = cell.windows[i][key];
    const b = base.windows[i][key];
    if (Number.isFinite(a) && Number.isFinite(b) && a > 0 && b > 0)
      ratios.push(key === 'rps' ? a / b : b / a);
  }
  if (ratios.length === 0) return null;
  return { median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) };
}

const usable = (cell, key) => Boolean(cell) && !cell.error && Number.isFinite(cell[key]) && cell[key] > 0;

// "41,234 (0.95×)": req/s and its ratio to raw node:http (higher is better).
function rpsCell(cell, base) {
  if (!usable(cell, 'rps')) return 'n/a';
  const flag = cell.problems.length > 0 ? ' ⚠' : '';
  const ratio = pairedRatio(cell, base, 'rps');
  if (!ratio) return fmtInt(cell.rps) + flag;
  return `${fmtInt(cell.rps)} (${fmtRatio(ratio.median)})${flag}`;
}

// "21.3 µs (0.95×)": server CPU per request and raw's CPU per request divided by it (higher is better).
function cpuCell(cell, base) {
  if (!usable(cell, 'cpuPerReq')) return 'n/a';
  const text = cell.cpuPerReq.toFixed(1) + ' µs';
  const ratio = pairedRatio(cell, base, 'cpuPerReq');
  if (!ratio) return text;
  return `${text} (${fmtRatio(ratio.median)})`;
}

function matrix(cfg, results, cellFn) {
  const rows = [['scenario', ...cfg.frameworks.map((fw) => FRAMEWORKS[fw])]];
  for (const scenario of cfg.scenarios) {
    const byFw = results[scenario];
    rows.push([scenario, ...cfg.frameworks.map((fw) => cellFn(byFw[fw], byFw.raw))]);
  }
  return renderTable(rows);
}

function report(cfg, results) {
  const out = [];
  out.push(
    'Throughput: median req/s (in brackets: median over the rounds of the ratio to raw node:http in the same',
    'round; higher is better)',
    '',
  );
  out.push(matrix(cfg, results, rpsCell), '');
  out.push(
    'Server CPU time per request, median (in brackets: median over the rounds of raw node:http µs/req divided',
    'by this one; higher is better)',
    '',
  );
  out.push(matrix(cfg, results, cpuCell), '');

  const notes = [];
  for (const scenario of cfg.scenarios) {
    for (const fw of cfg.frameworks) {
      const cell = results[scenario][fw];
      if (cell.error) notes.push(`n/a  ${scenario} / ${FRAMEWORKS[fw]}: ${cell.error}`);
      else if (cell.problems.length > 0)
        notes.push(`⚠    ${scenario} / ${FRAMEWORKS[fw]}: ${cell.problems.join(', ')}`);
    }
  }
  if (notes.length > 0) out.push(...notes, '');

  // A server well below one busy core was not the bottleneck: its req/s then says little.
  const idle = [];
  for (const scenario of cfg.scenarios) {
    for (const fw of cfg.frameworks) {
      const cell = results[scenario][fw];
      // Loaded together, N servers share one core: each is busy at about 1/N of it.
      if (usable(cell, 'cpuShare') && cell.cpuShare * (cell.sharing ?? 1) < UNSATURATED) {
        idle.push(`${scenario} / ${FRAMEWORKS[fw]} ${Math.round(cell.cpuShare * 100)}%`);
      }
    }
  }
  if (idle.length > 0) {
    out.push(
      'Servers below ' + UNSATURATED * 100 + '% of a core (load generator or other work was the limit;',
      'trust the CPU table more than req/s for these): ' + idle.join(', '),
      '',
    );
  }

  if (cfg.frameworks.includes('webapp') || cfg.frameworks.includes('lean')) {
    out.push(
      'Targets (on req/s; CPU-per-request ratios for information): webapp vs raw node:http, webapp lean vs fastify',
    );
    for (const scenario of cfg.scenarios) {
      const byFw = results[scenario];
      const { target } = SCENARIOS[scenario];
      const parts = [];
      const cpu = [];
      const contender = cfg.frameworks.includes('lean') ? 'lean' : 'webapp';
      for (const [fw, base, min] of [
        ['webapp', 'raw', target.raw],
        [contender, 'fastify', target.fastify],
      ]) {
        if (min === undefined || !byFw[fw] || !byFw[base]) continue;
        const name = `${FRAMEWORKS[fw]} vs ${FRAMEWORKS[base]}`;
        const ratio = pairedRatio(byFw[fw], byFw[base], 'rps');
        if (!ratio) {
          parts.push(`${name}: -`);
          continue;
        }
        const range =
          ratio.low === ratio.high ? '' : `, rounds ${ratio.low.toFixed(2)}–${ratio.high.toFixed(2)}`;
        const verdict = ratio.median >= min ? 'ok' : 'MISSED';
        parts.push(`${name} ${fmtRatio(ratio.median)} (≥ ${min.toFixed(2)} ${verdict}${range})`);
        const cpuRatio = pairedRatio(byFw[fw], byFw[base], 'cpuPerReq');
        if (cpuRatio) cpu.push(`${fmtRatio(cpuRatio.median)} ${name}`);
      }
      const cpuText = cpu.length > 0 ? `; CPU: ${cpu.join(', ')}` : '';
      out.push(`  ${scenario.padEnd(10)} ${parts.join('; ')}${cpuText}`);
    }
    out.push('');
  }
  if (cfg.frameworks.includes('lean') && cfg.frameworks.includes('base')) {
    out.push('A/B: webapp lean (this build) vs webapp lean (BENCH_BASE)');
    for (const scenario of cfg.scenarios) {
      const byFw = results[scenario];
      const rps = pairedRatio(byFw.lean, byFw.base, 'rps');
      const cpu = pairedRatio(byFw.lean, byFw.base, 'cpuPerReq');
      const rpsText = rps
        ? `req/s ${fmtRatio(rps.median)} (rounds ${rps.low.toFixed(2)}–${rps.high.toFixed(2)})`
        : 'req/s -';
      const cpuText = cpu
        ? `; CPU ${fmtRatio(cpu.median)} (rounds ${cpu.low.toFixed(2)}–${cpu.high.toFixed(2)})`
        : '';
      out.push(`  ${scenario.padEnd(10)} ${rpsText}${cpuText}`);
    }
    out.push('');
  }
  if (cfg.frameworks.includes('webapp') && cfg.frameworks.includes('traced')) {
    out.push(
      'Tracing: webapp with one no-op subscriber on tracing:webapp.request/layer vs webapp (nobody listening)',
    );
    for (const scenario of cfg.scenarios) {
      const byFw = results[scenario];
      const rps = pairedRatio(byFw.traced, byFw.webapp, 'rps');
      const cpu = pairedRatio(byFw.traced, byFw.webapp, 'cpuPerReq');
      const rpsText = rps ? `req/s ${fmtRatio(rps.median)}` : 'req/s -';
      const cpuText = cpu ? `; CPU ${fmtRatio(cpu.median)}` : '';
      out.push(`  ${scenario.padEnd(10)} ${rpsText}${cpuText}`);
    }
    out.push('');
  }
  return out.join('\n');
}

async function main(cfg) {
  const cpus = os.cpus();
  pinning = planPinning();
  // Fresh servers each shift their heaps by a random amount below this many bytes (bench/apps/server.cjs).
  if (cfg.fresh) process.env.BENCH_LAYOUT_PAD ??= String(LAYOUT_PAD_BYTES);
  console.log(
    `node ${serverNodeVersion()} (servers), ${os.platform()} ${os.arch()}, ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ` +
      `load ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  console.log(
    `${new Date().toISOString()}: ${cfg.duration}s runs, ${cfg.warmup}s warm-up per server, ` +
      `${cfg.connections} connections, pipelining ${cfg.pipelining}` +
      `, ${cfg.rounds} paired round${cfg.rounds > 1 ? 's' : ''}` +
      (cfg.together ? ', the frameworks of a round loaded at once' : '') +
      (cfg.fresh ? ', new servers with a random memory layout every round' : '') +
      (pinning
        ? `; server on CPU ${pinning.server}, load generator on CPU ${pinning.load}`
        : '; no CPU pinning') +
      '\n',
  );

  if (os.loadavg()[0] > BUSY_LOAD) {
    console.log(
      `warning: load average ${os.loadavg()[0].toFixed(2)} before start: other work is running, figures will be noisy\n`,
    );
  }

  const results = {};
  for (const scenario of cfg.scenarios) {
    const samples = await measureScenario(scenario, cfg, (round, fw, cell) => {
      const what = cell.error
        ? `n/a (${cell.error})`
        : `${fmtInt(cell.rps)} req/s, ${cell.cpuPerReq.toFixed(1)} µs CPU/req, ` +
          `server at ${Math.round(cell.cpuShare * 100)}% of a core, p99 ${cell.p99} ms`;
      console.error(
        `  ${scenario.padEnd(10)} round ${round}/${cfg.rounds} ${FRAMEWORKS[fw].padEnd(14)} ${what}`,
      );
    });
    results[scenario] = {};
    for (const fw of cfg.frameworks) results[scenario][fw] = combine(samples[fw]);
  }
  console.log('\n' + report(cfg, results));
  // The same apps answering in-process through their fetch entry (bench/fetch.mjs), unless BENCH_FETCH=0.
  if (process.env.BENCH_FETCH !== '0') {
    execFileSync(process.execPath, [new URL('./fetch.mjs', import.meta.url).pathname, ...cfg.scenarios], {
      stdio: 'inherit',
    });
  }
}

runScript({ usage, readConfig, run: main });
