// A fresh, migrated database per test file: a new database on the PostgreSQL server named by
// DATABASE_URL when it is set, otherwise an embedded PGlite in a temporary directory.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/pool.ts';
import { migrate } from '../../src/db/migrate.ts';

export interface TestDatabase extends Database {
  /** What the server and CLI under test get: DATABASE_URL, or DATA_DIR for the embedded mode. */
  readonly env: { DATABASE_URL?: string; DATA_DIR?: string };
}

export async function openTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const migrated = options.migrated ?? true;
  return serverUrl ? openServerDatabase(serverUrl, migrated) : openEmbeddedTestDatabase(migrated);
}

async function openServerDatabase(serverUrl: string, migrated: boolean): Promise<TestDatabase> {
  const name = `connect_auth_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  if (migrated) await migrate(db.pool);
  return {
    ...db,
    env: { DATABASE_URL: url.toString() },
    async close() {
      await db.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function openEmbeddedTestDatabase(migrated: boolean): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'connect-auth-test-'));
  const db = await openDatabase({ databaseUrl: undefined, dataDir });
  if (migrated) await migrate(db.pool);
  return {
    ...db,
    env: { DATA_DIR: dataDir },
    async close() {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
