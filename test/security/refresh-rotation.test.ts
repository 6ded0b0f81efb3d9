// Refresh token rotation under concurrency (issue 4, item 2; RFC 9700 section 4.14.2).
// Parallel refreshes with one token inside the grace window all receive the same new pair;
// the rotated token presented after the window, by another client, with other credentials or
// with a DPoP proof gets no tokens, and reuse after the window revokes the grant with an
// audit event. The grace store never holds a token in clear.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import * as oauth from 'oauth4webapi';
import { Redis } from 'ioredis';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { authorizationRequest, authorize, createWorld, exchangeCode, introspect, shareMainWrite, type World } from '../helpers/flow.ts';
import { createPostgresGraceStore } from '../../src/oidc/refresh-grace/postgres-grace-store.ts';
import { createRedisGraceStore } from '../../src/oidc/refresh-grace/redis-grace-store.ts';

const PARALLEL = 10;
/** Headers that differ per response by design: the date and the CSP nonce. */
const PER_RESPONSE = new Set(['date', 'content-security-policy', 'connection', 'keep-alive']);

let t: TestServer;
let world: World;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
});
after(() => t?.close());

async function connect(server: TestServer, w: World, confidential = false) {
  const clientId = confidential ? w.confidential.clientId : w.clientId;
  const auth = confidential ? oauth.ClientSecretBasic(w.confidential.secret) : oauth.None();
  const request = await authorizationRequest(server, clientId, { prompt: 'consent' });
  return exchangeCode(w, (await authorize(server, w, request, shareMainWrite(w))).url, request, clientId, auth);
}

