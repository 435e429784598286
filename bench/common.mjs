// What bench/run.mjs (throughput) and bench/instructions.mjs (instruction counts) share: the frameworks,
// the scenarios with their expected answers and targets, starting and stopping app servers, and output helpers.

import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import shared from './apps/shared.cjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.join(here, 'apps', 'server.cjs');
const STOP_TIMEOUT_MS = 3_000;

/**
 * BENCH_NODE: the node binary the app servers run on (default: this one), e.g. node 24 from npm:
 * `BENCH_NODE=$(npm exec -y -p node@24 -- which node) npm run bench`.
 */
export const SERVER_NODE = resolveCommand(process.env.BENCH_NODE) || process.execPath;

/** A path with a slash made absolute (servers may start in another directory); a bare name stays for PATH. */
export function resolveCommand(command) {
  return command?.includes('/') ? path.resolve(command) : command;
}

/** The version of the node the app servers run on (BENCH_NODE's, else this one). */
export function serverNodeVersion() {
  if (SERVER_NODE === process.execPath) return process.version;
  return execFileSync(SERVER_NODE, ['--version'], { encoding: 'utf8' }).trim();
}

export const FRAMEWORKS = {
  raw: 'raw node:http',
  webapp: 'webapp',
  lean: 'webapp lean',
  traced: 'webapp traced',
  express: 'express@4',
  express5: 'express@5',
  fastify: 'fastify',
  polka: 'polka',
  hono: 'hono',
  base: 'lean BENCH_BASE',
};
/*
 * Peers run with their defaults; `lean` is webapp with etag and x-powered-by off, the configuration
 * fastify/benchmarks gives Express. webapp's defaults are judged against raw node:http, lean against fastify.
 * `traced` is webapp with one no-op subscriber on its tracing channels, compared with webapp.
 */
// `base` (lean from the build at BENCH_BASE) is only for A/B runs: asked for by name.
export const DEFAULT_FRAMEWORKS = Object.keys(FRAMEWORKS).filter((name) => name !== 'base');

const JSON_HEADERS = { 'content-type': 'application/json' };

// Targets: `raw` is the minimum ratio of webapp (defaults) to raw node:http, `fastify` the minimum ratio of
// webapp lean to fastify (webapp's defaults when lean is not measured). `status` defaults to 200.
const staticFile = path.join(shared.STATIC_ROOT, shared.STATIC_FILE);
export const SCENARIOS = {
  hello: { method: 'GET', path: '/', expect: '{"hello":"world"}', target: { raw: 0.9, fastify: 1 } },
  routes: {
    method: 'GET',
    path: '/r' + (shared.ROUTE_COUNT - 1) + '/42/items/7',
    expect: '{"id":"42","item":"7"}',
    target: { raw: 0.9, fastify: 1 },
  },
  middleware: { method: 'GET', path: '/', expect: '{"hello":"world"}', target: { raw: 0.9, fastify: 1 } },
  // `paths`: the load cycles through them (every resource of the table); `path` is the probe.
  api: {
    method: 'GET',
    path: shared.API_PATH,
    paths: shared.API_PATHS,
    expect: shared.API_ANSWER,
    target: { fastify: 0.9 },
  },
  echo: {
    method: 'POST',
    path: '/echo',
    headers: JSON_HEADERS,
    body: shared.ECHO_BODY,
    expect: JSON.stringify({ name: JSON.parse(shared.ECHO_BODY).name }),
    target: { raw: 0.9, fastify: 1 },
  },
  static: {
    method: 'GET',
    path: '/' + shared.STATIC_FILE,
    expect: readFileSync(staticFile),
    target: { raw: 1, fastify: 1 },
  },
  'mw-chain': {
    method: 'GET',
    path: shared.MW_CHAIN_PATH,
    headers: shared.MW_CHAIN_HEADERS,
    expect: shared.MW_CHAIN_ANSWER,
    target: { fastify: 1 },
  },
  nested: { method: 'GET', path: shared.NESTED_PATH, expect: shared.NESTED_ANSWER, target: { fastify: 1 } },
  'json-big': {
    method: 'GET',
    path: '/big',
    expect: JSON.stringify(shared.BIG_DOCUMENT),
    target: { fastify: 1 },
  },
  urlencoded: {
    method: 'POST',
    path: '/form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: shared.FORM_BODY,
    expect: shared.FORM_ANSWER,
    target: { fastify: 1 },
  },
  'static-big': {
    method: 'GET',
    path: '/' + shared.STATIC_BIG_FILE,
    expect: readFileSync(path.join(shared.STATIC_ROOT, shared.STATIC_BIG_FILE)),
    target: { fastify: 1 },
  },
  // A conditional hit: If-Modified-Since is the file's own Last-Modified, so every server answers 304.
  'static-304': {
    method: 'GET',
    path: '/' + shared.STATIC_FILE,
    headers: { 'if-modified-since': statSync(staticFile).mtime.toUTCString() },
    status: 304,
    expect: '',
    target: { fastify: 1 },
  },
};

