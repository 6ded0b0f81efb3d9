// Applies migrations/NNN_*.sql in order, each in its own transaction, recording each in
// schema_migrations. A session advisory lock makes concurrent starts (several nodes, or the
// server and `connect-auth migrate`) apply each file exactly once.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';

const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url).pathname;
const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/;
/** Arbitrary constant shared by every process of this application. */
const MIGRATION_LOCK_KEY = 0x636f6e6e; // "conn"

export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((file) => MIGRATION_FILE.test(file)).sort();
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await client.query('SELECT name FROM schema_migrations')).rows.map((row) => row.name));
    const applied: string[] = [];
    for (const file of files.filter((name) => !done.has(name))) {
      await applyOne(client, file, await readFile(join(dir, file), 'utf8'));
      applied.push(file);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

async function applyOne(client: pg.PoolClient, name: string, sql: string): Promise<void> {
  try {
    await client.query('BEGIN');
    await client.query(sql);
    await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw new Error(`migration ${name} failed: ${(error as Error).message}`, { cause: error });
  }
}
