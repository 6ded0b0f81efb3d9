// POST /internal/connections/:installationId/portfolios: an integration that created a
// portfolio through the API gets read and write on it, at once and idempotently, and only
// where the user allowed portfolio:write; every bad input is a JSON 4xx.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { deleteConnection } from '../../src/connections/connection-service.ts';
import { addPortfolio } from '../../src/portfolios/portfolio-service.ts';
import { createWorld, introspect, shareMainWrite, type World } from '../helpers/flow.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { callInternal, connect, grantPortfolio, type Answer, type Connected } from './internal-api-client.ts';

const MAX_BODY_BYTES = 16 * 1024;

let t: TestServer;
let world: World;
let connected: Connected;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
  connected = await connect(t, world, shareMainWrite(world));
});
after(() => t?.close());

function assertError(answer: Answer, status: number, error: string): void {
  assert.equal(answer.status, status, JSON.stringify(answer.json));
  assert.deepEqual(Object.keys(answer.json).sort(), ['error', 'error_description']);
  assert.equal(answer.json.error, error);
  assert.equal(answer.headers.get('cache-control'), 'no-store');
}

const newPortfolio = async (owner: World, name = 'Created by the integration') =>
  (await addPortfolio(t.db.pool, { userEmail: owner.email, name, currency: 'EUR' })).id;

const readWrite = (portfolioId: string) => [
  { action: 'read', resourceType: 'portfolio', resourceId: portfolioId },
  { action: 'write', resourceType: 'portfolio', resourceId: portfolioId },
];

test('grants read and write on the new portfolio; tokens issued before see it at once', async () => {
  const created = await newPortfolio(world);
  const before = await introspect(world, connected.accessToken);
  assert.deepEqual(before.permissions, readWrite(world.portfolios.main), 'cached by the introspection path');

  const answer = await grantPortfolio(t, world, connected.installationId, { portfolioId: created });
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get('cache-control'), 'no-store');
  const permissions = [...readWrite(world.portfolios.main), ...readWrite(created)]
    .sort((a, b) => a.resourceId.localeCompare(b.resourceId) || a.action.localeCompare(b.action));
  assert.deepEqual(answer.json, { userId: world.userId, installationId: connected.installationId, state: 'active', permissions });
  assert.deepEqual((await introspect(world, connected.accessToken)).permissions, permissions);
  assert.deepEqual((await callInternal(t, world, `/internal/connections/${connected.installationId}`)).json, answer.json);
});

test('idempotent: granting again answers the same and records one audit event', async () => {
  const created = await newPortfolio(world);
  const first = await grantPortfolio(t, world, connected.installationId, { portfolioId: created });
  const second = await grantPortfolio(t, world, connected.installationId, { portfolioId: created, note: 'extra fields are ignored' });
  assert.equal(first.status, 200);
  assert.equal(second.status, 200);
  assert.deepEqual(second.json, first.json);
  const { rows } = await t.db.pool.query(
    "SELECT user_id, client_id, details FROM audit_events WHERE type = 'permission.added' AND installation_id = $1 AND details->>'portfolioId' = $2",
    [connected.installationId, created],
  );
  assert.deepEqual(rows, [{
    user_id: world.userId,
    client_id: world.clientId,
    details: { portfolioId: created, actions: ['read', 'write'], resourceServerId: world.resourceServer.clientId },
  }]);
});

test('concurrent grants of one portfolio all succeed and record it once', async () => {
  const created = await newPortfolio(world);
  const answers = await Promise.all(Array.from({ length: 10 }, () => grantPortfolio(t, world, connected.installationId, { portfolioId: created })));
  assert.deepEqual(answers.map((a) => a.status), Array(10).fill(200));
  const { rows } = await t.db.pool.query(
    "SELECT count(*)::int AS n FROM audit_events WHERE type = 'permission.added' AND details->>'portfolioId' = $1", [created]);
  assert.equal(rows[0].n, 1);
});

test('an installation allowed only to create portfolios gets read and write on what it creates', async () => {
  const creator = await createWorld(t);
  const onlyCreate = await connect(t, creator, { decision: 'approve', create: 'yes' });
  const created = await newPortfolio(creator);
  const answer = await grantPortfolio(t, creator, onlyCreate.installationId, { portfolioId: created });
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.json.permissions, readWrite(created));
});

