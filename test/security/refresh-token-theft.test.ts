// Attacks with refresh tokens (RFC 9700 section 4.14): a refresh token is bound to its
// client and to the scope the user granted.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { authorizationRequest, authorize, createWorld, exchangeCode, shareMainWrite, type World } from '../helpers/flow.ts';

let t: TestServer;
let world: World;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
});
after(() => t?.close());

async function tokensFor(scope = 'portfolio:read portfolio:write', consent = shareMainWrite(world)) {
  const request = await authorizationRequest(t, world.clientId, { scope, prompt: 'consent' });
  return exchangeCode(world, (await authorize(t, world, request, consent)).url, request);
}

function refresh(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${t.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ grant_type: 'refresh_token', ...fields }),
  });
}

test("attack: another client redeeming a stolen refresh token is refused", async () => {
  const tokens = await tokensFor();
  const basic = Buffer.from(`${world.confidential.clientId}:${world.confidential.secret}`).toString('base64');
  const stolen = await refresh({ refresh_token: tokens.refresh_token! }, { authorization: `Basic ${basic}` });
  assert.equal(stolen.status, 400);
  assert.equal((await stolen.json()).error, 'invalid_grant');
  const legit = await refresh({ refresh_token: tokens.refresh_token!, client_id: world.clientId });
  assert.equal(legit.status, 200, 'the theft attempt did not consume the token');
});

test('attack: a refresh asking for a wider scope than granted is invalid_scope', async () => {
  const tokens = await tokensFor('portfolio:read', { decision: 'approve', share: [world.portfolios.main] });
  const wider = await refresh({ refresh_token: tokens.refresh_token!, client_id: world.clientId, scope: 'portfolio:read portfolio:write' });
  assert.equal(wider.status, 400);
  assert.equal((await wider.json()).error, 'invalid_scope');
});

test('attack: a refresh asking for a scope the user declined is invalid_scope', async () => {
  // Asked for write, the user shared read only: write was declined.
  const tokens = await tokensFor('portfolio:read portfolio:write', { decision: 'approve', share: [world.portfolios.main], [`level:${world.portfolios.main}`]: 'read' });
  assert.equal(tokens.scope, 'portfolio:read');
  const wider = await refresh({ refresh_token: tokens.refresh_token!, client_id: world.clientId, scope: 'portfolio:write' });
  assert.equal(wider.status, 400);
  assert.equal((await wider.json()).error, 'invalid_scope');
});

test('a refresh asking for a narrower scope gets exactly that', async () => {
  const tokens = await tokensFor();
  const narrower = await refresh({ refresh_token: tokens.refresh_token!, client_id: world.clientId, scope: 'portfolio:read' });
  assert.equal(narrower.status, 200);
  assert.equal((await narrower.json()).scope, 'portfolio:read');
});

test('attack: an access token presented as a refresh token is invalid_grant', async () => {
  const tokens = await tokensFor();
  const response = await refresh({ refresh_token: tokens.access_token, client_id: world.clientId });
  assert.equal(response.status, 400);
  assert.equal((await response.json()).error, 'invalid_grant');
});
