// DPoP (RFC 9449), enabled for every client: a client that proves possession of a key gets
// tokens bound to that key (token_type DPoP, cnf.jkt in introspection, so API servers can
// demand the same key), and refresh tokens of public clients bound to it as well (RFC 9449
// section 5). Proofs are one-time, for one method and URL, and recent.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { authorizationRequest, authorize, createWorld, introspect, shareMainWrite, REDIRECT_URI, type World } from '../helpers/flow.ts';

let t: TestServer;
let world: World;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
});
after(() => t?.close());

const insecure = { [oauth.allowInsecureRequests]: true } as const;
/** Well past oidc-provider's window for a proof's iat (CHALLENGE_OK_WINDOW, 5 minutes). */
const STALE_SECONDS = 10 * 60;

/** RFC 7638 thumbprint of an EC public key: the required members in order, SHA-256, base64url. */
async function thumbprintOf(key: CryptoKey): Promise<string> {
  const { crv, kty, x, y } = await crypto.subtle.exportKey('jwk', key);
  return createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64url');
}

interface ProofClaims { htm?: string; htu?: string; jti?: string; iat?: number }

/** A DPoP proof JWT (RFC 9449 section 4.2) signed by `keys`, for the token endpoint unless told. */
async function proof(keys: CryptoKeyPair, claims: ProofClaims = {}): Promise<string> {
  const { crv, kty, x, y } = await crypto.subtle.exportKey('jwk', keys.publicKey);
  const header = { typ: 'dpop+jwt', alg: 'ES256', jwk: { crv, kty, x, y } };
  const payload = { jti: claims.jti ?? randomUUID(), htm: claims.htm ?? 'POST', htu: claims.htu ?? `${t.url}/oauth2/token`, iat: claims.iat ?? Math.floor(Date.now() / 1000) };
  const input = [header, payload].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.');
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, Buffer.from(input));
  return `${input}.${Buffer.from(signature).toString('base64url')}`;
}

/** A public client's flow, its code exchanged with a DPoP proof of `keys` (oauth4webapi's DPoP handle). */
async function dpopTokens(keys: CryptoKeyPair): Promise<{ raw: Record<string, unknown>; tokens: oauth.TokenEndpointResponse }> {
  const request = await authorizationRequest(t, world.clientId);
  const callback = await authorize(t, world, request, shareMainWrite(world));
  const client: oauth.Client = { client_id: world.clientId };
  const params = oauth.validateAuthResponse(world.as, client, new URL(callback.url), request.state);
  const DPoP = oauth.DPoP(client, keys);
  const response = await oauth.authorizationCodeGrantRequest(world.as, client, oauth.None(), params, REDIRECT_URI, request.verifier, { DPoP, ...insecure });
  const raw = await response.clone().json() as Record<string, unknown>;
  return { raw, tokens: await oauth.processAuthorizationCodeResponse(world.as, client, response) };
}

/** A refresh at the token endpoint as the public client, with the given DPoP header (or none). */
async function refresh(refreshToken: string, dpop?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${t.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(dpop ? { dpop } : {}) },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: world.clientId }),
  });
  return { status: response.status, body: await response.json() as Record<string, unknown> };
}

test('discovery announces DPoP with its signing algorithms', () => {
  assert.ok(world.as.dpop_signing_alg_values_supported?.includes('ES256'));
});

test('a code exchanged with a DPoP proof yields DPoP tokens; introspection shows token_type DPoP and the key thumbprint in cnf.jkt', async () => {
  const keys = await oauth.generateKeyPair('ES256');
  const { raw, tokens } = await dpopTokens(keys);
  assert.equal(raw.token_type, 'DPoP');
  const info = await introspect(world, tokens.access_token);
  assert.equal(info.active, true);
  assert.equal(info.token_type, 'DPoP');
  assert.deepEqual(info.cnf, { jkt: await thumbprintOf(keys.publicKey) });
  // Our extras ride along with the binding.
  assert.equal(typeof info.installation_id, 'string');
  assert.ok(Array.isArray(info.permissions));
});

test('the bound refresh token refreshes with a proof of the same key, into DPoP tokens again', async () => {
  const keys = await oauth.generateKeyPair('ES256');
  const { tokens } = await dpopTokens(keys);
  const refreshed = await refresh(tokens.refresh_token!, await proof(keys));
  assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
  assert.equal(refreshed.body.token_type, 'DPoP');
  assert.deepEqual((await introspect(world, String(refreshed.body.access_token))).cnf, { jkt: await thumbprintOf(keys.publicKey) });
});

test('attack: a DPoP-bound refresh token with a proof from another key, or with none, is refused', async () => {
  const keys = await oauth.generateKeyPair('ES256');
  const { tokens } = await dpopTokens(keys);
  const stolen = await refresh(tokens.refresh_token!, await proof(await oauth.generateKeyPair('ES256')));
  assert.equal(stolen.status, 400);
  assert.equal(stolen.body.error, 'invalid_grant');
  assert.equal((await refresh(tokens.refresh_token!)).body.error, 'invalid_grant');
  // Refused before anything was spent: the owner of the key still refreshes.
  assert.equal((await refresh(tokens.refresh_token!, await proof(keys))).status, 200);
});

test('attack: a replayed DPoP proof (same jti) is refused', async () => {
  const keys = await oauth.generateKeyPair('ES256');
  const { tokens } = await dpopTokens(keys);
  const once = await proof(keys);
  const first = await refresh(tokens.refresh_token!, once);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  // The rotated refresh token is good; only the proof is replayed.
  const replayed = await refresh(String(first.body.refresh_token), once);
  assert.equal(replayed.status, 400);
  assert.equal(replayed.body.error, 'invalid_grant');
  const sameJti = await refresh(String(first.body.refresh_token), await proof(keys, { jti: JSON.parse(Buffer.from(once.split('.')[1]!, 'base64url').toString()).jti }));
  assert.equal(sameJti.body.error, 'invalid_grant');
  // The replay was the fault (oidc-provider's invalid_grant does not say which): a fresh proof passes.
  assert.equal((await refresh(String(first.body.refresh_token), await proof(keys))).status, 200);
});

test('attack: a DPoP proof made for another URL or method, a stale one, or one not signed by its key is refused', async () => {
  const keys = await oauth.generateKeyPair('ES256');
  const { tokens } = await dpopTokens(keys);
  const now = Math.floor(Date.now() / 1000);
  const forged = [
    await proof(keys, { htu: `${t.url}/oauth2/introspect` }),
    await proof(keys, { htu: 'https://evil.example/oauth2/token' }),
    await proof(keys, { htm: 'GET' }),
    await proof(keys, { iat: now - STALE_SECONDS }),
    await proof(keys, { iat: now + STALE_SECONDS }),
    // The embedded key of one pair, the signature of another.
    `${(await proof(keys)).split('.').slice(0, 2).join('.')}.${(await proof(await oauth.generateKeyPair('ES256'))).split('.')[2]}`,
    'not.a.jwt',
  ];
  for (const dpop of forged) {
    const answer = await refresh(tokens.refresh_token!, dpop);
    assert.equal(answer.status, 400, dpop);
    assert.equal(answer.body.error, 'invalid_dpop_proof', `${dpop}: ${JSON.stringify(answer.body)}`);
  }
  assert.equal((await refresh(tokens.refresh_token!, await proof(keys))).status, 200);
});
