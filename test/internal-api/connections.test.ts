// GET /internal/connections/:installationId and what every internal API call shares:
// resource-server authentication, JSON errors, no-store, 404/405 for unknown paths and methods.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { deleteConnection } from '../../src/connections/connection-service.ts';
import { createWorld, shareMainWrite, type World } from '../helpers/flow.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { basicAuth, callInternal, connect, type Answer } from './internal-api-client.ts';

let t: TestServer;
let world: World;
let installationId: string;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
  ({ installationId } = await connect(t, world, shareMainWrite(world)));
});
after(() => t?.close());

function assertJsonError(answer: Answer, status: number, error: string): void {
  assert.equal(answer.status, status, JSON.stringify(answer.json));
  assert.deepEqual(Object.keys(answer.json).sort(), ['error', 'error_description']);
  assert.equal(answer.json.error, error);
  assert.equal(typeof answer.json.error_description, 'string');
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(answer.headers.get('cache-control'), 'no-store');
}

test('answers exactly the GET /user body (spec 2.1), uncacheable', async () => {
  const answer = await callInternal(t, world, `/internal/connections/${installationId}`);
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get('cache-control'), 'no-store');
  assert.deepEqual(answer.json, {
    userId: world.userId,
    installationId,
    state: 'active',
    permissions: [
      { action: 'read', resourceType: 'portfolio', resourceId: world.portfolios.main },
      { action: 'write', resourceType: 'portfolio', resourceId: world.portfolios.main },
    ],
  });
});

test('401 without valid resource-server credentials, before anything else', async () => {
  const path = `/internal/connections/${installationId}`;
  const attempts: Answer[] = [
    await callInternal(t, world, path, { credentials: null }),
    await callInternal(t, world, path, { credentials: { ...world.resourceServer, secret: `${world.resourceServer.secret}x` } }),
    await callInternal(t, world, path, { credentials: { ...world.resourceServer, secret: '' } }),
    await callInternal(t, world, path, { credentials: { clientId: 'rs_unknown', secret: world.resourceServer.secret } }),
    await callInternal(t, world, path, { credentials: world.confidential }),
    await callInternal(t, world, path, { credentials: null, headers: { authorization: 'Basic not base64!' } }),
    await callInternal(t, world, path, { credentials: null, headers: { authorization: `Bearer ${world.resourceServer.secret}` } }),
    await callInternal(t, world, '/internal/connections/ins_unknown', { credentials: null }),
    await callInternal(t, world, '/internal/no-such-endpoint', { credentials: null }),
  ];
  for (const answer of attempts) {
    assertJsonError(answer, 401, 'invalid_client');
    assert.match(answer.headers.get('www-authenticate') ?? '', /^Basic /);
  }
});

test('credentials are read form-urlencoded inside Basic (RFC 6749 2.3.1)', async () => {
  const raw = `Basic ${Buffer.from(`${world.resourceServer.clientId}:${world.resourceServer.secret}`).toString('base64')}`;
  const encoded = basicAuth(world.resourceServer);
  for (const authorization of [raw, encoded]) {
    const answer = await callInternal(t, world, `/internal/connections/${installationId}`, { credentials: null, headers: { authorization } });
    assert.equal(answer.status, 200);
  }
});

test('404 not_found for an installation that does not exist, whatever the id looks like', async () => {
  for (const id of ['ins_00000000000000000000000000000000', 'a%00b', 'x'.repeat(300), '%E2%82']) {
    assertJsonError(await callInternal(t, world, `/internal/connections/${id}`), 404, 'not_found');
  }
});

test('a deleted installation still answers, state deleted and no permissions (spec 3)', async () => {
  const other = await createWorld(t);
  const connected = await connect(t, other, shareMainWrite(other));
  assert.equal(await deleteConnection(t.db.pool, t.feed, { userId: other.userId, installationId: connected.installationId }), true);
  const answer = await callInternal(t, other, `/internal/connections/${connected.installationId}`);
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.json, { userId: other.userId, installationId: connected.installationId, state: 'deleted', permissions: [] });
});

test('unknown paths and methods answer JSON, never a page', async () => {
  const wrongMethod = await callInternal(t, world, `/internal/connections/${installationId}`, { method: 'DELETE' });
  assertJsonError(wrongMethod, 405, 'method_not_allowed');
  assert.equal(wrongMethod.headers.get('allow'), 'GET, HEAD');
  const getGrants = await callInternal(t, world, `/internal/connections/${installationId}/portfolios`);
  assertJsonError(getGrants, 405, 'method_not_allowed');
  assert.equal(getGrants.headers.get('allow'), 'POST');
  assertJsonError(await callInternal(t, world, '/internal/users/usr_1'), 404, 'not_found');
});