function basic(clientId: string, secret: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}` };
}

function refresh(server: TestServer, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ grant_type: 'refresh_token', ...fields }),
  });
}

async function answer(response: Response) {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !PER_RESPONSE.has(name)));
  return { status: response.status, headers, body: await response.json() as Record<string, string> };
}

test('parallel refreshes with one token inside the window all receive the same new token pair', async () => {
  const tokens = await connect(t, world);
  const answers = await Promise.all(Array.from({ length: PARALLEL }, async () =>
    answer(await refresh(t, { refresh_token: tokens.refresh_token!, client_id: world.clientId }))));
  assert.deepEqual(answers.map((a) => a.status), Array(PARALLEL).fill(200), JSON.stringify(answers.map((a) => a.body)));
  const [first] = answers;
  assert.notEqual(first!.body.refresh_token, tokens.refresh_token);
  for (const other of answers) {
    assert.deepEqual(other.body, first!.body, 'same access_token, refresh_token and expiry');
    assert.deepEqual(other.headers, first!.headers, 'same headers as the original response');
  }
  assert.equal(first!.headers['cache-control'], 'no-store');
  assert.equal((await introspect(world, first!.body.access_token!)).active, true);
  const next = await refresh(t, { refresh_token: first!.body.refresh_token!, client_id: world.clientId });
  assert.equal(next.status, 200, 'the new refresh token works');
});

test('parallel refreshes of a confidential client inside the window all receive the same pair', async () => {
  const tokens = await connect(t, world, true);
  const credentials = basic(world.confidential.clientId, world.confidential.secret);
  const answers = await Promise.all(Array.from({ length: PARALLEL }, async () =>
    answer(await refresh(t, { refresh_token: tokens.refresh_token! }, credentials))));
  assert.deepEqual(answers.map((a) => a.status), Array(PARALLEL).fill(200));
  assert.equal(new Set(answers.map((a) => `${a.body.access_token} ${a.body.refresh_token}`)).size, 1);
});

test('attack: another client presenting the rotated token inside the window gets no tokens', async () => {
  const tokens = await connect(t, world);
  const rotated = await answer(await refresh(t, { refresh_token: tokens.refresh_token!, client_id: world.clientId }));
  assert.equal(rotated.status, 200);
  const attempts = [
    await refresh(t, { refresh_token: tokens.refresh_token! }, basic(world.confidential.clientId, world.confidential.secret)),
    await refresh(t, { refresh_token: tokens.refresh_token!, client_id: world.confidential.clientId }),
  ];
  for (const attempt of attempts) {
    const { status, body } = await answer(attempt);
    assert.ok(status === 400 || status === 401, `status ${status}`);
    assert.ok(['invalid_grant', 'invalid_client'].includes(body.error!), body.error);
    assert.equal(body.access_token, undefined);
    assert.equal(body.refresh_token, undefined);
  }
  assert.equal((await introspect(world, rotated.body.access_token!)).active, true, 'a foreign client cannot revoke the grant');
});

test('attack: a follower with a wrong client secret gets no tokens', async () => {
  const tokens = await connect(t, world, true);
  const right = basic(world.confidential.clientId, world.confidential.secret);
  const wrong = basic(world.confidential.clientId, `${world.confidential.secret}x`);
  const [legit, forged] = await Promise.all([refresh(t, { refresh_token: tokens.refresh_token! }, right), refresh(t, { refresh_token: tokens.refresh_token! }, wrong)]);
  assert.equal(legit.status, 200);
  const after = await refresh(t, { refresh_token: tokens.refresh_token! }, wrong);
  for (const response of [forged, after]) {
    const { status, body } = await answer(response);
    assert.equal(status, 401);
    assert.equal(body.error, 'invalid_client');
    assert.equal(body.access_token, undefined);
  }
});

test('attack: a request with a DPoP proof is never answered from the window', async () => {
  const tokens = await connect(t, world);
  assert.equal((await refresh(t, { refresh_token: tokens.refresh_token!, client_id: world.clientId })).status, 200);
  const { status, body } = await answer(await refresh(t, { refresh_token: tokens.refresh_token!, client_id: world.clientId }, { dpop: 'eyJhbGciOiJFUzI1NiJ9.e30.AAAA' }));
  assert.equal(status, 400);
  assert.equal(body.access_token, undefined);
});

test('a failed refresh is not replayed: the others still get one rotation between them', async () => {
  const tokens = await connect(t, world);
  const fields = { refresh_token: tokens.refresh_token!, client_id: world.clientId };
  const [failed, ...rest] = await Promise.all([
    refresh(t, { ...fields, scope: 'portfolio:read openid-unknown' }),
    ...Array.from({ length: 4 }, () => refresh(t, fields)),
  ]);
  assert.equal(failed!.status, 400);
  const answers = await Promise.all(rest.map(answer));
  assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 200]);
  assert.equal(new Set(answers.map((a) => a.body.refresh_token)).size, 1);
});

test('the grace store holds no token in clear', async () => {
  const tokens = await connect(t, world);
  const rotated = await answer(await refresh(t, { refresh_token: tokens.refresh_token!, client_id: world.clientId }));
  const stored = await readGraceStore(t);
  assert.ok(stored.length > 0, 'the rotation left an entry');
  const secrets = [tokens.refresh_token!, rotated.body.access_token!, rotated.body.refresh_token!];
  for (const entry of stored) {
    for (const secret of secrets) {
      for (const form of [secret, Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('hex')]) {
        assert.ok(!entry.includes(form), 'a token appears in the store');
      }
    }
  }
});

test('attack: reuse of a rotated refresh token after the grace window revokes the grant', async () => {
  const short = await startTestServer({ REFRESH_GRACE_SECONDS: '1' });
  try {
    const w = await createWorld(short);
    const tokens = await connect(short, w);
    const installationId = (await introspect(w, tokens.access_token)).installation_id;
    const rotated = await answer(await refresh(short, { refresh_token: tokens.refresh_token!, client_id: w.clientId }));
    assert.equal(rotated.status, 200);
    await sleep(1200);
    const reuse = await answer(await refresh(short, { refresh_token: tokens.refresh_token!, client_id: w.clientId }));
    assert.equal(reuse.status, 400);
    assert.equal(reuse.body.error, 'invalid_grant');
    assert.equal(reuse.body.access_token, undefined);
    for (const token of [tokens.access_token, rotated.body.access_token!]) assert.deepEqual(await introspect(w, token), { active: false });
    assert.equal((await refresh(short, { refresh_token: rotated.body.refresh_token!, client_id: w.clientId })).status, 400, 'the new refresh token died with the grant');
    const { rows } = await short.db.pool.query(
      "SELECT user_id, client_id, installation_id, details FROM audit_events WHERE type = 'refresh_token.reused'");
    assert.equal(rows.length, 1);
    assert.equal(rows[0].user_id, w.userId);
    assert.equal(rows[0].client_id, w.clientId);
    assert.equal(rows[0].installation_id, installationId);
    assert.equal(rows[0].details.outcome, 'grant_revoked');
  } finally {
    await short.close();
  }
});

test('attack: parallel claims on one slot make one leader; a stale lease or window frees the slot', async () => {
  const redis = t.config.redisUrl ? new Redis(t.config.redisUrl) : undefined;
  const store = redis ? createRedisGraceStore(redis, t.config.redisKeyPrefix) : createPostgresGraceStore(t.db.pool);
  try {
    const claims = await Promise.all(Array.from({ length: PARALLEL }, () => store.claim('slot-a', 300)));
    assert.equal(claims.filter(Boolean).length, 1, 'one leader');
    assert.equal(await store.read('slot-a'), undefined, 'a lease holds no response');
    await sleep(400);
    assert.equal(await store.claim('slot-a', 300), true, 'a dead leader\'s lease expires');
    await store.publish('slot-a', Buffer.from('sealed'), 300);
    assert.equal(await store.claim('slot-a', 300), false, 'a published response is not replaced');
    assert.deepEqual(await store.read('slot-a'), Buffer.from('sealed'));
    await store.release('slot-a');
    assert.deepEqual(await store.read('slot-a'), Buffer.from('sealed'), 'release frees leases only');
    await sleep(400);
    assert.equal(await store.read('slot-a'), undefined, 'the window ends');
    assert.equal(await store.claim('slot-a', 300), true);
    await store.release('slot-a');
    assert.equal(await store.claim('slot-a', 300), true, 'a released lease is free at once');
  } finally {
    redis?.disconnect();
  }
});

/** Every stored grace entry, as latin1 text: its key and its value (Redis) or row (Postgres). */
async function readGraceStore(server: TestServer): Promise<string[]> {
  if (server.config.redisUrl) {
    const redis = new Redis(server.config.redisUrl);
    try {
      const keys = await redis.keys(`${server.config.redisKeyPrefix}refresh-grace:*`);
      return Promise.all(keys.map(async (key) => `${key} ${(await redis.getBuffer(key))?.toString('latin1')}`));
    } finally {
      redis.disconnect();
    }
  }
  const { rows } = await server.db.pool.query('SELECT slot, sealed FROM refresh_grace');
  return rows.map((row) => `${row.slot} ${(row.sealed as Buffer).toString('latin1')}`);
}
