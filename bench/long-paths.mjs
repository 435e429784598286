// Long paths against the route patterns that run on webapp's linear-time engine (src/regex/): for each
// pattern, ~10 KB paths of [a-z0-9-] — one segment and many segments, matching and not — matched by a
// webapp Layer and an express@4 Layer (which runs the same regex source on V8's backtracking engine).
// No server: only Layer#match, parameter decoding included on both sides. Each cell is the median over
// BENCH_LONG_ROUNDS rounds; in each round both layers are timed on the path one after the other; the
// spread column is the lowest and highest of the per-round ratios.
// Usage: node bench/long-paths.mjs   (needs a prior `npm run build`; env: BENCH_LONG_ROUNDS=7,
// BENCH_LONG_MS=150 per window, BENCH_LONG_KB=10, BENCH_LONG_ONLY=/:a?-:b,/:p+ for some patterns only,
// BENCH_LONG_FRESH=64 to match that many different paths of each kind in turn instead of one)

import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { envNumber, renderTable, runScript } from './common.mjs';

const require = createRequire(import.meta.url);

function usage() {
  return [
    'usage: node bench/long-paths.mjs   (needs a prior `npm run build`)',
    '  BENCH_LONG_ROUNDS=7 (rounds; medians reported)  BENCH_LONG_MS=150 (ms per window)  BENCH_LONG_KB=10',
    '  BENCH_LONG_ONLY=/:a?-:b,/:p+ (only these patterns)',
    '  BENCH_LONG_FRESH=64 (that many different paths of each kind, in turn: nothing learnt from one path helps the next)',
  ].join('\n');
}

function readConfig(argv) {
  if (argv.length > 0) throw new Error(`unexpected arguments: ${argv.join(' ')}`);
  return {
    rounds: envNumber('BENCH_LONG_ROUNDS', 7, { min: 1, integer: true }),
    ms: envNumber('BENCH_LONG_MS', 150, { min: 5, integer: true }),
    kb: envNumber('BENCH_LONG_KB', 10, { min: 1, integer: true }),
    only: process.env.BENCH_LONG_ONLY ? process.env.BENCH_LONG_ONLY.split(',') : undefined,
    fresh: envNumber('BENCH_LONG_FRESH', 1, { min: 1, integer: true }),
  };
}

/** A seeded generator, so every run measures the same paths. */
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters of [a-z0-9-]: letters and digits with a single '-' now and then, ending in 'x'. */
function segment(random, length, dashes = true) {
  let out = '';
  while (out.length < length - 1) {
    out +=
      dashes && random() < 0.08 && out.length > 0 && out[out.length - 1] !== '-'
        ? '-'
        : ALNUM[Math.floor(random() * 36)];
  }
  return `${out}x`;
}

/** `/`-separated segments of 1–30 characters, `length` characters in all (no leading '/'). */
function segments(random, length) {
  const parts = [];
  let total = 0;
  while (total < length) {
    const part = segment(random, 1 + Math.floor(random() * 30));
    parts.push(part);
    total += part.length + 1;
  }
  return parts.join('/');
}

/**
 * Every string pattern shape the router runs on the linear-time engine (see src/router/matchers.ts), each
 * with paths: `single` / `many` are one and many segments; whether each matches is Express's answer.
 */
function cases(kb, seed = 19) {
  const random = prng(seed);
  const n = kb * 1024;
  const S = segment(random, n);
  const S0 = segment(random, n, false);
  const M = segments(random, n);
  const D = '1234567890'.repeat(n / 10);
  return [
    ['/:a?-:b', { single: `/${S}`, 'single, no dash': `/${S0}`, many: `/${M}` }],
    ['/:from?-:to', { single: `/${S}`, many: `/${M}` }],
    ['/:a-:b?', { single: `/${S}`, 'single, no dash': `/${S0}`, many: `/${M}` }],
    ['/a/:b?c', { single: `/a/${S}c`, 'single, other end': `/a/${S}`, many: `/a/${M}c` }],
    ['/:a?:b', { single: `/${S}`, many: `/${M}` }],
    ['/:a?.:b', { single: `/${S}.json`, 'single, no dot': `/${S}`, many: `/${M}.json` }],
    ['/:name.:ext?', { single: `/${S}.json`, 'single, no dot': `/${S}`, many: `/${M}` }],
    [
      '/file/:name?.json',
      { single: `/file/${S}.json`, 'single, other end': `/file/${S}.jsonx`, many: `/file/${M}.json` },
    ],
    ['/s/:b?*', { single: `/s/${S}`, many: `/s/${M}` }],
    ['/files/*', { single: `/files/${S}`, many: `/files/${M}` }],
    ['/:p+', { single: `/${S}`, many: `/${M}`, 'many, empty last': `/${M}//` }],
    ['/:p*', { single: `/${S}`, many: `/${M}` }],
    ['/:a(\\d+)?', { digits: `/${D}`, single: `/${S}` }],
    ['/:id(\\d+|[a-z0-9-]+)', { single: `/${S}`, 'single, other end': `/${S}.`, many: `/${M}` }],
    [
      '/:slug([a-z0-9-]+(?:\\.[a-z]+)?)',
      { single: `/${S}.json`, 'single, other end': `/${S}.`, many: `/${M}` },
    ],
  ];
}

