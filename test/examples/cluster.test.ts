import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { send, type TestResponse } from '../support/http';
import { type RunningExample, startExample } from './run-example';

/** An OS-assigned free loopback port: bind to port 0, read the port, release it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once redis answers PING on `port` (polling for at most 10 s). */
async function waitForRedis(port: number, redis: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (redis.exitCode !== null) throw new Error(`redis-server exited with ${redis.exitCode}`);
    const pong = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
      socket.setTimeout(500, () => socket.destroy());
      socket.once('data', (data) => {
        socket.destroy();
        resolve(String(data).startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('close', () => resolve(false));
    });
    if (pong) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('redis-server did not become ready');
}

let redis: ChildProcess;
let app: RunningExample;

before(async () => {
  const port = await freePort();
  redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  await new Promise<void>((resolve, reject) => {
    redis.once('error', (err) =>
      reject(new Error(`cannot start redis-server (is it installed?): ${err.message}`)),
    );
    redis.once('spawn', resolve);
  });
  await waitForRedis(port, redis);
  app = await startExample('cluster', { REDIS_URL: `redis://127.0.0.1:${port}`, WORKERS: '2' });
});

after(async () => {
  await app?.stop();
  if (redis && redis.exitCode === null) {
    const exited = new Promise((resolve) => redis.once('exit', resolve));
    redis.kill();
    await exited;
  }
});

function cookieOf(res: TestResponse): string {
  const set = res.headers['set-cookie'];
  assert.ok(set, 'a session cookie is set');
  return set[0].split(';')[0];
}

/** Sends requests (each on a new connection) until one is answered by a worker other than `pid`. */
async function fromOtherWorker(pid: string, options: Parameters<typeof send>[1]): Promise<TestResponse> {
  for (let i = 0; i < 50; i++) {
    const res = await send(app.port, options);
    if (res.headers['x-worker'] !== pid) return res;
  }
  throw new Error(`every request was answered by worker ${pid}`);
}

test('cluster: two worker processes answer on one port', async () => {
  const workers = new Set<string>();
  for (let i = 0; i < 20 && workers.size < 2; i++) {
    const res = await send(app.port, { path: '/health' });
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body), { worker: Number(res.headers['x-worker']), redis: true });
    workers.add(String(res.headers['x-worker']));
  }
  assert.equal(workers.size, 2);
  assert.ok(!workers.has(String(app.child.pid)), 'the primary does not serve requests');
});

test('cluster: a session written through one worker is read through the other', async () => {
  const write = await send(app.port, {
    method: 'PUT',
    path: '/session/name',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Tobi' }),
  });
  assert.equal(write.status, 200);
  const writer = String(write.headers['x-worker']);
  const cookie = cookieOf(write);

  const read = await fromOtherWorker(writer, { path: '/session', headers: { cookie } });
  assert.notEqual(read.headers['x-worker'], writer);
  assert.deepEqual(JSON.parse(read.body), {
    worker: Number(read.headers['x-worker']),
    name: 'Tobi',
    views: 0,
  });

  // Updates keep flowing both ways: count views on whichever worker answers.
  let views = 0;
  const seen = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const res = await send(app.port, { path: '/', headers: { cookie } });
    seen.add(String(res.headers['x-worker']));
    views = JSON.parse(res.body).views;
  }
  assert.equal(views, 6);
  assert.equal(seen.size, 2);
});

test('cluster: a forged session cookie gets no session; bad input is a 400', async () => {
  const forged = await send(app.port, {
    path: '/session',
    headers: { cookie: 'connect.sid=s%3Aforged.sig' },
  });
  assert.deepEqual(JSON.parse(forged.body).name, null);
  const bad = await send(app.port, {
    method: 'PUT',
    path: '/session/name',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: '' }),
  });
  assert.equal(bad.status, 400);
});

test('cluster: the same content gets the same ETag from every worker', async () => {
  const first = await send(app.port, { path: '/catalog' });
  const other = await fromOtherWorker(String(first.headers['x-worker']), { path: '/catalog' });
  assert.equal(other.headers.etag, first.headers.etag);
  const cached = await fromOtherWorker(String(first.headers['x-worker']), {
    path: '/catalog',
    headers: { 'if-none-match': String(first.headers.etag) },
  });
  assert.equal(cached.status, 304);
});
