// `connect-auth purge [--now]` as operators run it, beside a running server: the 30-day rule,
// the erasure request that cannot wait, and the audit trail it leaves.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { deleteConnection } from '../../src/connections/connection-service.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createWorld, introspect } from '../helpers/flow.ts';
import { cliWith, type Cli } from '../cli/run-cli.ts';
import { connect, countRows, setDeletedThirtyDaysAgo } from './purge-fixtures.ts';

let t: TestServer;
let cli: Cli;

before(async () => {
  t = await startTestServer();
  // The CLI must reach the server's artifacts: the same database, and Redis under the same prefix.
  const redis = t.config.redisUrl ? { REDIS_URL: t.config.redisUrl, REDIS_KEY_PREFIX: t.config.redisKeyPrefix } : {};
  cli = cliWith({ ...process.env, ...t.db.env, ...redis });
});
after(() => t?.close());

test('purge removes connections deleted 30 days ago; --now every deleted one, with its tokens', async () => {
  const world = await createWorld(t);
  const old = await connect(t, world);
  await deleteConnection(t.db.pool, t.feed, { userId: world.userId, installationId: old.installationId });
  await setDeletedThirtyDaysAgo(t.db.pool, old.installationId, -1);
  const fresh = await connect(t, world);
  await deleteConnection(t.db.pool, t.feed, { userId: world.userId, installationId: fresh.installationId });

  assert.deepEqual(await cli.json(['purge']), { purged: 1 });
  assert.equal((await countRows(t.db.pool, old.installationId)).installations, 0);
  assert.deepEqual(await introspect(world, old.tokens.access_token), { active: false });
  assert.equal((await countRows(t.db.pool, fresh.installationId)).installations, 1, 'deleted a moment ago: kept');
  assert.equal((await introspect(world, fresh.tokens.access_token)).active, true);

  assert.deepEqual(await cli.json(['purge', '--now']), { purged: 1 });
  assert.deepEqual(await countRows(t.db.pool, fresh.installationId), { installations: 0, permissions: 0, purgeAudits: 1 });
  assert.deepEqual(await introspect(world, fresh.tokens.access_token), { active: false });

  const audit = await cli.json(['audit', '--user', world.email, '--limit', '2']);
  assert.deepEqual(audit.map((event: { type: string; installation_id: string }) => [event.type, event.installation_id]), [
    ['connection.purged', fresh.installationId],
    ['connection.purged', old.installationId],
  ]);
  assert.deepEqual(audit[0].details, { deletedAt: audit[0].details.deletedAt, olderThanDays: 'all' });
});

test('purge prints the count for people, and refuses arguments it does not take', async () => {
  const human = await cli.run(['purge']);
  assert.equal(human.status, 0, human.stderr);
  assert.equal(human.stdout, 'purged 0 connection(s) deleted 30+ days ago\n');
  const now = await cli.run(['purge', '--now']);
  assert.equal(now.stdout, 'purged 0 connection(s) deleted\n');
  await cli.fail(['purge', 'ins_123'], 2, 'usage');
  await cli.fail(['purge', '--days', '3'], 2, 'usage');
});
