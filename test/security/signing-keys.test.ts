// Attacks on the token signing keys (OWASP ASVS 5 V11.4 / V13.3: keys protected at rest and
// rotatable): a dump of the database holds no readable private key, a wrong encryption key
// stops the start, and rotation keeps verification working: the new key signs after a
// restart, the old one stays published until its tokens have expired, then disappears.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { loadConfig, type Config } from '../../src/config.ts';
import { startServer } from '../../src/server.ts';
import { openSealedJwk } from '../../src/oidc/key-sealing.ts';
import { loadSigningKeys, RETIRE_AFTER_SECONDS, rotateSigningKey } from '../../src/oidc/signing-keys.ts';
import { watchSigningKeys } from '../../src/oidc/signing-key-watch.ts';
import { openTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { API_RESOURCE, deleteKeys, freePort, type TestServer } from '../helpers/server.ts';
import { authorizationRequest, authorize, createWorld, exchangeCode, shareMainWrite, type World } from '../helpers/flow.ts';

const SEALING_KEY = randomBytes(32);
const TOLERANCE_MS = 60_000;

let db: TestDatabase;
let config: Config;
let node: TestServer | undefined;
let world: World;

before(async () => {
  db = await openTestDatabase();
  config = await nodeConfig({ KEYS_ENCRYPTION_KEY: SEALING_KEY.toString('base64') });
  node = await startNode(config);
  world = await createWorld(node);
});
after(async () => {
  await node?.close();
  await db?.close();
  if (config?.redisUrl) await deleteKeys(config.redisUrl, config.redisKeyPrefix);
});

test('attack: a dump of signing_keys holds no readable private key when KEYS_ENCRYPTION_KEY is set', async () => {
  const { rows } = await db.pool.query('SELECT kid, private_jwk, sealed_private_jwk, to_jsonb(k)::text AS dumped FROM signing_keys k');
  assert.ok(rows.length > 0);
  for (const row of rows) {
    assert.equal(row.private_jwk, null);
    const { d } = openSealedJwk(row.sealed_private_jwk, row.kid, SEALING_KEY);
    assert.equal(typeof d, 'string');
    assert.ok(!row.dumped.includes(d as string), 'the private scalar is not in the dump');
    assert.doesNotMatch(row.dumped, /"d"\s*:/);
  }
  assert.ok((await publishedKids()).length > 0);
  assert.doesNotMatch(JSON.stringify(await (await fetch(`${node!.url}/oauth2/jwks`)).json()), /"d"/);
});

test('rotation: after a restart both keys are published and new ID tokens carry the new kid', async () => {
  const before = await idToken();
  const [oldKid] = await publishedKids();
  assert.equal(header(before).kid, oldKid);

  const keys = await rotateSigningKey(db.pool, SEALING_KEY, 0);
  const newKid = keys.find((key) => key.state === 'signing')!.kid;
  assert.notEqual(newKid, oldKid);
  const old = keys.find((key) => key.kid === oldKid)!;
  assert.equal(old.state, 'verifying');
  const expectedRetirement = Date.parse(keys.find((key) => key.kid === newKid)!.activates_at) + RETIRE_AFTER_SECONDS * 1000;
  assert.ok(Math.abs(Date.parse(old.retires_at!) - expectedRetirement) < TOLERANCE_MS);

  await restart();
  assert.deepEqual(await publishedKids(), [newKid, oldKid]);
  const after = await idToken();
  assert.equal(header(after).kid, newKid);
  assert.ok(await verifiesWithJwks(after) && await verifiesWithJwks(before), 'old and new ID tokens verify with the published keys');
});

test('a replaced key is removed once its retirement time has passed', async () => {
  const [signing, retiring] = await publishedKids();
  assert.ok(retiring, 'a rotation left a key to retire');
  // Moves the stored retirement time into the past rather than waiting an hour.
  await db.pool.query("UPDATE signing_keys SET retires_at = now() - interval '1 second' WHERE kid = $1", [retiring]);
  await restart();
  assert.deepEqual(await publishedKids(), [signing]);
  const { rows } = await db.pool.query('SELECT kid FROM signing_keys');
  assert.deepEqual(rows.map((row) => row.kid), [signing]);
  assert.equal(header(await idToken()).kid, signing);
});

test('attack: starting with a wrong or a missing KEYS_ENCRYPTION_KEY fails with a clear error', async () => {
  await node?.close();
  node = undefined;
  const wrong = await nodeConfig({ PORT: String(config.port), KEYS_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
  await assert.rejects(startServer(wrong), /^ConfigError: configuration: KEYS_ENCRYPTION_KEY does not decrypt signing key key_[0-9a-f]{32}: it is not the key that sealed/);
  const missing = await nodeConfig({ PORT: String(config.port) });
  await assert.rejects(startServer(missing), /KEYS_ENCRYPTION_KEY is not set, but the signing keys in the database are encrypted/);
  await assert.rejects(rotateSigningKey(db.pool, randomBytes(32), 0), /KEYS_ENCRYPTION_KEY does not decrypt/);
  node = await startNode(config);
  assert.equal((await publishedKids()).length, 1, 'nothing changed');
});

test('readable keys stored before KEYS_ENCRYPTION_KEY was set are sealed when it is', async () => {
  const other = await openTestDatabase();
  try {
    const readable = await loadSigningKeys(other.pool, undefined);
    const { rows: before } = await other.pool.query('SELECT private_jwk FROM signing_keys');
    assert.equal(before[0].private_jwk.d, readable.keys[0]!.d);
    const sealed = await loadSigningKeys(other.pool, SEALING_KEY);
    assert.deepEqual(sealed, readable, 'the same key, now sealed');
    const { rows } = await other.pool.query('SELECT private_jwk, to_jsonb(k)::text AS dumped FROM signing_keys k');
    assert.equal(rows[0].private_jwk, null);
    assert.ok(!rows[0].dumped.includes(readable.keys[0]!.d as string));
  } finally {
    await other.close();
  }
});

test('a running node notices a rotation and says it needs a restart', async () => {
  const other = await openTestDatabase();
  try {
    const loaded = await loadSigningKeys(other.pool, undefined);
    const warnings: string[] = [];
    const watch = watchSigningKeys(other.pool, loaded, { intervalMs: 20, warn: (message) => warnings.push(message) });
    await new Promise((done) => setTimeout(done, 100));
    assert.deepEqual(warnings, [], 'nothing changed');
    const [next] = await rotateSigningKey(other.pool, undefined, 0);
    await new Promise((done) => setTimeout(done, 200));
    await watch.stop();
    assert.equal(warnings.length, 1, 'said once');
    assert.match(warnings[0]!, new RegExp(`now says ${next!.kid} \\(signing\\), ${loaded.keys[0]!.kid}; restart this node`));
  } finally {
    await other.close();
  }
});

async function idToken(): Promise<string> {
  const request = await authorizationRequest(node!, world.clientId, { scope: 'openid portfolio:read' });
  const tokens = await exchangeCode(world, (await authorize(node!, world, request, shareMainWrite(world))).url, request);
  assert.ok(tokens.id_token, 'an ID token with scope openid');
  return tokens.id_token;
}

async function publishedKids(): Promise<string[]> {
  const { keys } = await (await fetch(`${node!.url}/oauth2/jwks`)).json();
  return keys.map((key: { kid: string }) => key.kid);
}

function header(jwt: string): { kid: string; alg: string } {
  return JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString('utf8'));
}

/** ES256 over the JWS signing input, with the published key of the token's kid. */
async function verifiesWithJwks(jwt: string): Promise<boolean> {
  const { keys } = await (await fetch(`${node!.url}/oauth2/jwks`)).json();
  const jwk = keys.find((key: { kid: string }) => key.kid === header(jwt).kid);
  if (!jwk) return false;
  const [protectedHeader, payload, signature] = jwt.split('.');
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  return verify('sha256', Buffer.from(`${protectedHeader}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
}

// A restart: the node stops and a new process starts on the same database, port and issuer.
async function restart(): Promise<void> {
  await node?.close();
  node = await startNode(config);
}

async function startNode(nodeConfig: Config): Promise<TestServer> {
  const server = await startServer(nodeConfig);
  return { url: nodeConfig.issuer, config: nodeConfig, db, server, feed: server.feed, close: () => server.close() };
}

async function nodeConfig(env: Record<string, string>): Promise<Config> {
  const port = env.PORT ?? String(await freePort());
  const prefix = config?.redisKeyPrefix ?? `connect-auth-test:${randomBytes(4).toString('hex')}:`;
  return loadConfig({
    ...db.env,
    PORT: port,
    ISSUER: `http://127.0.0.1:${port}`,
    API_RESOURCE,
    SEED_DEMO: 'false',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: prefix } : {}),
    ...env,
  });
}
