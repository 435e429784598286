import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { withoutCoverage } from '../support/child-env';
import { send, type TestResponse } from '../support/http';
import { freePort, type RunningPostgres, startPostgres } from './postgres';
import { type RunningExample, startExample } from './run-example';

let postgres: RunningPostgres | undefined;
let app: RunningExample | undefined;

before(async () => {
  postgres = await startPostgres();
  app = await startExample('cluster', { DATABASE_URL: postgres.url, WORKERS: '2' });
});

after(async () => {
  await app?.stop();
  await postgres?.stop();
});

function port(): number {
  assert.ok(app, 'the example is running');
  return app.port;
}

function cookieOf(res: TestResponse): string {
  const set = res.headers['set-cookie'];
  assert.ok(set, 'a session cookie is set');
  return set[0].split(';')[0];
}

/** Sends requests (each on a new connection) until one is answered by a worker other than `pid`. */
async function fromOtherWorker(pid: string, options: Parameters<typeof send>[1]): Promise<TestResponse> {
  for (let i = 0; i < 50; i++) {
    const res = await send(port(), options);
    if (res.headers['x-worker'] !== pid) return res;
  }
  throw new Error(`every request was answered by worker ${pid}`);
}

test('cluster: two worker processes answer on one port', async () => {
  const workers = new Set<string>();
  for (let i = 0; i < 20 && workers.size < 2; i++) {
    const res = await send(port(), { path: '/health' });
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body), { worker: Number(res.headers['x-worker']), database: true });
    workers.add(String(res.headers['x-worker']));
  }
  assert.equal(workers.size, 2);
  assert.ok(!workers.has(String(app?.child.pid)), 'the primary does not serve requests');
});

test('cluster: a session written through one worker is read through the other', async () => {
  const write = await send(port(), {
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
    const res = await send(port(), { path: '/', headers: { cookie } });
    seen.add(String(res.headers['x-worker']));
    views = JSON.parse(res.body).views;
  }
  assert.equal(views, 6);
  assert.equal(seen.size, 2);
});

test('cluster: a forged session cookie gets no session; bad input is a 400', async () => {
  const forged = await send(port(), {
    path: '/session',
    headers: { cookie: 'connect.sid=s%3Aforged.sig' },
  });
  assert.deepEqual(JSON.parse(forged.body).name, null);
  const bad = await send(port(), {
    method: 'PUT',
    path: '/session/name',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: '' }),
  });
  assert.equal(bad.status, 400);
});

test('cluster: the same content gets the same ETag from every worker', async () => {
  const first = await send(port(), { path: '/catalog' });
  const other = await fromOtherWorker(String(first.headers['x-worker']), { path: '/catalog' });
  assert.equal(other.headers.etag, first.headers.etag);
  const cached = await fromOtherWorker(String(first.headers['x-worker']), {
    path: '/catalog',
    headers: { 'if-none-match': String(first.headers.etag) },
  });
  assert.equal(cached.status, 304);
});

test('cluster: the session is a row in the PostgreSQL session table, not in a worker', async () => {
  const { Client } = await import('pg');
  const write = await send(port(), {
    method: 'PUT',
    path: '/session/name',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Loki' }),
  });
  assert.equal(write.status, 200);
  // connect.sid=s%3A<sid>.<signature>
  const sid = decodeURIComponent(cookieOf(write).split('=')[1]).slice(2).split('.')[0];
  assert.ok(postgres);
  const client = new Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT sess FROM session WHERE sid = $1', [sid]);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].sess.name, 'Loki');
  } finally {
    await client.end();
  }
});

test('cluster: without a database, it says what it needs and how to get one', async () => {
  const closed = await freePort();
  const root = resolve(__dirname, '..', '..', '..');
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [resolve(root, 'examples', 'cluster')],
      {
        cwd: root,
        env: withoutCoverage({
          ...process.env,
          PORT: '0',
          DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/app`,
        }),
        timeout: 30_000,
      },
      (err, _stdout, stderr) =>
        done({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stderr }),
    );
  });
  assert.equal(code, 1, stderr);
  assert.match(stderr, new RegExp(`no PostgreSQL answers at 127\\.0\\.0\\.1:${closed} \\(ECONNREFUSED\\)`));
  assert.match(stderr, /DATABASE_URL/);
  assert.match(stderr, /node examples\/cluster\/local-postgres\.js/);
});
