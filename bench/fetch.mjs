// In-process Fetch API scenarios: the apps of bench/run.mjs answering web-standard Requests through
// their `fetch` entry, no socket: webapp's app.fetch (real node req/res over an in-memory HTTP/1.1
// connection) against Hono's app.fetch (Hono's native entry). The same request mix as bench/run.mjs
// (its scenarios' method, path or paths, headers, body), CONCURRENCY requests in flight, each answer
// checked, paired rounds, medians. Run by `npm run bench` after the HTTP table.
//   node bench/fetch.mjs [scenario ...]   (env: BENCH_DURATION, BENCH_ROUNDS, BENCH_FETCH_CONCURRENCY)

import { createRequire } from 'node:module';
import { envNumber, fmtInt, fmtRatio, SCENARIOS } from './common.mjs';

const require = createRequire(import.meta.url);
const DEFAULT = ['hello', 'api', 'middleware', 'echo', 'urlencoded', 'json-big'];
const names = process.argv.slice(2).filter((name) => DEFAULT.includes(name));
const scenarios = names.length > 0 ? names : process.argv.length > 2 ? [] : DEFAULT;
const duration = envNumber('BENCH_DURATION', 2, { min: 1, integer: false });
const rounds = envNumber('BENCH_ROUNDS', 5, { min: 1, integer: true });
const concurrency = envNumber('BENCH_FETCH_CONCURRENCY', 50, { min: 1, integer: true });

const { appsFor } = require('./apps/express-api.cjs');
const { factory } = require('./apps/webapp.cjs');
const hono = require('./apps/hono.cjs').appsWith((app) => app);
const webapp = appsFor(
  factory,
  () => {},
  (app) => app,
);

const ORIGIN = 'http://127.0.0.1:3000';
const requestsOf = (sc) =>
  (sc.paths ?? [sc.path]).map(
    (path) => () => new Request(ORIGIN + path, { method: sc.method, headers: sc.headers, body: sc.body }),
  );

async function check(fetch, sc) {
  const response = await fetch(
    new Request(ORIGIN + sc.path, { method: sc.method, headers: sc.headers, body: sc.body }),
  );
  const body = Buffer.from(await response.arrayBuffer());
  const expected = Buffer.isBuffer(sc.expect) ? sc.expect : Buffer.from(sc.expect);
  if (response.status !== (sc.status ?? 200) || !body.equals(expected)) {
    throw new Error(`unexpected answer ${response.status} ${body.toString().slice(0, 80)}`);
  }
}

/** Requests per second and CPU µs per request over `seconds`, `concurrency` callers in a loop. */
async function load(fetch, sc, seconds) {
  const cpu = process.cpuUsage();
  const make = requestsOf(sc);
  const end = performance.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const started = performance.now();
  const caller = async (offset) => {
    for (let i = offset; performance.now() < end; i += concurrency) {
      const response = await fetch(make[i % make.length]());
      await response.arrayBuffer();
      if (response.status === (sc.status ?? 200)) done++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => caller(i)));
  if (failed > 0) throw new Error(`${failed} unexpected statuses`);
  const used = process.cpuUsage(cpu);
  return { rps: done / ((performance.now() - started) / 1000), cpuPerReq: (used.user + used.system) / done };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

if (scenarios.length > 0) {
  console.log(
    `\nIn-process fetch (no socket), ${concurrency} requests in flight, ${rounds} rounds of ${duration} s, node ${process.version}`,
  );
  console.log(
    '| scenario | webapp app.fetch req/s | hono app.fetch req/s | webapp / hono (req/s) | CPU µs/req webapp | CPU µs/req hono | hono / webapp (CPU) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
}
for (const name of scenarios) {
  const sc = SCENARIOS[name];
  const apps = { webapp: webapp[name](), hono: hono[name]() };
  const fetches = { webapp: apps.webapp.fetch, hono: (request) => apps.hono.fetch(request) };
  try {
    for (const fw of Object.keys(fetches)) {
      await check(fetches[fw], sc);
      await load(fetches[fw], sc, Math.min(1, duration));
    }
    const samples = { webapp: [], hono: [] };
    const ratios = [];
    const cpuRatios = [];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['webapp', 'hono'] : ['hono', 'webapp'];
      for (const fw of order) samples[fw].push(await load(fetches[fw], sc, duration));
      ratios.push(samples.webapp.at(-1).rps / samples.hono.at(-1).rps);
      cpuRatios.push(samples.hono.at(-1).cpuPerReq / samples.webapp.at(-1).cpuPerReq);
    }
    const rps = (fw) => fmtInt(median(samples[fw].map((one) => one.rps)));
    const cpu = (fw) => median(samples[fw].map((one) => one.cpuPerReq)).toFixed(0);
    console.log(
      `| ${name} | ${rps('webapp')} | ${rps('hono')} | ${fmtRatio(median(ratios))} | ${cpu('webapp')} | ${cpu('hono')} | ${fmtRatio(median(cpuRatios))} |`,
    );
  } catch (err) {
    console.log(`| ${name} | error: ${err.message} | | |`);
    process.exitCode = 1;
  }
}