test('403 insufficient_scope when the user granted only portfolio:read', async () => {
  const reader = await createWorld(t);
  const readOnly = await connect(t, reader, { decision: 'approve', share: [reader.portfolios.main] });
  const answer = await grantPortfolio(t, reader, readOnly.installationId, { portfolioId: await newPortfolio(reader) });
  assertError(answer, 403, 'insufficient_scope');
  assert.deepEqual((await callInternal(t, reader, `/internal/connections/${readOnly.installationId}`)).json.permissions,
    [{ action: 'read', resourceType: 'portfolio', resourceId: reader.portfolios.main }]);
});

test('404 portfolio_not_found, the same for an unknown portfolio and another user\'s', async () => {
  const stranger = await createWorld(t);
  const unknown = await grantPortfolio(t, world, connected.installationId, { portfolioId: 'pf_00000000000000000000000000000000' });
  const foreign = await grantPortfolio(t, world, connected.installationId, { portfolioId: stranger.portfolios.main });
  assertError(unknown, 404, 'portfolio_not_found');
  assertError(foreign, 404, 'portfolio_not_found');
  assert.deepEqual(foreign.json, unknown.json);
  const after = await callInternal(t, world, `/internal/connections/${connected.installationId}`);
  assert.ok(!JSON.stringify(after.json).includes(stranger.portfolios.main));
});

test('404 not_found for an unknown installation, 410 gone for a deleted one', async () => {
  const portfolioId = await newPortfolio(world);
  assertError(await grantPortfolio(t, world, 'ins_00000000000000000000000000000000', { portfolioId }), 404, 'not_found');
  assertError(await grantPortfolio(t, world, 'ins\u0000', { portfolioId }), 404, 'not_found');

  const leaving = await createWorld(t);
  const gone = await connect(t, leaving, shareMainWrite(leaving));
  assert.equal(await deleteConnection(t.db.pool, t.feed, { userId: leaving.userId, installationId: gone.installationId }), true);
  assertError(await grantPortfolio(t, leaving, gone.installationId, { portfolioId: await newPortfolio(leaving) }), 410, 'gone');
});

test('401 before the body is looked at', async () => {
  const answer = await grantPortfolio(t, world, connected.installationId, 'not an object', { credentials: null });
  assertError(answer, 401, 'invalid_client');
  assert.match(answer.headers.get('www-authenticate') ?? '', /^Basic /);
});

test('400 invalid_request for a body that is not a JSON object with a portfolioId string', async () => {
  const path = `/internal/connections/${connected.installationId}/portfolios`;
  const json = { 'content-type': 'application/json' };
  const raw = (body: BodyInit) => callInternal(t, world, path, { method: 'POST', headers: json, body });
  for (const body of ['{"portfolioId":', '', 'null', '[]', '"pf_1"', '{}', '{"portfolioId":7}', '{"portfolioId":""}', '{"portfolioId":["a"]}']) {
    assertError(await raw(body), 400, 'invalid_request');
  }
  assertError(await raw(new Uint8Array([0x7b, 0xff, 0x7d])), 400, 'invalid_request');
  assertError(await callInternal(t, world, path, { method: 'POST' }), 400, 'invalid_request');
});

test('415 for a body that is not application/json', async () => {
  const path = `/internal/connections/${connected.installationId}/portfolios`;
  const body = JSON.stringify({ portfolioId: world.portfolios.main });
  for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
    assertError(await callInternal(t, world, path, { method: 'POST', headers: { 'content-type': type }, body }), 415, 'unsupported_media_type');
  }
});

test('413 for a body over 16 KiB, declared or streamed', async () => {
  const path = `/internal/connections/${connected.installationId}/portfolios`;
  const large = JSON.stringify({ portfolioId: world.portfolios.main, padding: 'x'.repeat(MAX_BODY_BYTES) });
  const json = { 'content-type': 'application/json' };
  assertError(await callInternal(t, world, path, { method: 'POST', headers: json, body: large }), 413, 'payload_too_large');
  const streamed = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(large));
      controller.close();
    },
  });
  assertError(await callInternal(t, world, path, { method: 'POST', headers: json, body: streamed }), 413, 'payload_too_large');
});
