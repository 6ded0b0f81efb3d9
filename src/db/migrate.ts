// Applies migrations/NNN_*.sql in order, each in its own transaction, recording each in
// schema_migrations. Safe when several processes start at once (nodes, or the server and
// `connect-auth migrate`): each transaction takes a transaction-level advisory lock and then
// checks whether its file is applied. A transaction-level lock (not a session one) because
// the embedded PGlite multiplexes every connection onto one session, where session locks
// would not exclude each other; there transactions are serialised instead.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { inTransaction } from './transaction.ts';

const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url).pathname;
const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/;
/** Arbitrary constant shared by every process of this application. */
const MIGRATION_LOCK_KEY = 0x636f6e6e; // "conn"

export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((file) => MIGRATION_FILE.test(file)).sort();
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(join(dir, file), 'utf8');
    if (await applyOnce(pool, file, sql)) applied.push(file);
  }
  return applied;
}

async function applyOnce(pool: pg.Pool, name: string, sql: string): Promise<boolean> {
  try {
    return await inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await client.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (done.rows.length > 0) return false;
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
  } catch (error) {
    throw new Error(`migration ${name} failed: ${(error as Error).message}`, { cause: error });
  }
}
