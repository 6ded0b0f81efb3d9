// The 30-day purge over a real server: a connection made through the whole flow, deleted by
// the user, stays as `deleted` until 30 days have passed, then disappears with every row and
// token of it; live connections are never touched; an interrupted purge is completed later.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import type { Adapter } from 'oidc-provider';
import { deleteConnection } from '../../src/connections/connection-service.ts';
import { purgeDeletedConnections, type PurgeDeps } from '../../src/connections/purge.ts';
import { openArtifactStorage, type ArtifactStorage } from '../../src/oidc/artifact-storage.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createWorld, introspect, type World } from '../helpers/flow.ts';
import { connect, countRows, eventually, setDeletedThirtyDaysAgo } from './purge-fixtures.ts';

let t: TestServer;
let storage: ArtifactStorage;
let deps: PurgeDeps;

before(async () => {
  t = await startTestServer();
  storage = openArtifactStorage(t.config, t.db.pool, t.feed);
  deps = { pool: t.db.pool, storage, feed: t.feed };
});
after(async () => {
  await storage?.close();
  await t?.close();
});

const insecure = { [oauth.allowInsecureRequests]: true };

function refresh(world: World, refreshToken: string): Promise<Response> {
  return oauth.refreshTokenGrantRequest(world.as, { client_id: world.clientId }, oauth.None(), refreshToken, insecure);
}

test('a connection deleted 30 days ago is purged with its tokens; a minute short of it, nothing happens', async () => {
  const world = await createWorld(t);
  const { installationId, tokens } = await connect(t, world);
  assert.equal(await deleteConnection(t.db.pool, t.feed, { userId: world.userId, installationId }), true);

  await setDeletedThirtyDaysAgo(t.db.pool, installationId, +1);
  assert.equal(await purgeDeletedConnections(deps), 0);
  assert.deepEqual(await countRows(t.db.pool, installationId), { installations: 1, permissions: 2, purgeAudits: 0 });
  // The server's connection cache learns of the deletion by notification, or within its TTL when embedded.
  await eventually('introspection reports the deletion', async () => (await introspect(world, tokens.access_token)).state === 'deleted');
  const deleted = await introspect(world, tokens.access_token);
  assert.equal(deleted.active, true);
  assert.deepEqual(deleted.permissions, []);
  assert.ok(await storage.adapterFor('RefreshToken').find(tokens.refresh_token!));

  await setDeletedThirtyDaysAgo(t.db.pool, installationId, -1);
  assert.equal(await purgeDeletedConnections(deps), 1);
  assert.deepEqual(await countRows(t.db.pool, installationId), { installations: 0, permissions: 0, purgeAudits: 1 });
  assert.deepEqual(await introspect(world, tokens.access_token), { active: false });
  assert.deepEqual(await introspect(world, tokens.refresh_token!), { active: false });
  assert.equal(await storage.adapterFor('AccessToken').find(tokens.access_token), undefined);
  assert.equal(await storage.adapterFor('RefreshToken').find(tokens.refresh_token!), undefined);
  assert.equal(await storage.adapterFor('Grant').find(installationId), undefined);
  const refused = await refresh(world, tokens.refresh_token!);
  assert.equal(refused.status, 400);
  assert.equal((await refused.json()).error, 'invalid_grant');

  const audit = await t.db.pool.query(`SELECT user_id, client_id, details FROM audit_events WHERE installation_id = $1 AND type = 'connection.purged'`, [installationId]);
  assert.equal(audit.rows[0].user_id, world.userId);
  assert.equal(audit.rows[0].client_id, world.clientId);
  assert.equal(audit.rows[0].details.olderThanDays, 30);
  assert.equal(await purgeDeletedConnections(deps), 0, 'a second run finds nothing left');
});

test('a live connection is never purged, however old', async () => {
  const world = await createWorld(t);
  const { installationId, tokens } = await connect(t, world);
  await t.db.pool.query(`UPDATE installations SET created_at = now() - interval '400 days' WHERE id = $1`, [installationId]);
  await purgeDeletedConnections(deps, { olderThanDays: 'all' });
  await purgeDeletedConnections(deps, { olderThanDays: 0 });
  assert.deepEqual(await countRows(t.db.pool, installationId), { installations: 1, permissions: 2, purgeAudits: 0 });
  const info = await introspect(world, tokens.access_token);
  assert.equal(info.active, true);
  assert.equal(info.state, 'active');
  assert.equal((await refresh(world, tokens.refresh_token!)).status, 200);
});

test("'all' purges a deletion made a moment ago (an erasure request)", async () => {
  const world = await createWorld(t);
  const { installationId, tokens } = await connect(t, world);
  await deleteConnection(t.db.pool, t.feed, { userId: world.userId, installationId });
  assert.equal(await purgeDeletedConnections(deps), 0);
  assert.equal(await purgeDeletedConnections(deps, { olderThanDays: 'all' }), 1);
  assert.deepEqual(await countRows(t.db.pool, installationId), { installations: 0, permissions: 0, purgeAudits: 1 });
  assert.deepEqual(await introspect(world, tokens.access_token), { active: false });
});

test('a purge that fails after removing the tokens leaves the connection due, and the next run completes it', async () => {
  const world = await createWorld(t);
  const { installationId, tokens } = await connect(t, world);
  await deleteConnection(t.db.pool, t.feed, { userId: world.userId, installationId });
  const failingGrants: Adapter = { ...storage.adapterFor('Grant'), destroy: async () => { throw new Error('storage went away'); } };
  const broken = { adapterFor: (name: string) => (name === 'Grant' ? failingGrants : storage.adapterFor(name)) };

  await assert.rejects(purgeDeletedConnections({ ...deps, storage: broken }, { olderThanDays: 'all' }), /storage went away/);
  assert.equal(await storage.adapterFor('AccessToken').find(tokens.access_token), undefined);
  assert.deepEqual(await countRows(t.db.pool, installationId), { installations: 1, permissions: 2, purgeAudits: 0 });

  assert.equal(await purgeDeletedConnections(deps, { olderThanDays: 'all' }), 1);
  assert.deepEqual(await countRows(t.db.pool, installationId), { installations: 0, permissions: 0, purgeAudits: 1 });
  assert.equal(await storage.adapterFor('Grant').find(installationId), undefined);
});
