// HTTP/2 scenario: GET / → JSON {"hello":"world"} over cleartext HTTP/2 (h2c, prior knowledge) on
// webapp (webapp/http2's createServer: the app's own request classes), webapp on node's
// http2.createServer(app) (one prototype swap per request), webapp lean (etag and X-Powered-By off,
// as fastify/benchmarks configures Express), fastify with `http2: true`, and raw node:http2's
// compatibility API. The load generator is node's own http2 client (h2load is used instead when
// installed and BENCH_H2LOAD=1): BENCH_SESSIONS sessions, each keeping BENCH_STREAMS streams in
// flight. Servers run one at a time in child processes, in paired rounds (as bench/run.mjs does);
// the tables print median req/s and the median per-round ratio to fastify.
//
//   npm run build --silent && node bench/http2.mjs
//   BENCH_ROUNDS=5 BENCH_DURATION=3 node bench/http2.mjs
import { execFileSync, fork } from 'node:child_process';
import http2 from 'node:http2';
import { fileURLToPath } from 'node:url';
import { hasCommand } from './common.mjs';

const FRAMEWORKS = (process.env.BENCH_FRAMEWORKS ?? 'raw,webapp,webapp-node,lean,fastify').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 2) * 1000;
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1) * 1000;
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 10);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10);
const BODY = '{"hello":"world"}';

// ── server side (a child process per framework) ──────────────────────────────────────────────
async function serve(name) {
  let server;
  if (name === 'fastify') {
    const fastify = (await import('fastify')).default({ http2: true });
    fastify.get('/', async () => ({ hello: 'world' }));
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    server = fastify.server;
  } else if (name === 'raw') {
    server = http2.createServer((_req, res) => {
      const body = JSON.stringify({ hello: 'world' });
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.setHeader('content-length', Buffer.byteLength(body));
      res.end(body);
    });
  } else {
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    const webapp = require('../dist/index.js');
    const app = webapp();
    if (name === 'lean') {
      app.set('etag', false);
      app.disable('x-powered-by');
    }
    app.get('/', (_req, res) => res.json({ hello: 'world' }));
    server =
      name === 'webapp-node'
        ? http2.createServer(app)
        : require('../dist/middleware/http2.js').createServer(app);
  }
  if (!server.listening) await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send({ port: server.address().port });
  process.on('disconnect', () => process.exit(0));
}

// ── load generator ───────────────────────────────────────────────────────────────────────────
function request(session) {
  return new Promise((resolve) => {
    const stream = session.request({ ':path': '/' });
    let status = 0;
    let body = '';
    stream.setEncoding('utf8');
    stream.on('response', (headers) => {
      status = headers[':status'];
    });
    stream.on('data', (chunk) => {
      body += chunk;
    });
    stream.on('end', () => resolve(status === 200 && body === BODY));
    stream.on('error', () => resolve(false));
  });
}

async function load(port, ms) {
  const sessions = Array.from({ length: SESSIONS }, () => http2.connect(`http://127.0.0.1:${port}`));
  let ok = 0;
  let failed = 0;
  const end = Date.now() + ms;
  const worker = async (session) => {
    while (Date.now() < end) {
      if (await request(session)) ok++;
      else failed++;
    }
  };
  const started = process.hrtime.bigint();
  await Promise.all(sessions.flatMap((session) => Array.from({ length: STREAMS }, () => worker(session))));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  for (const session of sessions) session.destroy();
  return { rps: ok / seconds, failed };
}

function h2loadAvailable() {
  return process.env.BENCH_H2LOAD === '1' && hasCommand('h2load');
}

function loadWithH2load(port, ms) {
  const out = execFileSync(
    'h2load',
    ['-D', String(ms / 1000), '-c', String(SESSIONS), '-m', String(STREAMS), `http://127.0.0.1:${port}/`],
    { encoding: 'utf8' },
  );
  const rps = Number(/finished in [^,]+, ([\d.]+) req\/s/.exec(out)?.[1] ?? 0);
  const failed = Number(/(\d+) failed/.exec(out)?.[1] ?? 0);
  return { rps, failed };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main() {
  const useH2load = h2loadAvailable();
  const servers = {};
  for (const name of FRAMEWORKS) {
    const child = fork(fileURLToPath(import.meta.url), ['--serve', name], { stdio: 'inherit' });
    const port = await new Promise((resolve, reject) => {
      child.once('message', (m) => resolve(m.port));
      child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
    });
    servers[name] = { child, port };
    const session = http2.connect(`http://127.0.0.1:${port}`);
    const correct = await request(session);
    session.destroy();
    if (!correct) throw new Error(`${name} did not answer 200 ${BODY}`);
    await load(port, WARMUP);
  }
  const results = Object.fromEntries(FRAMEWORKS.map((name) => [name, []]));
  const ratios = Object.fromEntries(FRAMEWORKS.map((name) => [name, []]));
  let failures = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const order = FRAMEWORKS.map((_, i) => FRAMEWORKS[(i + round) % FRAMEWORKS.length]);
    const window = {};
    for (const name of order) {
      const { rps, failed } = useH2load
        ? loadWithH2load(servers[name].port, DURATION)
        : await load(servers[name].port, DURATION);
      failures += failed;
      window[name] = rps;
      results[name].push(rps);
    }
    if (window.fastify) for (const name of FRAMEWORKS) ratios[name].push(window[name] / window.fastify);
  }
  for (const { child } of Object.values(servers)) child.kill();
  const generator = useH2load ? 'h2load' : 'node:http2 client';
  console.log(
    `\nHTTP/2 (h2c) GET / → JSON, ${generator}, ${SESSIONS} sessions × ${STREAMS} streams, ` +
      `${ROUNDS} rounds of ${DURATION / 1000}s, node ${process.version}\n`,
  );
  console.log('| framework | req/s (median) | vs fastify http2 (median of per-round ratios) |');
  console.log('| --- | ---: | ---: |');
  for (const name of FRAMEWORKS) {
    const ratio = ratios[name].length ? `${median(ratios[name]).toFixed(2)}×` : 'n/a';
    console.log(`| ${name} | ${Math.round(median(results[name]))} | ${ratio} |`);
  }
  if (failures) console.log(`\n⚠ ${failures} failed requests`);
}

if (process.argv[2] === '--serve') await serve(process.argv[3]);
else await main();
