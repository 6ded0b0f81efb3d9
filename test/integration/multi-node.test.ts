// Two server nodes over one PostgreSQL and one Redis, as in production: a revocation on one
// node is seen at once by the other (the tokens are gone from shared storage), and a consent
// change too (the other node's connection cache is invalidated through the change feed:
// this test fails when the feed does not listen). Embedded mode serves one node only.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { loadConfig } from '../../src/config.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { authorizationRequest, authorize, createWorld, exchangeCode, introspect, discover, shareMainWrite, type World } from '../helpers/flow.ts';

const skip = process.env.DATABASE_URL ? false : 'DATABASE_URL not set: several nodes need an external PostgreSQL (embedded mode is one node)';

let nodeA: TestServer;
let nodeB: RunningServer;
let world: World;
let worldOnB: World;

before(async () => {
  if (skip) return;
  nodeA = await startTestServer();
  world = await createWorld(nodeA);
  // Node B: same issuer, database and Redis prefix, another port (as behind a load balancer).
  nodeB = await startServer(loadConfig({
    DATABASE_URL: nodeA.config.databaseUrl,
    ...(nodeA.config.redisUrl ? { REDIS_URL: nodeA.config.redisUrl, REDIS_KEY_PREFIX: nodeA.config.redisKeyPrefix } : {}),
    ISSUER: nodeA.config.issuer,
    API_RESOURCE: nodeA.config.apiResource,
    PORT: '0',
    SEED_DEMO: 'false',
  }));
  const as = await discover(nodeA.url);
  worldOnB = { ...world, as: { ...as, introspection_endpoint: `${nodeB.url}/oauth2/introspect` } };
});
after(async () => {
  await nodeB?.close();
  await nodeA?.close();
});

test('a grant revoked on one node is inactive on the other at once', { skip }, async () => {
  const request = await authorizationRequest(nodeA, world.clientId);
  const tokens = await exchangeCode(world, (await authorize(nodeA, world, request, shareMainWrite(world))).url, request);
  assert.equal((await introspect(worldOnB, tokens.access_token)).active, true, 'node B caches the grant');
  const client = { client_id: world.clientId };
  await oauth.processRevocationResponse(
    await oauth.revocationRequest(world.as, client, oauth.None(), tokens.refresh_token!, { [oauth.allowInsecureRequests]: true }));
  await waitForNotifications();
  assert.deepEqual(await introspect(worldOnB, tokens.access_token), { active: false });
});

test('a consent change on one node shows in introspection on the other at once', { skip }, async () => {
  const first = await authorizationRequest(nodeA, world.clientId, { prompt: 'consent' });
  const tokens = await exchangeCode(world, (await authorize(nodeA, world, first, shareMainWrite(world))).url, first);
  assert.equal(((await introspect(worldOnB, tokens.access_token)).permissions as unknown[]).length, 2);
  const second = await authorizationRequest(nodeA, world.clientId, { prompt: 'consent' });
  await authorize(nodeA, world, second, { decision: 'approve', share: [world.portfolios.side] });
  await waitForNotifications();
  assert.deepEqual((await introspect(worldOnB, tokens.access_token)).permissions,
    [{ action: 'read', resourceType: 'portfolio', resourceId: world.portfolios.side }]);
});

/** NOTIFY is delivered asynchronously after commit; a few milliseconds on loopback. */
function waitForNotifications(): Promise<void> {
  return new Promise((done) => setTimeout(done, 100));
}