function time(fn, ms) {
  let count = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 5; i++) fn();
    count += 5;
    now = performance.now();
  }
  return ((now - start) * 1000) / count; // µs per match
}

const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const fmtUs = (us) => (us >= 100 ? us.toFixed(0) : us >= 10 ? us.toFixed(1) : us.toFixed(2));

async function main(cfg) {
  const { Layer } = require('../dist/router/layer.js');
  const { pathShape } = require('../dist/router/matchers.js');
  const ExpressLayer = require('express/lib/router/layer');
  const options = { sensitive: false, strict: false, end: true };
  const rows = [['pattern', 'path', 'matches', 'webapp µs', 'express@4 µs', 'webapp / express', 'spread']];
  let worst = 0;
  // With BENCH_LONG_FRESH=n, n sets of paths from different seeds, each row cycling through its n paths.
  const variants = Array.from({ length: cfg.fresh }, (_, k) => cases(cfg.kb, 19 + k));
  for (const [index, [pattern, paths]] of variants[0].entries()) {
    if (cfg.only && !cfg.only.includes(pattern)) continue;
    if (pathShape(pattern).simple) throw new Error(`${pattern} no longer runs on the linear-time engine`);
    const ours = new Layer(pattern, options, () => {});
    const theirs = new ExpressLayer(pattern, options, () => {});
    for (const label of Object.keys(paths)) {
      const all = variants.map((set) => set[index][1][label]);
      const outcomes = new Set();
      for (const each of all) {
        const answer = theirs.match(each);
        outcomes.add(answer);
        const same =
          ours.match(each) === answer && JSON.stringify(ours.params) === JSON.stringify(theirs.params);
        if (!same) throw new Error(`${pattern} on the ${label} path: webapp and express@4 disagree`);
      }
      const matched = outcomes.size === 1 ? [...outcomes][0] : undefined;
      const path = all[0];
      const count = all.length;
      let i = 0;
      let j = 0;
      const a = count === 1 ? () => ours.match(path) : () => ours.match(all[i++ % count]);
      const b = count === 1 ? () => theirs.match(path) : () => theirs.match(all[j++ % count]);
      time(a, cfg.ms); // warm-up
      time(b, cfg.ms);
      const ourTimes = [];
      const theirTimes = [];
      const ratios = [];
      for (let round = 0; round < cfg.rounds; round++) {
        const first = round % 2 === 0;
        const x = first ? time(a, cfg.ms) : 0;
        const y = time(b, cfg.ms);
        const z = first ? x : time(a, cfg.ms);
        ourTimes.push(z);
        theirTimes.push(y);
        ratios.push(z / y);
      }
      const ratio = median(ratios);
      worst = Math.max(worst, ratio);
      rows.push([
        `\`${pattern}\``,
        `${label}${count > 1 ? ` ×${count}` : ''} (${(path.length / 1024).toFixed(1)} KB)`,
        matched === undefined ? 'some' : matched ? 'yes' : 'no',
        fmtUs(median(ourTimes)),
        fmtUs(median(theirTimes)),
        `${ratio.toFixed(2)}×`,
        `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`,
      ]);
      console.error(`  ${pattern} ${label} done`);
    }
  }
  console.log(
    `\nLayer#match on long paths, µs per match (median of ${cfg.rounds} rounds; lower is better)\n`,
  );
  console.log(renderTable(rows));
  console.log(`\nworst webapp / express ratio: ${worst.toFixed(2)}×`);
}

runScript({ usage, readConfig, run: main });
