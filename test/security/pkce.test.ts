// Attacks on PKCE (RFC 7636, RFC 9700 section 2.1.1): every client must use S256; a code
// cannot be redeemed without the verifier that matches its challenge.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { Browser, outside } from '../helpers/browser.ts';
import { authorizationRequest, authorize, createWorld, shareMainWrite, REDIRECT_URI, type World } from '../helpers/flow.ts';

let t: TestServer;
let world: World;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
});
after(() => t?.close());

async function authorizationError(clientId: string, overrides: Record<string, string | undefined>) {
  const request = await authorizationRequest(t, clientId, overrides);
  const page = await new Browser().open(request.url, { stopAt: outside(t.url) });
  assert.equal(page.status, 0, 'redirected back to the client with an error');
  return new URL(page.url).searchParams;
}

function redeem(code: string, verifier: string | undefined) {
  const fields: Record<string, string> = { grant_type: 'authorization_code', client_id: world.clientId, code, redirect_uri: REDIRECT_URI };
  if (verifier !== undefined) fields.code_verifier = verifier;
  return fetch(`${t.url}/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
}

async function issueCode() {
  const request = await authorizationRequest(t, world.clientId);
  const callback = new URL((await authorize(t, world, request, shareMainWrite(world))).url);
  return { code: callback.searchParams.get('code')!, verifier: request.verifier };
}

test('attack: an authorization request without code_challenge is refused (public client)', async () => {
  const params = await authorizationError(world.clientId, { code_challenge: undefined, code_challenge_method: undefined });
  assert.equal(params.get('error'), 'invalid_request');
  assert.match(params.get('error_description') ?? '', /PKCE/);
});

test('attack: a confidential client is held to PKCE too', async () => {
  const params = await authorizationError(world.confidential.clientId, { code_challenge: undefined, code_challenge_method: undefined });
  assert.equal(params.get('error'), 'invalid_request');
});

test('attack: downgrade to code_challenge_method=plain is refused', async () => {
  const verifier = oauth.generateRandomCodeVerifier();
  const params = await authorizationError(world.clientId, { code_challenge: verifier, code_challenge_method: 'plain' });
  assert.equal(params.get('error'), 'invalid_request');
});

test('attack: a challenge without a method (implicitly plain) is refused', async () => {
  const params = await authorizationError(world.clientId, { code_challenge_method: undefined });
  assert.equal(params.get('error'), 'invalid_request');
});

test('attack: redeeming a code without the verifier (downgrade at the token endpoint) is refused', async () => {
  const { code } = await issueCode();
  const response = await redeem(code, undefined);
  assert.equal(response.status, 400);
  assert.match((await response.json()).error, /invalid_grant|invalid_request/);
});

test('attack: a stolen code with a wrong verifier is invalid_grant, and cannot deny the rightful client', async () => {
  const { code, verifier } = await issueCode();
  const wrong = await redeem(code, oauth.generateRandomCodeVerifier());
  assert.equal(wrong.status, 400);
  assert.equal((await wrong.json()).error, 'invalid_grant');
  const right = await redeem(code, verifier);
  assert.equal(right.status, 200);
});

test('attack: the challenge itself presented as the verifier is refused', async () => {
  const request = await authorizationRequest(t, world.clientId);
  const challenge = new URL(request.url).searchParams.get('code_challenge')!;
  const callback = new URL((await authorize(t, world, request, shareMainWrite(world))).url);
  const response = await redeem(callback.searchParams.get('code')!, challenge);
  assert.equal(response.status, 400);
  assert.equal((await response.json()).error, 'invalid_grant');
});

test('attack: a verifier shorter than 43 characters is refused', async () => {
  const { code } = await issueCode();
  const response = await redeem(code, 'short');
  assert.equal(response.status, 400);
});
