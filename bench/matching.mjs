// Matching cost against table size: a router holding N routes of the api table's shapes (static and
// parameter segments under one shared prefix), and the time to dispatch one request to the *last* route,
// for N from 10 to 10,000, on webapp and express@4. No server and no sockets: only routing.
// Usage: node bench/matching.mjs   (env: BENCH_MATCH_SIZES=10,100,1000,10000, BENCH_MATCH_MS=300,
// BENCH_WEBAPP=<another build's dist/index.js> to add it as a column)

import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { envNumber, renderTable, runScript } from './common.mjs';

const require = createRequire(import.meta.url);

// The api table's shapes, write methods on `/:id` included (a DELETE passes over GET, PUT and PATCH).
const SHAPES = [
  ['get', ''],
  ['get', '/search'],
  ['get', '/:id'],
  ['put', '/:id'],
  ['patch', '/:id'],
  ['delete', '/:id'],
  ['get', '/:id/items'],
  ['get', '/:id/items/:item'],
  ['get', '/:id/meta'],
];
const KINDS = { static: 'GET', param: 'GET', delete: 'DELETE' };

function usage() {
  return [
    'usage: node bench/matching.mjs   (needs a prior `npm run build`)',
    '  BENCH_MATCH_SIZES=10,100,1000,10000 (routes per router)  BENCH_MATCH_MS=300 (time per measurement)',
  ].join('\n');
}

function readConfig(argv) {
  if (argv.length > 0) throw new Error(`unexpected arguments: ${argv.join(' ')}`);
  const sizes = (process.env.BENCH_MATCH_SIZES || '10,100,1000,10000').split(',').map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < SHAPES.length) throw new Error(`bad size in BENCH_MATCH_SIZES: ${s}`);
    return n;
  });
  return { sizes, ms: envNumber('BENCH_MATCH_MS', 300, { min: 10, integer: true }) };
}

/** A router of `size` routes: size / 9 resources × the nine shapes; paths that reach the last ones. */
function build(lib, size) {
  const router = lib.Router();
  let answered = 0;
  const handler = () => {
    answered++;
  };
  const resources = Math.floor(size / SHAPES.length);
  for (let r = 0; r < resources; r++) {
    for (const [method, shape] of SHAPES) router[method](`/api/v1/res${r}${shape}`, handler);
  }
  const last = `/api/v1/res${resources - 1}`;
  return {
    router,
    answered: () => answered,
    paths: { static: `${last}/search`, param: `${last}/42/items/7`, delete: `${last}/42` },
  };
}

function time(router, method, url, ms) {
  const res = {};
  const fail = (err) => {
    throw err ?? new Error(`${url} was not answered`);
  };
  // A new request object each time, as a server would give: a reused one would chain every dispatch
  // to the previous one through `req.next` (the handler never calls next) and measure the collector.
  const once = () => {
    router.handle({ url, method, headers: {} }, res, fail);
  };
  // Warm up for as long as one window, so the JIT has settled whatever the cost of one request.
  for (let warm = performance.now(); performance.now() - warm < ms; ) for (let i = 0; i < 10; i++) once();
  // The best of three windows: other work on the machine only ever makes a window slower.
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    let count = 0;
    const start = performance.now();
    let now = start;
    while (now - start < ms) {
      for (let i = 0; i < 10; i++) once();
      count += 10;
      now = performance.now();
    }
    best = Math.min(best, ((now - start) * 1e6) / count);
  }
  return best;
}

async function main(cfg) {
  // BENCH_WEBAPP: another build's entry file (e.g. an earlier commit's), measured beside this one.
  const libs = { webapp: require('../dist/index.js'), 'express@4': require('express') };
  if (process.env.BENCH_WEBAPP) libs.BENCH_WEBAPP = require(path.resolve(process.env.BENCH_WEBAPP));
  const rows = [
    ['routes', ...Object.keys(libs).flatMap((name) => Object.keys(KINDS).map((kind) => `${name} ${kind}`))],
  ];
  for (const size of cfg.sizes) {
    const row = [String(size)];
    for (const lib of Object.values(libs)) {
      const table = build(lib, size);
      for (const [kind, method] of Object.entries(KINDS)) {
        const before = table.answered();
        const ns = time(table.router, method, table.paths[kind], cfg.ms);
        if (table.answered() === before) throw new Error(`${table.paths[kind]} never reached its route`);
        row.push(`${Math.round(ns).toLocaleString('en-US')} ns`);
      }
    }
    rows.push(row);
    console.error(`  ${size} routes done`);
  }
  console.log('\nDispatch to the last route of the table, ns per request (lower is better)\n');
  console.log(renderTable(rows));
}

runScript({ usage, readConfig, run: main });
