// Pushed authorization requests required per client (RFC 9126 section 6): an integration
// registered with --require-par cannot start a flow with parameters in the URL, only with a
// request_uri it pushed itself. (PAR and DPoP attacks at large: par-and-dpop tests.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { registerIntegration } from '../../src/clients/client-registry.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { authorizationRequest, authorize, createWorld, exchangeCode, shareMainWrite, REDIRECT_URI, type World } from '../helpers/flow.ts';
import { Browser } from '../helpers/browser.ts';

let t: TestServer;
let world: World;
let pushy: { clientId: string; secret: string };
let pushyPublic: string;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
  const confidential = await registerIntegration(t.db.pool, t.feed, { name: 'Pushy', redirectUris: [REDIRECT_URI], confidential: true, requirePar: true });
  pushy = { clientId: confidential.client_id, secret: confidential.client_secret! };
  pushyPublic = (await registerIntegration(t.db.pool, t.feed, { name: 'Pushy SPA', redirectUris: [REDIRECT_URI], confidential: false, requirePar: true })).client_id;
});
after(() => t?.close());

const basic = (clientId: string, secret: string) => `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;

/** Pushes the authorization request's parameters; returns the request_uri (RFC 9126 section 2). */
async function push(requestUrl: string, headers: Record<string, string> = {}): Promise<string> {
  const params = new URL(requestUrl).searchParams;
  const response = await fetch(`${t.url}/oauth2/par`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: params,
  });
  const body = await response.json();
  assert.equal(response.status, 201, JSON.stringify(body));
  assert.match(body.request_uri, /^urn:ietf:params:oauth:request_uri:/);
  return body.request_uri;
}

test('discovery names the PAR endpoint', async () => {
  assert.equal(world.as.pushed_authorization_request_endpoint, `${t.url}/oauth2/par`);
});

// The redirect URI is the registered one, so the error goes back to the client (RFC 6749 4.1.2.1).
test('attack: a plain authorization request from a client that must use PAR is refused', async () => {
  for (const clientId of [pushy.clientId, pushyPublic]) {
    const request = await authorizationRequest(t, clientId);
    const response = await fetch(request.url, { redirect: 'manual' });
    await response.body?.cancel();
    assert.equal(response.status, 303);
    const location = new URL(response.headers.get('location') ?? '');
    assert.equal(`${location.origin}${location.pathname}`, REDIRECT_URI);
    assert.equal(location.searchParams.get('error'), 'invalid_request');
    assert.equal(location.searchParams.get('error_description'), 'Pushed Authorization Request must be used');
    assert.equal(location.searchParams.get('code'), null);
  }
});

test('a client that must use PAR completes the flow through a pushed request', async () => {
  const request = await authorizationRequest(t, pushy.clientId);
  const requestUri = await push(request.url, { authorization: basic(pushy.clientId, pushy.secret) });
  const viaPar = new URL(`${t.url}/oauth2/authorize`);
  viaPar.search = new URLSearchParams({ client_id: pushy.clientId, request_uri: requestUri }).toString();
  const callback = await authorize(t, world, { ...request, url: viaPar.toString() }, shareMainWrite(world), new Browser());
  assert.ok(new URL(callback.url).searchParams.get('code'), callback.url);
  const tokens = await exchangeCode(world, callback.url, request, pushy.clientId, oauth.ClientSecretBasic(pushy.secret));
  assert.ok(tokens.access_token);
});

test('a public client that must use PAR pushes without a secret', async () => {
  const request = await authorizationRequest(t, pushyPublic);
  const requestUri = await push(request.url);
  const response = await fetch(`${t.url}/oauth2/authorize?${new URLSearchParams({ client_id: pushyPublic, request_uri: requestUri })}`, { redirect: 'manual' });
  await response.body?.cancel();
  assert.equal(response.status, 303);
  assert.match(response.headers.get('location') ?? '', /\/interaction\//);
});

test('attack: pushing for a client that must use PAR with a wrong secret is refused', async () => {
  const request = await authorizationRequest(t, pushy.clientId);
  const response = await fetch(`${t.url}/oauth2/par`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(pushy.clientId, `${pushy.secret}x`) },
    body: new URL(request.url).searchParams,
  });
  assert.equal(response.status, 401);
  assert.equal((await response.json()).error, 'invalid_client');
});
