// Attacks on client credentials (RFC 9700 section 2.5; OWASP ASVS 5 V13.3: secrets are not stored
// usable): a stolen database dump authenticates no client, wrong secrets are refused, and a
// rotated secret keeps working only for its overlap.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rotateClientSecret } from '../../src/clients/secret-rotation.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createWorld, REDIRECT_URI, type World } from '../helpers/flow.ts';

const HOUR = 3600;

let t: TestServer;
let world: World;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
});
after(() => t?.close());

interface Credentials { readonly clientId: string; readonly secret: string }

// RFC 6749 section 2.3.1: both parts form-urlencoded inside HTTP Basic.
const formEncode = (value: string) => encodeURIComponent(value).replaceAll('%20', '+');
const basic = ({ clientId, secret }: Credentials) => `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(secret)}`).toString('base64')}`;

async function post(path: string, fields: Record<string, string>, authorization?: string): Promise<{ status: number; error?: string }> {
  const response = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
    body: new URLSearchParams(fields),
  });
  const body = await response.json();
  return { status: response.status, error: body.error };
}

/** At the token endpoint: 400 invalid_grant (authenticated, bogus code) or 401 invalid_client. */
function tokenRequest(credentials: Credentials, via: 'basic' | 'post' = 'basic') {
  const grant = { grant_type: 'authorization_code', code: 'not-a-code', redirect_uri: REDIRECT_URI, code_verifier: 'v'.repeat(43) };
  return via === 'basic'
    ? post('/oauth2/token', grant, basic(credentials))
    : post('/oauth2/token', { ...grant, client_id: credentials.clientId, client_secret: credentials.secret });
}

/** At the introspection endpoint: 200 (authenticated) or 401 invalid_client. */
const introspection = (credentials: Credentials) => post('/oauth2/introspect', { token: 'not-a-token' }, basic(credentials));

const refused = { status: 401, error: 'invalid_client' };
const confidential = () => world.confidential;
const resourceServer = () => world.resourceServer;

async function assertAuthenticates(credentials: Credentials, at: 'token' | 'introspection'): Promise<void> {
  if (at === 'token') assert.deepEqual(await tokenRequest(credentials), { status: 400, error: 'invalid_grant' });
  else assert.equal((await introspection(credentials)).status, 200);
}

async function assertRefused(credentials: Credentials, at: 'token' | 'introspection'): Promise<void> {
  assert.deepEqual(at === 'token' ? await tokenRequest(credentials) : await introspection(credentials), refused, credentials.secret);
}

/** Every value of every column, as text: what an attacker holding a dump could try. */
async function dumpValues(): Promise<string[]> {
  const values = new Set<string>();
  for (const table of ['clients', 'client_secrets']) {
    const { rows } = await t.db.pool.query(`SELECT to_jsonb(dumped) AS row FROM ${table} dumped`);
    for (const { row } of rows) {
      for (const value of Object.values(row as Record<string, unknown>).flat()) {
        if (value !== null && value !== '') values.add(String(value));
      }
    }
  }
  return [...values];
}

test('attack: no value of a dump of the client tables authenticates at /oauth2/token or /oauth2/introspect', async () => {
  const values = await dumpValues();
  const { rows: digests } = await t.db.pool.query('SELECT secret_hash FROM client_secrets');
  assert.ok(digests.length >= 2 && digests.every(({ secret_hash }) => values.includes(secret_hash)), 'the digests are in the dump');
  assert.ok(!values.includes(world.confidential.secret) && !values.includes(world.resourceServer.secret), 'no secret is stored as issued');
  for (const value of values) {
    const stolen = { ...confidential(), secret: value };
    assert.deepEqual(await tokenRequest(stolen), refused, value);
    assert.deepEqual(await tokenRequest(stolen, 'post'), refused, value);
    assert.deepEqual(await introspection({ ...resourceServer(), secret: value }), refused, value);
  }
  await assertAuthenticates(confidential(), 'token');
  assert.deepEqual(await tokenRequest(confidential(), 'post'), { status: 400, error: 'invalid_grant' });
  await assertAuthenticates(resourceServer(), 'introspection');
});

test('attack: a wrong secret, or another client\'s secret, is refused with 401 invalid_client', async () => {
  const secret = confidential().secret;
  for (const wrong of [`${secret}x`, secret.slice(0, -1), secret.toUpperCase(), 'secret', resourceServer().secret]) {
    await assertRefused({ ...confidential(), secret: wrong }, 'token');
  }
  await assertRefused({ ...resourceServer(), secret: confidential().secret }, 'introspection');
  await assertRefused({ clientId: 'rs_unknown', secret: resourceServer().secret }, 'introspection');
});

test('attack: a rotated integration secret is refused once its overlap ends', async () => {
  const old = confidential();
  const rotated = await rotateClientSecret(t.db.pool, t.server.feed, old.clientId, HOUR);
  const current = { clientId: old.clientId, secret: rotated.client_secret };
  await assertAuthenticates(current, 'token');
  await assertAuthenticates(old, 'token');
  await endOverlap(old.clientId);
  await assertRefused(old, 'token');
  await assertAuthenticates(current, 'token');
});

test('attack: a rotated resource-server secret is refused once its overlap ends, here and on the internal API', async () => {
  const old = resourceServer();
  const rotated = await rotateClientSecret(t.db.pool, t.server.feed, old.clientId, HOUR);
  const current = { clientId: old.clientId, secret: rotated.client_secret };
  await assertAuthenticates(current, 'introspection');
  await assertAuthenticates(old, 'introspection');
  assert.equal(await internalApiStatus(old), 404, 'authenticated: the connection is unknown');
  await endOverlap(old.clientId);
  await assertRefused(old, 'introspection');
  assert.equal(await internalApiStatus(old), 401);
  await assertAuthenticates(current, 'introspection');
  assert.equal(await internalApiStatus(current), 404);
});

test('attack: a secret rotated with no overlap stops at once', async () => {
  const { clientId, secret } = confidential();
  const rotated = await rotateClientSecret(t.db.pool, t.server.feed, clientId, 0);
  await assertRefused({ clientId, secret }, 'token');
  await assertAuthenticates({ clientId, secret: rotated.client_secret }, 'token');
});

// Moves the stored end of the overlap into the past rather than waiting for it.
async function endOverlap(clientId: string): Promise<void> {
  await t.db.pool.query("UPDATE client_secrets SET expires_at = now() - interval '1 second' WHERE client_id = $1 AND expires_at IS NOT NULL", [clientId]);
  await t.server.feed.publish(t.db.pool, 'client_changed', clientId);
}

async function internalApiStatus(credentials: Credentials): Promise<number> {
  const response = await fetch(`${t.url}/internal/connections/ins_unknown`, { headers: { authorization: basic(credentials) } });
  await response.body?.cancel();
  return response.status;
}
