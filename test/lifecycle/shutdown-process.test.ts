/**
 * Shutdown seen from the process (issue 56), in child processes: with the `shutdown signals`
 * setting, SIGTERM drains the server (the request in flight completes) and the process then exits
 * on its own, with no `process.exit`; and after `server.shutdown()` under load, nothing webapp made
 * (sockets, timers, listeners, the timeout middleware's timers) keeps the process alive.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';

import { within } from './support';

const INDEX = path.join(__dirname, '..', '..', 'src', 'index.js');
const SUPPORT = path.join(__dirname, 'support.js');

/** Runs `source` in a child node; its stdout lines are JSON messages. */
function child(source: string) {
  const proc = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  const messages: unknown[] = [];
  const waiting: Array<() => void> = [];
  createInterface({ input: proc.stdout! }).on('line', (line) => {
    messages.push(JSON.parse(line));
    for (const wake of waiting.splice(0)) wake();
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    proc,
    exited,
    /** The next message that `match` accepts (bounded). */
    message(match: (msg: any) => boolean, what: string): Promise<any> {
      return within(
        new Promise((resolve) => {
          const check = () => {
            const found = messages.find(match);
            if (found !== undefined) resolve(found);
            else waiting.push(check);
          };
          check();
        }),
        10_000,
        what,
      );
    },
  };
}

/** Waits for the child to exit by itself; kills it (and fails) if it does not within the bound. */
async function exitsOnItsOwn(
  proc: ChildProcess,
  exited: Promise<{ code: number | null; signal: string | null }>,
) {
  try {
    return await within(exited, 10_000, 'the process to exit on its own');
  } catch (err) {
    proc.kill('SIGKILL');
    throw err;
  }
}

test('SIGTERM with the shutdown signals setting: the request in flight completes, then the process exits by itself', async () => {
  const { proc, exited, message } = child(`
    const webapp = require(${JSON.stringify(INDEX)});
    const app = webapp();
    app.set('shutdown signals', ['SIGTERM', 'SIGINT']);
    app.use(webapp.timeout('30s'));
    app.get('/slow', (req, res) => {
      // The app's own SIGTERM listener ends the response once the drain has begun.
      process.once('SIGTERM', () => setImmediate(() => res.send('slow done ' + server.draining)));
      console.log(JSON.stringify({ parked: true }));
    });
    const server = app.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
    server.on('close', () => console.log(JSON.stringify({ closed: true })));
  `);
  const { port } = await message((msg) => msg.port, 'the port');
  const agent = new http.Agent({ keepAlive: true });
  const response = new Promise<{ status?: number; body: string; connection?: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode, body, connection: res.headers.connection }));
      })
      .on('error', reject);
  });
  await message((msg) => msg.parked, 'the request to be in flight');
  proc.kill('SIGTERM');
  assert.deepEqual(await within(response, 10_000, 'the response'), {
    status: 200,
    body: 'slow done true',
    connection: 'close',
  });
  await message((msg) => msg.closed, 'the server to close');
  assert.deepEqual(await exitsOnItsOwn(proc, exited), { code: 0, signal: null });
  agent.destroy();
});

test('after server.shutdown() under a keep-alive load, nothing keeps the process alive', async () => {
  const { proc, exited, message } = child(`
    const webapp = require(${JSON.stringify(INDEX)});
    const { keepAliveLoad } = require(${JSON.stringify(SUPPORT)});
    const app = webapp();
    app.use(webapp.timeout('1h'));
    let count = 0;
    let done;
    app.get('/work', (req, res) => {
      req.signal.addEventListener('abort', () => {});
      if (++count === 100) done = server.shutdown({ timeout: '1h' });
      setImmediate(() => res.send('ok ' + req.query.id));
    });
    const server = app.listen(0, '127.0.0.1', async () => {
      const result = await keepAliveLoad(server.address().port, 4);
      await done;
      console.log(JSON.stringify({ resolved: true, completed: result.completed.size }));
    });
  `);
  const { completed } = await message((msg) => msg.resolved, 'the shutdown to resolve');
  assert.ok(completed >= 100);
  assert.deepEqual(await exitsOnItsOwn(proc, exited), { code: 0, signal: null });
});
