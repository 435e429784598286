// A webapp app on node:cluster: WORKERS processes (default 2) share one port, and sessions live
// in Redis so a visitor can land on any worker. Run Redis, then `node examples/cluster`:
//   REDIS_URL=redis://127.0.0.1:6379 node examples/cluster
const cluster = require('node:cluster');
const crypto = require('node:crypto');

const WORKERS = Number(process.env.WORKERS ?? 2);

if (cluster.isPrimary) {
  // One secret for all workers: a cookie signed by one must verify on the others.
  const secret = process.env.SESSION_SECRET || crypto.randomBytes(32).toString('hex');
  let stopping = false;
  let listening = 0;

  const fork = () => cluster.fork({ SESSION_SECRET: secret });
  for (let i = 0; i < WORKERS; i++) fork();

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
} else {
  const { createClient } = require('redis');
  const { createApp } = require('./app');

  const redis = createClient({
    url: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    socket: { reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2000) },
  });
  redis.on('error', (err) => console.error(`worker ${process.pid}: redis: ${err.message}`));

  redis.connect().then(() => {
    const server = createApp({ redis, secret: process.env.SESSION_SECRET }).listen(
      Number(process.env.PORT ?? 3000),
    );
    // The primary asks workers to stop by disconnecting them: finish requests, then close Redis.
    process.on('disconnect', () => {
      server.close(() => redis.quit().finally(() => process.exit(0)));
      server.closeIdleConnections();
    });
  });
}
