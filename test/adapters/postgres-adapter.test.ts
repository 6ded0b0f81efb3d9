// The Postgres artifact store: the shared adapter contract, then the expiry sweep. Runs on the
// embedded PGlite, or on the PostgreSQL server named by DATABASE_URL.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { openTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { createPostgresAdapterFactory, deleteExpiredArtifacts } from '../../src/oidc/adapters/postgres-adapter.ts';
import { describeAdapterContract } from './adapter-contract.ts';

const HOUR_SECONDS = 3600;
const PAST_ONE_SECOND_MS = 1200;

describeAdapterContract('Postgres', async () => {
  const db = await openTestDatabase();
  return { factory: createPostgresAdapterFactory(db.pool), close: () => db.close() };
});

describe('deleteExpiredArtifacts', () => {
  let db: TestDatabase;
  before(async () => {
    db = await openTestDatabase();
  });
  after(async () => {
    await db.close();
  });

  test('deletes the expired rows, keeps the live and the unbounded ones', async () => {
    const adapter = createPostgresAdapterFactory(db.pool)('AccessToken');
    const [expiring, live, unbounded] = [randomUUID(), randomUUID(), randomUUID()];
    await adapter.upsert(expiring, { jti: expiring }, 1);
    await adapter.upsert(live, { jti: live }, HOUR_SECONDS);
    await adapter.upsert(unbounded, { jti: unbounded });
    await sleep(PAST_ONE_SECOND_MS);
    assert.equal(await deleteExpiredArtifacts(db.pool), 1);
    const { rows } = await db.pool.query<{ id: string }>('SELECT id FROM oidc_artifacts ORDER BY id');
    assert.deepEqual(rows.map((row) => row.id).sort(), [live, unbounded].sort());
  });

  test('an expired consumed row re-saved under its id starts unconsumed', async () => {
    const adapter = createPostgresAdapterFactory(db.pool)('RefreshToken');
    const id = randomUUID();
    await adapter.upsert(id, { jti: id }, 1);
    await adapter.consume(id);
    await sleep(PAST_ONE_SECOND_MS);
    await adapter.upsert(id, { jti: id }, HOUR_SECONDS);
    assert.deepEqual(await adapter.find(id), { jti: id });
  });
});
