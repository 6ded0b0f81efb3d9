// Attacks on the introspection and revocation endpoints (RFC 7662 section 4, RFC 7009 section
// 5): only authenticated resource servers learn anything, and only about tokens for their API;
// nobody can probe for tokens through revocation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { authorizationRequest, authorize, createWorld, exchangeCode, introspect, shareMainWrite, type World } from '../helpers/flow.ts';

let t: TestServer;
let world: World;
let tokens: Awaited<ReturnType<typeof exchangeCode>>;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
  const request = await authorizationRequest(t, world.clientId);
  tokens = await exchangeCode(world, (await authorize(t, world, request, shareMainWrite(world))).url, request);
});
after(() => t?.close());

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${t.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields) });
}

async function expect401(response: Response) {
  const body = await response.json();
  assert.equal(response.status, 401, JSON.stringify(body));
  assert.equal(body.error, 'invalid_client');
  assert.equal(body.active, undefined);
}

type Credentials = { headers: Record<string, string>; fields: Record<string, string> };
const attempts: [string, () => Credentials][] = [
  ['no credentials at all', () => ({ headers: {}, fields: {} })],
  ['a wrong secret', () => ({ headers: { authorization: basic(world.resourceServer.clientId, 'wrong') }, fields: {} })],
  ['an unknown client', () => ({ headers: { authorization: basic('rs_unknown', 'whatever') }, fields: {} })],
  ['a public client id only', () => ({ headers: {}, fields: { client_id: world.clientId } })],
  ['a confidential integration\'s valid credentials', () => ({ headers: { authorization: basic(world.confidential.clientId, world.confidential.secret) }, fields: {} })],
];
for (const [label, credentials] of attempts) {
  test(`attack: introspection with ${label} is 401 invalid_client`, async () => {
    const { headers, fields } = credentials();
    await expect401(await post('/oauth2/introspect', { token: tokens.access_token, ...fields }, headers));
  });
}

test('attack: revocation with no credentials or a wrong secret is 401 invalid_client, and revokes nothing', async () => {
  await expect401(await post('/oauth2/revoke', { token: tokens.access_token }));
  await expect401(await post('/oauth2/revoke', { token: tokens.access_token }, { authorization: basic(world.resourceServer.clientId, 'wrong') }));
  await expect401(await post('/oauth2/revoke', { token: tokens.access_token }, { authorization: basic(world.confidential.clientId, 'wrong') }));
  assert.equal((await introspect(world, tokens.access_token)).active, true);
});

test('attack: an integration revoking another client\'s token gets no effect', async () => {
  const response = await post('/oauth2/revoke', { token: tokens.access_token }, { authorization: basic(world.confidential.clientId, world.confidential.secret) });
  assert.ok([200, 400].includes(response.status));
  assert.equal((await introspect(world, tokens.access_token)).active, true);
});

test('attack: revoking an unknown token answers 200 (no token probing)', async () => {
  const response = await post('/oauth2/revoke', { token: 'no-such-token', client_id: world.clientId });
  assert.equal(response.status, 200);
  const byServer = await post('/oauth2/revoke', { token: 'no-such-token' }, { authorization: basic(world.resourceServer.clientId, world.resourceServer.secret) });
  assert.equal(byServer.status, 200);
});

test('attack: a resource server cannot see tokens issued for another audience', async () => {
  // A token for another API, stored as the library stores any access token.
  const { provider } = t.server;
  const other = new provider.AccessToken({
    accountId: world.userId, clientId: world.clientId, grantId: (await introspect(world, tokens.access_token)).installation_id as string,
    scope: 'portfolio:read', aud: 'https://other-api.example', gty: 'authorization_code',
  } as never);
  const value = await other.save();
  assert.deepEqual(await introspect(world, value), { active: false });
});

test('attack: a resource server cannot introspect refresh tokens', async () => {
  assert.deepEqual(await introspect(world, tokens.refresh_token!), { active: false });
});

test('attack: token_type_hint cannot make a refresh token pass as an access token', async () => {
  const response = await post('/oauth2/introspect', { token: tokens.refresh_token!, token_type_hint: 'access_token' }, { authorization: basic(world.resourceServer.clientId, world.resourceServer.secret) });
  assert.deepEqual(await response.json(), { active: false });
});

test('introspection and token responses are never cached', async () => {
  const response = await post('/oauth2/introspect', { token: tokens.access_token }, { authorization: basic(world.resourceServer.clientId, world.resourceServer.secret) });
  assert.equal(response.headers.get('cache-control'), 'no-store');
});
