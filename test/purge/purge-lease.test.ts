// One node at a time runs the scheduled purge (the lease), and purges that run at once anyway
// (the CLI beside a server) neither fail nor purge anything twice. No server here: connections
// and their tokens are written directly, so nothing else touches the lease meanwhile. On the
// embedded database the one-connection pool serialises the racers' queries, so there the
// races are interleavings of whole statements; PostgreSQL runs them truly at once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { addUser } from '../../src/accounts/user-service.ts';
import { registerIntegration } from '../../src/clients/client-registry.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { approveConnection, deleteConnection } from '../../src/connections/connection-service.ts';
import { purgeDeletedConnections, type PurgeDeps } from '../../src/connections/purge.ts';
import { releasePurgeLease, runScheduledPurge, startPurgeSchedule, takePurgeLease } from '../../src/connections/purge-schedule.ts';
import { ChangeFeed } from '../../src/db/change-feed.ts';
import { openArtifactStorage, type ArtifactStorage } from '../../src/oidc/artifact-storage.ts';
import { addPortfolio } from '../../src/portfolios/portfolio-service.ts';
import { openTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { countRows, eventually, setDeletedThirtyDaysAgo } from './purge-fixtures.ts';

const HOUR_SECONDS = 3600;
const CONCURRENT_CONNECTIONS = 5;
const EXPIRED_LEASE_TTL_MS = 1;
const RACERS = 10;

let db: TestDatabase;
let config: Config;
let storage: ArtifactStorage;
let deps: PurgeDeps;

before(async () => {
  db = await openTestDatabase();
  const redis = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `connect-auth-test:${randomBytes(4).toString('hex')}:` } : {};
  config = loadConfig({ ...db.env, ...redis });
  const feed = new ChangeFeed();
  storage = openArtifactStorage(config, db.pool, feed);
  deps = { pool: db.pool, storage, feed };
});
after(async () => {
  await storage?.close();
  await db?.close();
  if (config?.redisUrl) await deleteKeys(config.redisUrl, config.redisKeyPrefix);
});

async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
}

/** A deleted connection with an access token and its Grant in storage, as the flow leaves them. */
async function deletedConnection(): Promise<{ installationId: string; accessToken: string }> {
  const email = `purge-${randomUUID()}@example.com`;
  const { id: userId } = await addUser(db.pool, { email, password: 'correct horse battery staple', name: 'Purged' });
  const { id: portfolioId } = await addPortfolio(db.pool, { userEmail: email, name: 'Main', currency: 'EUR' });
  const { client_id: clientId } = await registerIntegration(db.pool, deps.feed, { name: 'App', redirectUris: ['https://app.example.com/cb'], confidential: false });
  const scopes = ['portfolio:read', 'portfolio:write'];
  const installationId = await approveConnection(db.pool, deps.feed, { userId, clientId, choices: [{ portfolioId, action: 'write' }], scopes, requestedScopes: scopes });
  const accessToken = randomUUID();
  await storage.adapterFor('Grant').upsert(installationId, { jti: installationId, kind: 'Grant', accountId: userId, clientId }, HOUR_SECONDS);
  await storage.adapterFor('AccessToken').upsert(accessToken, { jti: accessToken, kind: 'AccessToken', grantId: installationId, accountId: userId, clientId }, HOUR_SECONDS);
  await deleteConnection(db.pool, deps.feed, { userId, installationId });
  return { installationId, accessToken };
}

async function leaseRows(): Promise<number> {
  return (await db.pool.query('SELECT count(*)::int AS n FROM job_leases')).rows[0].n;
}

test('the purge lease has one holder at a time, and is taken over once expired', async () => {
  assert.equal(await takePurgeLease(db.pool, 'node-a'), true);
  assert.equal(await takePurgeLease(db.pool, 'node-a'), true, 'the holder extends its lease');
  assert.equal(await takePurgeLease(db.pool, 'node-b'), false);
  await releasePurgeLease(db.pool, 'node-b');
  assert.equal(await takePurgeLease(db.pool, 'node-b'), false, "a non-holder cannot release another's lease");
  await releasePurgeLease(db.pool, 'node-a');
  assert.equal(await takePurgeLease(db.pool, 'node-b', EXPIRED_LEASE_TTL_MS), true, 'a released lease is free');

  await sleep(50);
  assert.equal(await takePurgeLease(db.pool, 'node-c'), true, 'an expired lease (its node died) is taken over');
  assert.equal(await takePurgeLease(db.pool, 'node-b'), false, 'the old holder lost it');
  await releasePurgeLease(db.pool, 'node-c');
  assert.equal(await leaseRows(), 0);
});

test('of nodes racing for the purge lease, exactly one gets it', async () => {
  const holders = Array.from({ length: RACERS }, (_, i) => `racer-${i}`);
  const taken = await Promise.all(holders.map((holder) => takePurgeLease(db.pool, holder)));
  assert.equal(taken.filter(Boolean).length, 1);
  await releasePurgeLease(db.pool, holders[taken.indexOf(true)]!);
});

test('a scheduled run skips while another node holds the lease, and runs once it is free', async () => {
  const { installationId } = await deletedConnection();
  await setDeletedThirtyDaysAgo(db.pool, installationId, -1);
  assert.equal(await takePurgeLease(db.pool, 'other-node'), true);
  assert.equal(await runScheduledPurge(deps), undefined);
  assert.equal((await countRows(db.pool, installationId)).installations, 1);

  await releasePurgeLease(db.pool, 'other-node');
  assert.equal(await runScheduledPurge(deps), 1);
  assert.deepEqual(await countRows(db.pool, installationId), { installations: 0, permissions: 0, purgeAudits: 1 });
  assert.equal(await leaseRows(), 0, 'the run released its lease');
});

test('purges running at once do not fail and purge each connection exactly once', async () => {
  const connections = [];
  for (let i = 0; i < CONCURRENT_CONNECTIONS; i += 1) connections.push(await deletedConnection());
  const counts = await Promise.all([
    purgeDeletedConnections(deps, { olderThanDays: 'all', batchSize: 2 }),
    purgeDeletedConnections(deps, { olderThanDays: 'all', batchSize: 3 }),
    purgeDeletedConnections(deps, { olderThanDays: 'all' }),
  ]);
  assert.equal(counts.reduce((sum, count) => sum + count, 0), CONCURRENT_CONNECTIONS);
  for (const { installationId, accessToken } of connections) {
    assert.deepEqual(await countRows(db.pool, installationId), { installations: 0, permissions: 0, purgeAudits: 1 });
    assert.equal(await storage.adapterFor('AccessToken').find(accessToken), undefined);
    assert.equal(await storage.adapterFor('Grant').find(installationId), undefined);
  }
});

test('the schedule runs in the background and stops when asked', async () => {
  const { installationId, accessToken } = await deletedConnection();
  await setDeletedThirtyDaysAgo(db.pool, installationId, -1);
  const schedule = startPurgeSchedule(deps, { firstRunDelayMs: 0 });
  try {
    await eventually('the scheduled purge', async () => (await countRows(db.pool, installationId)).installations === 0);
  } finally {
    await schedule.stop();
  }
  assert.equal(await storage.adapterFor('AccessToken').find(accessToken), undefined);
  assert.equal(await leaseRows(), 0);
});

test('an age that is not a whole number of days is refused', async () => {
  await assert.rejects(purgeDeletedConnections(deps, { olderThanDays: -1 }), RangeError);
  await assert.rejects(purgeDeletedConnections(deps, { olderThanDays: 1.5 }), RangeError);
});
