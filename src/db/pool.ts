// One pg Pool per process, for an external PostgreSQL or the embedded PGlite socket.
import pg from 'pg';
import type { Config } from '../config.ts';
import { openEmbeddedDatabase } from './embedded.ts';

export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export interface Database {
  readonly pool: pg.Pool;
  readonly embedded: boolean;
  close(): Promise<void>;
}

const EXTERNAL_POOL_SIZE = 20;
// One connection: pglite-socket 0.2's multiplexer can mix up the messages of concurrent
// connections (electric-sql/pglite#1046: wrong rows, "portal does not exist", hangs), and
// PGlite runs one query at a time anyway, so nothing is lost by queueing in the pool. This
// is the development default; production runs on PostgreSQL with a real pool.
const EMBEDDED_POOL_SIZE = 1;

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: EXTERNAL_POOL_SIZE });
    pool.on('error', logIdleClientError);
    return { pool, embedded: false, close: () => pool.end() };
  }
  const embedded = await openEmbeddedDatabase(config.dataDir);
  const pool = new pg.Pool({ connectionString: embedded.url, max: EMBEDDED_POOL_SIZE });
  pool.on('error', logIdleClientError);
  return {
    pool,
    embedded: true,
    async close() {
      await pool.end();
      await embedded.stop();
    },
  };
}

// An idle client can lose its connection (database restart); pg emits that on the pool.
function logIdleClientError(error: Error): void {
  console.error('database: idle connection failed:', error.message);
}
