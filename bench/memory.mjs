// Memory: the server's resident set size after CONNECTIONS keep-alive connections have each made one
// request to the `hello` app and stay open. Usage: node bench/memory.mjs
// (env: BENCH_FRAMEWORKS, BENCH_CONNECTIONS=10000, BENCH_NODE)

import net from 'node:net';
import {
  DEFAULT_FRAMEWORKS,
  envNumber,
  errorText,
  FRAMEWORKS,
  frameworksFromEnv,
  renderTable,
  runScript,
  startServer,
  stopServer,
} from './common.mjs';

const BATCH = 500;

function usage() {
  return [
    'usage: node bench/memory.mjs',
    `  BENCH_FRAMEWORKS=${Object.keys(FRAMEWORKS).join(',')}  BENCH_CONNECTIONS=10000`,
  ].join('\n');
}

function readConfig(argv) {
  if (argv.length > 0) throw new Error(`unexpected arguments: ${argv.join(' ')}`);
  return {
    frameworks: frameworksFromEnv(DEFAULT_FRAMEWORKS),
    connections: envNumber('BENCH_CONNECTIONS', 10_000, { min: 1, integer: true }),
  };
}

/** Opens a keep-alive connection, sends one request and resolves with the socket once a response arrived. */
function connectOnce(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(30_000, () => socket.destroy(new Error('no response in 30 s')));
    socket.once('error', reject);
    socket.once('connect', () =>
      socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n'),
    );
    let head = '';
    socket.on('data', function onData(chunk) {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.setTimeout(0);
      if (!head.startsWith('HTTP/1.1 200'))
        reject(new Error(`unexpected response: ${head.split('\r\n')[0]}`));
      else resolve(socket);
    });
  });
}

function rssOf(child) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no memory sample from server')), 5000);
    child.on('message', function onMessage(msg) {
      if (msg?.type !== 'memory') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(msg.rss);
    });
    child.send({ type: 'memory' });
  });
}

async function measure(framework, connections) {
  const server = await startServer(framework, 'hello', { timeout: 15_000 });
  const sockets = [];
  try {
    const before = await rssOf(server.child);
    for (let opened = 0; opened < connections; opened += BATCH) {
      const batch = Math.min(BATCH, connections - opened);
      sockets.push(...(await Promise.all(Array.from({ length: batch }, () => connectOnce(server.port)))));
    }
    return { before, after: await rssOf(server.child) };
  } finally {
    for (const socket of sockets) socket.destroy();
    await stopServer(server.child);
  }
}

async function main(cfg) {
  const rows = [['framework', 'RSS idle (MB)', `RSS with ${cfg.connections} connections (MB)`]];
  const results = {};
  for (const fw of cfg.frameworks) {
    try {
      results[fw] = await measure(fw, cfg.connections);
      const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
      rows.push([FRAMEWORKS[fw], mb(results[fw].before), mb(results[fw].after)]);
    } catch (err) {
      rows.push([FRAMEWORKS[fw], `n/a (${errorText(err)})`, '']);
    }
  }
  console.log(
    `Server memory after ${cfg.connections} keep-alive connections made one request each to hello\n`,
  );
  console.log(renderTable(rows));
  if (results.webapp && results.fastify) {
    const ok = results.webapp.after <= results.fastify.after;
    console.log(`\nwebapp ≤ fastify: ${ok ? 'ok' : 'MISSED'}`);
  }
}

runScript({ usage, readConfig, run: main });
