// Attacks with authorization codes (RFC 9700 sections 4.2.4 and 4.5; RFC 6749 4.1.3): a code
// is bound to its client and redirect URI, works once, and its reuse, at once or after expiry,
// revokes what it produced.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { authorizationRequest, authorize, createWorld, introspect, shareMainWrite, REDIRECT_URI, type World } from '../helpers/flow.ts';

let t: TestServer;
let world: World;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
});
after(() => t?.close());

async function issueCode(clientId = world.clientId) {
  const request = await authorizationRequest(t, clientId);
  const callback = new URL((await authorize(t, world, request, shareMainWrite(world))).url);
  return { code: callback.searchParams.get('code')!, verifier: request.verifier };
}

function redeem(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${t.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, client_id: world.clientId, ...fields }),
  });
}

async function expectError(response: Response, status: number, error: string) {
  const body = await response.json();
  assert.equal(response.status, status, JSON.stringify(body));
  assert.equal(body.error, error);
  assert.equal(body.access_token, undefined);
}

test('attack: redeeming a code with a different redirect_uri is invalid_grant', async () => {
  const { code, verifier } = await issueCode();
  await expectError(await redeem({ code, code_verifier: verifier, redirect_uri: 'http://127.0.0.1:9/other' }), 400, 'invalid_grant');
  await expectError(await redeem({ code, code_verifier: verifier, redirect_uri: `${REDIRECT_URI}/` }), 400, 'invalid_grant');
});

test('attack: redeeming a code without redirect_uri is refused', async () => {
  const { code, verifier } = await issueCode();
  const response = await fetch(`${t.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: world.clientId, code, code_verifier: verifier }),
  });
  await expectError(response, 400, 'invalid_request');
});

test('attack: a code redeemed by another client is invalid_grant', async () => {
  const { code, verifier } = await issueCode();
  const basic = Buffer.from(`${world.confidential.clientId}:${world.confidential.secret}`).toString('base64');
  await expectError(await redeem({ code, code_verifier: verifier, client_id: world.confidential.clientId }, { authorization: `Basic ${basic}` }), 400, 'invalid_grant');
  const legit = await redeem({ code, code_verifier: verifier });
  assert.equal(legit.status, 200, 'the failed theft did not burn the code');
});

test('attack: immediate code reuse fails and revokes the tokens of the first redemption', async () => {
  const { code, verifier } = await issueCode();
  const first = await (await redeem({ code, code_verifier: verifier })).json();
  await expectError(await redeem({ code, code_verifier: verifier }), 400, 'invalid_grant');
  assert.deepEqual(await introspect(world, first.access_token), { active: false });
  const refresh = await fetch(`${t.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: world.clientId, refresh_token: first.refresh_token }),
  });
  await expectError(refresh, 400, 'invalid_grant');
});

test('attack: code reuse after the code expired also revokes the tokens of the first redemption', async () => {
  const { code, verifier } = await issueCode();
  const first = await (await redeem({ code, code_verifier: verifier })).json();
  // Age the stored code past its one-minute lifetime (opaque codes are stored under their value).
  const codes = t.server.provider.AuthorizationCode.adapter;
  const stored = await codes.find(code);
  assert.ok(stored, 'the consumed code is kept for reuse detection');
  await codes.upsert(code, { ...stored, exp: Math.floor(Date.now() / 1000) - 5 }, 60);
  await expectError(await redeem({ code, code_verifier: verifier }), 400, 'invalid_grant');
  assert.deepEqual(await introspect(world, first.access_token), { active: false });
  const { rows } = await t.db.pool.query(`SELECT 1 FROM audit_events WHERE type = 'authorization_code.reused' AND user_id = $1`, [world.userId]);
  assert.equal(rows.length, 1);
});

test('attack: an expired, never used code is refused', async () => {
  const { code, verifier } = await issueCode();
  const codes = t.server.provider.AuthorizationCode.adapter;
  await codes.upsert(code, { ...(await codes.find(code))!, exp: Math.floor(Date.now() / 1000) - 5 }, 60);
  await expectError(await redeem({ code, code_verifier: verifier }), 400, 'invalid_grant');
});

test('attack: a guessed code is invalid_grant', async () => {
  await expectError(await redeem({ code: 'a'.repeat(43), code_verifier: 'b'.repeat(43) }), 400, 'invalid_grant');
});
