// Drain times: how long a server takes to close, from the call to its 'close' event, with a plain
// `server.close()` and with webapp's `server.shutdown()`, in the situations of a deploy:
//
//   busy      one keep-alive client with a request in flight (the handler answers after 100 ms);
//             the client stops after that response
//   load      8 keep-alive clients sending continuously (each handler answers after 0-20 ms); a
//             client stops at its first failed request (a closed connection, a refused one)
//   idle      20 keep-alive connections, all idle
//
// For each: the drain time, requests answered after the call, how many said `Connection: close`,
// requests refused (a new connection once the server stopped listening: the client goes elsewhere)
// and requests that failed (sent on a connection as the server closed it). Run after `npm run build`:
//
//   node bench/drain.mjs            (node's default keepAliveTimeout: 5 s)
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const webapp = require('../dist/index.js');
const LIMIT = 30_000;

function app() {
  const a = webapp();
  a.get('/work', (req, res) => setTimeout(() => res.send('ok'), Number(req.query.ms)));
  return a;
}

function get(port, agent, ms) {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: `/work?ms=${ms}`, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ ok: true, close: res.headers.connection === 'close' }));
        res.on('error', () => resolve({ ok: false }));
      })
      .on('error', (err) => resolve({ ok: false, refused: err.code === 'ECONNREFUSED' }));
  });
}

async function scenario(name, how) {
  const server = app().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const port = server.address().port;
  let called = 0;
  const stats = { after: 0, close: 0, refused: 0, failed: 0 };
  const closed = new Promise((resolve) => server.once('close', () => resolve(performance.now())));
  const stop = () => {
    called = performance.now();
    if (how === 'close') server.close();
    else server.shutdown({ timeout: LIMIT });
  };
  const record = (r) => {
    if (called === 0) return;
    if (r.refused) stats.refused++;
    else if (!r.ok) stats.failed++;
    else {
      stats.after++;
      if (r.close) stats.close++;
    }
  };
  let pending;
  const agents = [];
  const agent = () => {
    const a = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(a);
    return a;
  };
  if (name === 'busy') {
    const a = agent();
    await get(port, a, 0);
    const inFlight = get(port, a, 100);
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    record(await inFlight);
  } else if (name === 'load') {
    let stopping = false;
    const client = async () => {
      const a = agent();
      for (;;) {
        const r = await get(port, a, Math.floor(Math.random() * 20));
        record(r);
        if (!r.ok || (stopping && performance.now() - called > LIMIT)) return;
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await new Promise((resolve) => setTimeout(resolve, 500));
    stopping = true;
    stop();
    pending = Promise.all(clients);
  } else {
    for (let i = 0; i < 20; i++) await get(port, agent(), 0);
    stop();
  }
  const timer = setTimeout(() => server.closeAllConnections(), LIMIT);
  const at = await closed;
  clearTimeout(timer);
  await pending;
  for (const a of agents) a.destroy();
  const ms = at - called;
  return { ms: ms >= LIMIT ? `>${LIMIT / 1000} s (cut)` : `${Math.round(ms)} ms`, ...stats };
}

console.log(`node ${process.version}, keepAliveTimeout ${http.createServer().keepAliveTimeout} ms`);
console.log(
  '| situation | call | drain time | answered after the call | said `Connection: close` | refused (not listening) | failed |',
);
console.log('|---|---|---|---|---|---|---|');
for (const name of ['busy', 'load', 'idle']) {
  for (const how of ['close', 'shutdown']) {
    const r = await scenario(name, how);
    const call = how === 'close' ? '`server.close()`' : '`server.shutdown()`';
    console.log(`| ${name} | ${call} | ${r.ms} | ${r.after} | ${r.close} | ${r.refused} | ${r.failed} |`);
  }
}
