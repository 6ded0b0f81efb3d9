// The whole flow over HTTP, as an integration (oauth4webapi), a user (Browser) and an API
// server (introspection) see it: authorize → login → consent → callback → token →
// introspect → refresh → revoke → introspect inactive.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { startTestServer, API_RESOURCE, type TestServer } from '../helpers/server.ts';
import { authorizationRequest, authorize, createWorld, exchangeCode, introspect, shareMainWrite, REDIRECT_URI, type World } from '../helpers/flow.ts';

let t: TestServer;
let world: World;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
});
after(() => t?.close());

test('authorization code + PKCE flow end to end', async () => {
  const request = await authorizationRequest(t, world.clientId);
  const callback = await authorize(t, world, request, shareMainWrite(world));

  const returned = new URL(callback.url);
  assert.equal(`${returned.origin}${returned.pathname}`, REDIRECT_URI);
  assert.equal(returned.searchParams.get('state'), request.state);
  assert.equal(returned.searchParams.get('iss'), t.url, 'RFC 9207 iss in the authorization response');
  assert.ok(returned.searchParams.get('code'));

  const tokens = await exchangeCode(world, callback.url, request);
  assert.equal(tokens.token_type.toLowerCase(), 'bearer');
  assert.equal(tokens.expires_in, 3600);
  assert.ok(tokens.refresh_token, 'a refresh token without offline_access');
  assert.deepEqual(tokens.scope?.split(' ').sort(), ['portfolio:read', 'portfolio:write']);
  assert.equal(tokens.access_token.split('.').length, 1, 'opaque, not a JWT');

  const info = await introspect(world, tokens.access_token);
  assert.equal(info.active, true);
  assert.equal(info.sub, world.userId);
  assert.equal(info.client_id, world.clientId);
  assert.equal(info.iss, t.url);
  assert.equal(info.aud, API_RESOURCE);
  assert.equal(info.token_type, 'Bearer');
  assert.equal(typeof info.exp, 'number');
  assert.equal(typeof info.iat, 'number');
  assert.match(String(info.installation_id), /^ins_[0-9a-f]{32}$/);
  assert.equal(info.state, 'active');
  assert.deepEqual(info.permissions, [
    { action: 'read', resourceType: 'portfolio', resourceId: world.portfolios.main },
    { action: 'write', resourceType: 'portfolio', resourceId: world.portfolios.main },
  ]);

  const client = { client_id: world.clientId };
  const refreshed = await oauth.processRefreshTokenResponse(world.as, client,
    await oauth.refreshTokenGrantRequest(world.as, client, oauth.None(), tokens.refresh_token!, { [oauth.allowInsecureRequests]: true }));
  assert.notEqual(refreshed.access_token, tokens.access_token);
  assert.notEqual(refreshed.refresh_token, tokens.refresh_token, 'refresh tokens rotate');
  assert.equal((await introspect(world, refreshed.access_token)).installation_id, info.installation_id);

  await oauth.processRevocationResponse(
    await oauth.revocationRequest(world.as, client, oauth.None(), refreshed.refresh_token!, { [oauth.allowInsecureRequests]: true }));
  assert.deepEqual(await introspect(world, refreshed.access_token), { active: false });
  assert.deepEqual(await introspect(world, tokens.access_token), { active: false });
});

// Reuse after the grace window revokes the grant: test/security/refresh-rotation.test.ts.
test('a rotated refresh token presented again inside the grace window gets the same tokens', async () => {
  const request = await authorizationRequest(t, world.clientId);
  const tokens = await exchangeCode(world, (await authorize(t, world, request, shareMainWrite(world))).url, request);
  const client = { client_id: world.clientId };
  const refresh = (token: string) => oauth.refreshTokenGrantRequest(world.as, client, oauth.None(), token, { [oauth.allowInsecureRequests]: true });
  const refreshed = await oauth.processRefreshTokenResponse(world.as, client, await refresh(tokens.refresh_token!));
  const again = await oauth.processRefreshTokenResponse(world.as, client, await refresh(tokens.refresh_token!));
  assert.equal(again.access_token, refreshed.access_token);
  assert.equal(again.refresh_token, refreshed.refresh_token);
  assert.equal((await introspect(world, refreshed.access_token)).active, true);
  assert.equal((await refresh(refreshed.refresh_token!)).status, 200);
});

test('discovery documents: RFC 8414 and OpenID, same issuer and endpoints', async () => {
  const rfc8414 = await (await fetch(`${t.url}/.well-known/oauth-authorization-server`)).json();
  const openid = await (await fetch(`${t.url}/.well-known/openid-configuration`)).json();
  assert.equal(rfc8414.issuer, t.url);
  assert.equal(rfc8414.authorization_endpoint, `${t.url}/oauth2/authorize`);
  assert.equal(rfc8414.token_endpoint, `${t.url}/oauth2/token`);
  assert.equal(rfc8414.introspection_endpoint, `${t.url}/oauth2/introspect`);
  assert.equal(rfc8414.revocation_endpoint, `${t.url}/oauth2/revoke`);
  assert.equal(rfc8414.jwks_uri, `${t.url}/oauth2/jwks`);
  assert.deepEqual(rfc8414.code_challenge_methods_supported, ['S256']);
  assert.deepEqual(rfc8414.response_types_supported, ['code']);
  assert.equal(rfc8414.authorization_response_iss_parameter_supported, true);
  assert.deepEqual(openid, rfc8414);
});

test('JWKS publishes the ES256 signing key, public part only', async () => {
  const { keys } = await (await fetch(`${t.url}/oauth2/jwks`)).json();
  assert.equal(keys.length, 1);
  assert.equal(keys[0].kty, 'EC');
  assert.equal(keys[0].crv, 'P-256');
  assert.equal(keys[0].d, undefined, 'no private key material');
});

test('healthz answers ok', async () => {
  const response = await fetch(`${t.url}/healthz`);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { status: 'ok' });
});
