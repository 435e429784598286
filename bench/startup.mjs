// Startup: from spawning `node` to the first correct response, with a scenario's app registered (default
// `api`, the 1,000-route table). Each framework is started RUNS times, alternating frameworks; medians.
// Usage: node bench/startup.mjs [scenario]   (env: BENCH_FRAMEWORKS, BENCH_RUNS=10, BENCH_NODE)

import { performance } from 'node:perf_hooks';
import {
  checkResponse,
  DEFAULT_FRAMEWORKS,
  envNumber,
  errorText,
  FRAMEWORKS,
  frameworksFromEnv,
  renderTable,
  runScript,
  SCENARIOS,
  startServer,
  stopServer,
} from './common.mjs';

function usage() {
  return [
    'usage: node bench/startup.mjs [scenario]',
    `  scenario: one of ${Object.keys(SCENARIOS).join(', ')} (default: api, or routes where api is missing)`,
    `  BENCH_FRAMEWORKS=${Object.keys(FRAMEWORKS).join(',')}  BENCH_RUNS=10`,
  ].join('\n');
}

function readConfig(argv) {
  const fallback = Object.hasOwn(SCENARIOS, 'api') ? 'api' : 'routes';
  const scenario = argv[0] ?? fallback;
  if (!Object.hasOwn(SCENARIOS, scenario)) throw new Error(`unknown scenario: ${scenario}`);
  return {
    scenario,
    frameworks: frameworksFromEnv(DEFAULT_FRAMEWORKS),
    runs: envNumber('BENCH_RUNS', 10, { min: 1, integer: true }),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function once(framework, scenario) {
  const started = performance.now();
  const server = await startServer(framework, scenario, { timeout: 30_000 });
  try {
    await checkResponse(server.port, SCENARIOS[scenario]);
    return performance.now() - started;
  } finally {
    await stopServer(server.child);
  }
}

async function main(cfg) {
  const times = Object.fromEntries(cfg.frameworks.map((fw) => [fw, []]));
  const errors = {};
  for (let run = 0; run < cfg.runs; run++) {
    for (const fw of cfg.frameworks) {
      if (errors[fw]) continue;
      try {
        times[fw].push(await once(fw, cfg.scenario));
      } catch (err) {
        errors[fw] = errorText(err);
      }
    }
  }
  console.log(`Startup to first response, scenario ${cfg.scenario}, ${cfg.runs} runs each (ms)\n`);
  const rows = [['framework', 'median', 'min', 'max']];
  for (const fw of cfg.frameworks) {
    if (errors[fw]) rows.push([FRAMEWORKS[fw], `n/a (${errors[fw]})`, '', '']);
    else {
      const list = times[fw];
      rows.push([
        FRAMEWORKS[fw],
        median(list).toFixed(1),
        Math.min(...list).toFixed(1),
        Math.max(...list).toFixed(1),
      ]);
    }
  }
  console.log(renderTable(rows));
  if (times.webapp?.length && times.express?.length) {
    const ratio = median(times.webapp) / median(times.express);
    console.log(
      `\nwebapp / express@4: ${ratio.toFixed(2)}× (target ≤ 1.00: ${ratio <= 1 ? 'ok' : 'MISSED'})`,
    );
  }
}

runScript({ usage, readConfig, run: main });