export function envNumber(name, fallback, { min, integer }) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be ${integer ? 'an integer' : 'a number'} >= ${min}, got "${raw}"`);
  }
  return value;
}

export function pickNames(requested, known, what) {
  if (requested.length === 0) return Object.keys(known);
  const unknown = requested.filter((name) => !Object.hasOwn(known, name));
  if (unknown.length > 0) throw new Error(`unknown ${what}: ${unknown.join(', ')}`);
  return [...new Set(requested)];
}

/** `BENCH_FRAMEWORKS` as a list, or `fallback` when unset. */
export function frameworksFromEnv(fallback) {
  const requested = (process.env.BENCH_FRAMEWORKS || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return requested.length === 0 ? fallback : pickNames(requested, FRAMEWORKS, 'framework');
}

/** The child servers alive, so every exit path can stop them. */
export const alive = new Set();

/**
 * The environment of an app server: this one, with the builds named by BENCH_WEBAPP and BENCH_BASE made
 * absolute, so that a server started in another directory (bench/profile.mjs) loads the same files.
 */
export function serverEnv(env = process.env) {
  const out = { ...env };
  for (const name of ['BENCH_WEBAPP', 'BENCH_BASE']) if (out[name]) out[name] = path.resolve(out[name]);
  return out;
}

/**
 * Starts `bench/apps/server.cjs <framework> <scenario>` and resolves `{ child, port, layout }` once it
 * listens; `layout` is the random shift of its heaps in bytes (BENCH_LAYOUT_PAD), or null without one.
 * `wrapper` is a command line the node process runs under (e.g. valgrind), `nodeArgs` node's own flags,
 * `cwd` its working directory (default: this one); `onReady(child)` runs before the promise resolves.
 */
export function startServer(framework, scenario, { timeout, onReady, wrapper = [], nodeArgs = [], cwd }) {
  return new Promise((resolve, reject) => {
    const command = [...wrapper, SERVER_NODE, ...nodeArgs, SERVER, framework, scenario];
    const child = spawn(command[0], command.slice(1), {
      cwd,
      env: serverEnv(),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    alive.add(child);
    const timer = setTimeout(() => settle(new Error('server did not start in time')), timeout);
    function settle(err, port, layout) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', settle);
      if (err) reject(err);
      else resolve({ child, port, layout });
    }
    function onMessage(msg) {
      if (msg && msg.type === 'ready') {
        onReady?.(child);
        settle(null, msg.port, msg.layout);
      } else if (msg && msg.type === 'error') settle(new Error(msg.message));
    }
    function onExit(code, signal) {
      settle(new Error(`server exited before it was ready (${signal || 'code ' + code})`));
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.on('error', settle);
  });
}

/**
 * Stops a server and resolves once it has exited: `stop(child)` asks it to end (default SIGTERM), and after
 * `timeout` ms it is killed.
 */
export function stopServer(child, { stop = (c) => c.kill('SIGTERM'), timeout = STOP_TIMEOUT_MS } = {}) {
  alive.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    stop(child);
  });
}

/**
 * The entry point of a bench script: `--help` prints `usage()`; a bad command line or environment (a throw
 * from `readConfig(argv)`) prints the reason and the usage and exits with 2; otherwise `run(cfg)` runs.
 * Ctrl-C, SIGTERM and a failure kill the servers still running.
 */
export function runScript({ usage, readConfig, run }) {
  const abort = (signal) => {
    for (const child of alive) child.kill('SIGKILL');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', abort);
  process.on('SIGTERM', abort);
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(usage());
    return;
  }
  let cfg;
  try {
    cfg = readConfig(process.argv.slice(2));
  } catch (err) {
    console.error(`${err.message}\n${usage()}`);
    process.exitCode = 2;
    return;
  }
  run(cfg).catch((err) => {
    for (const child of alive) child.kill('SIGKILL');
    console.error(err);
    process.exitCode = 1;
  });
}

// One plain request before loading: a server that answers wrongly must not be measured.
function probe(port, sc) {
  return new Promise((resolve, reject) => {
    const headers = { ...sc.headers };
    if (sc.body !== undefined) headers['content-length'] = Buffer.byteLength(sc.body);
    const req = http.request(
      { host: '127.0.0.1', port, method: sc.method, path: sc.path, headers, agent: false, timeout: 5000 },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('probe request timed out')));
    req.on('error', reject);
    req.end(sc.body);
  });
}

export async function checkResponse(port, sc) {
  const { status, body } = await probe(port, sc);
  const expected = Buffer.isBuffer(sc.expect) ? sc.expect : Buffer.from(sc.expect);
  if (status !== (sc.status ?? 200) || !body.equals(expected)) {
    const shown = body.length > 120 ? body.subarray(0, 120).toString() + '…' : body.toString();
    throw new Error(`unexpected response ${status}: ${JSON.stringify(shown)}`);
  }
}

/** Whether `command` runs on this machine (`<command> --version` succeeds): valgrind, perf, h2load. */
export function hasCommand(command) {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads a running server with `sc`'s requests for `seconds`, with `connections` and `pipelining` as
 * configured, and resolves with autocannon's result.
 */
export function loadScenario(port, sc, { connections, pipelining }, seconds) {
  return autocannon({
    url: `http://127.0.0.1:${port}${sc.path}`,
    method: sc.method,
    headers: sc.headers,
    body: sc.body,
    requests: sc.paths?.map((p) => ({ path: p })),
    connections,
    pipelining,
    duration: seconds,
  });
}

