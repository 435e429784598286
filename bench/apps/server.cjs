'use strict';
// Child process entry: `server.cjs <framework> <scenario>` starts one app on 127.0.0.1:0 and reports
// `{ type: 'ready', port, layout }` or `{ type: 'error', message }` to the parent over IPC, then answers
// `{ type: 'cpu' }` queries with its process.cpuUsage().

const [framework, scenario] = process.argv.slice(2);

// Never outlive the harness, even if it is killed without cleaning up.
process.on('disconnect', () => process.exit(0));

// The harness samples this process's CPU time around a run to get CPU cost per request, a figure that
// holds even when the load generator, not the server, is the bottleneck.
process.on('message', (msg) => {
  if (msg && msg.type === 'cpu') process.send({ type: 'cpu', usage: process.cpuUsage() });
  // bench/memory.mjs: resident set size once the connections are open.
  if (msg && msg.type === 'memory') process.send({ type: 'memory', rss: process.memoryUsage().rss });
});

function fail(err) {
  // First line only: the harness prints it in one table note.
  const message = (err instanceof Error ? err.message : String(err)).split('\n')[0];
  if (process.send) process.send({ type: 'error', message }, () => process.exit(1));
  else process.exit(1);
}

/*
 * Where V8 and malloc place what a request touches depends on everything allocated before it, down to the
 * length of the app file's name: two copies of lean.cjs under other names measured 4-7% apart in CPU per
 * request on json-big, in most rounds of every run (bench/README.md, "Memory layout"). BENCH_LAYOUT_PAD=<n> (set by
 * run.mjs with BENCH_FRESH=1) shifts both heaps by a random number of bytes below n before the app loads,
 * so servers started afresh sample layouts instead of each framework keeping one by chance.
 */
const layout = [];
function shiftLayout(limit) {
  const bytes = Math.floor(Math.random() * limit);
  if (bytes === 0) return 0;
  // A script keeps its source and name in V8's heap; a Buffer outside the pool takes its memory from malloc.
  const script = new (require('node:vm').Script)(`0 // ${'x'.repeat(bytes)}`, {
    filename: `layout-${bytes}`,
  });
  layout.push(script, Buffer.allocUnsafeSlow(bytes));
  return bytes;
}

async function main() {
  if (!/^[a-z0-9]+$/.test(framework || '')) throw new Error(`bad framework name: ${framework}`);
  const limit = Number(process.env.BENCH_LAYOUT_PAD || 0);
  const shifted = limit > 0 ? shiftLayout(limit) : null;
  const apps = require(`./${framework}.cjs`);
  const start = Object.hasOwn(apps, scenario) ? apps[scenario] : undefined;
  if (typeof start !== 'function') throw new Error(`${framework} has no "${scenario}" app`);
  const port = await start.call(apps);
  process.send({ type: 'ready', port, layout: shifted });
}

main().catch(fail);