/**
 * What went wrong in one autocannon result of a scenario: answers of another status than the expected one,
 * errors, timeouts. autocannon counts a 304 among its non-2xx, so a conditional scenario counts its 3xx.
 */
export function loadProblems(result, sc) {
  const expected = sc.status ?? 200;
  const unexpected = expected === 304 ? result.requests.total - result['3xx'] : result.non2xx;
  const problems = [];
  if (unexpected > 0) problems.push(`${unexpected} not ${expected}`);
  if (result.errors > 0) problems.push(`${result.errors} errors`);
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`);
  return problems;
}

export const errorText = (err) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

export const fmtInt = (n) => Math.round(n).toLocaleString('en-US');
export const fmtRatio = (n) => n.toFixed(2) + '×';

export function renderTable(rows) {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  const line = (row) =>
    '| ' +
    row.map((text, col) => (col === 0 ? text.padEnd(widths[col]) : text.padStart(widths[col]))).join(' | ') +
    ' |';
  // Same layout as biome's markdown formatter, so the output pastes into README.md as is.
  const rule =
    '| ' + widths.map((w, col) => (col === 0 ? '-'.repeat(w) : '-'.repeat(w - 1) + ':')).join(' | ') + ' |';
  return [line(rows[0]), rule, ...rows.slice(1).map(line)].join('\n');
}
