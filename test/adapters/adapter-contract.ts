// The oidc-provider adapter contract (example/my_adapter.js in oidc-provider), run against each
// artifact store, so the Postgres table and Redis behave the same for everything the provider
// relies on, including the one-winner consume that stops a code being redeemed twice.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { errors } from 'oidc-provider';
import type { Adapter, AdapterPayload } from 'oidc-provider';

export interface AdapterStore {
  factory: (name: string) => Adapter;
  close(): Promise<void>;
}

const MODELS = ['AccessToken', 'AuthorizationCode', 'RefreshToken', 'Session', 'Grant', 'Interaction'];
const HOUR_SECONDS = 3600;
const SHORT_TTL_SECONDS = 1;
const PAST_SHORT_TTL_MS = 1500;
const RACERS = 20;
// Allowed gap between the consumed mark's timestamp and this process's clock.
const CLOCK_SLACK_SECONDS = 5;

function payloadFor(model: string, extra: Partial<AdapterPayload> = {}): AdapterPayload {
  const now = Math.floor(Date.now() / 1000);
  return { jti: randomUUID(), kind: model, iat: now, exp: now + HOUR_SECONDS, clientId: 'client-1', ...extra };
}

async function saved(adapter: Adapter, model: string, extra: Partial<AdapterPayload> = {}, ttl = HOUR_SECONDS) {
  const payload = payloadFor(model, extra);
  await adapter.upsert(payload.jti!, payload, ttl);
  return payload as AdapterPayload & { jti: string };
}

function isInvalidGrant(error: unknown): boolean {
  return error instanceof errors.InvalidGrant && error.error === 'invalid_grant';
}

type AdapterOf = (model: string) => Adapter;

export function describeAdapterContract(label: string, setup: () => Promise<AdapterStore>): void {
  describe(`${label} adapter contract`, () => {
    let store: AdapterStore;
    const adapter: AdapterOf = (model) => store.factory(model);
    before(async () => {
      store = await setup();
    });
    after(async () => {
      await store.close();
    });
    describeStorage(adapter);
    describe('lookups', () => describeLookups(adapter));
    describe('consume', () => describeConsume(adapter));
    describeExpiryAndRevocation(adapter);
  });
}

function describeStorage(adapter: AdapterOf): void {
  for (const model of MODELS) {
    test(`${model}: upsert, find, update, destroy`, async () => {
      const payload = await saved(adapter(model), model, { scope: 'openid' });
      assert.deepEqual(await adapter(model).find(payload.jti), payload);
      const updated = { ...payload, scope: 'openid portfolio:read' };
      await adapter(model).upsert(payload.jti, updated, HOUR_SECONDS);
      assert.deepEqual(await adapter(model).find(payload.jti), updated);
      await adapter(model).destroy(payload.jti);
      assert.equal(await adapter(model).find(payload.jti), undefined);
    });
  }

  test('find of an unknown id is undefined; destroy of it is a no-op', async () => {
    assert.equal(await adapter('AccessToken').find(randomUUID()), undefined);
    await adapter('AccessToken').destroy(randomUUID());
  });

  test('each model has its own ids', async () => {
    const token = await saved(adapter('AccessToken'), 'AccessToken');
    assert.equal(await adapter('RefreshToken').find(token.jti), undefined);
    await adapter('RefreshToken').destroy(token.jti);
    assert.deepEqual(await adapter('AccessToken').find(token.jti), token);
  });

  test('an artifact saved without expiresIn is kept', async () => {
    const payload = payloadFor('Grant');
    await adapter('Grant').upsert(payload.jti!, payload);
    assert.deepEqual(await adapter('Grant').find(payload.jti!), payload);
  });
}

function describeLookups(adapter: AdapterOf): void {
  describe('Session.findByUid', () => {
    test('finds the session by uid, and no longer once destroyed', async () => {
      const session = await saved(adapter('Session'), 'Session', { uid: randomUUID(), accountId: 'user-1' });
      assert.deepEqual(await adapter('Session').findByUid(session.uid!), session);
      assert.equal(await adapter('Session').findByUid(randomUUID()), undefined);
      await adapter('Session').destroy(session.jti);
      assert.equal(await adapter('Session').findByUid(session.uid!), undefined);
    });

    test('follows the session to its new id (oidc-provider destroys the old id, saves the new)', async () => {
      const uid = randomUUID();
      const old = await saved(adapter('Session'), 'Session', { uid });
      await adapter('Session').destroy(old.jti);
      const renewed = await saved(adapter('Session'), 'Session', { uid });
      assert.deepEqual(await adapter('Session').findByUid(uid), renewed);
      await adapter('Session').destroy(old.jti);
      assert.deepEqual(await adapter('Session').findByUid(uid), renewed);
    });
  });

  test('DeviceCode.findByUserCode', async () => {
    const code = await saved(adapter('DeviceCode'), 'DeviceCode', { userCode: `UC-${randomUUID()}` });
    assert.deepEqual(await adapter('DeviceCode').findByUserCode(code.userCode!), code);
    assert.equal(await adapter('DeviceCode').findByUserCode('NO-SUCH-CODE'), undefined);
    await adapter('DeviceCode').destroy(code.jti);
    assert.equal(await adapter('DeviceCode').findByUserCode(code.userCode!), undefined);
  });
}

function describeConsume(adapter: AdapterOf): void {
  test('marks the artifact consumed with the epoch seconds of consumption', async () => {
    const code = await saved(adapter('AuthorizationCode'), 'AuthorizationCode');
    assert.equal((await adapter('AuthorizationCode').find(code.jti))?.consumed, undefined);
    await adapter('AuthorizationCode').consume(code.jti);
    const found = await adapter('AuthorizationCode').find(code.jti);
    const consumed: unknown = found?.consumed;
    assert.ok(typeof consumed === 'number', `consumed=${String(consumed)}`);
    assert.ok(Math.abs(consumed - Date.now() / 1000) < CLOCK_SLACK_SECONDS, `consumed=${consumed}`);
    assert.deepEqual({ ...found, consumed: undefined }, { ...code, consumed: undefined });
  });

  test('a second consume, or one of a missing artifact, is invalid_grant', async () => {
    const token = await saved(adapter('RefreshToken'), 'RefreshToken');
    await adapter('RefreshToken').consume(token.jti);
    await assert.rejects(adapter('RefreshToken').consume(token.jti), isInvalidGrant);
    await assert.rejects(adapter('RefreshToken').consume(randomUUID()), isInvalidGrant);
  });

  test('a lost race on a pushed request is invalid_request_uri, as oidc-provider says', async () => {
    const par = await saved(adapter('PushedAuthorizationRequest'), 'PushedAuthorizationRequest');
    await adapter('PushedAuthorizationRequest').consume(par.jti);
    await assert.rejects(
      adapter('PushedAuthorizationRequest').consume(par.jti),
      (error: unknown) => error instanceof errors.InvalidRequestUri,
    );
  });

  test('upsert keeps the consumed mark', async () => {
    const token = await saved(adapter('RefreshToken'), 'RefreshToken');
    await adapter('RefreshToken').consume(token.jti);
    const consumed = (await adapter('RefreshToken').find(token.jti))?.consumed;
    await adapter('RefreshToken').upsert(token.jti, { ...token, scope: 'changed' }, HOUR_SECONDS);
    const found = await adapter('RefreshToken').find(token.jti);
    assert.equal(found?.scope, 'changed');
    assert.equal(found?.consumed, consumed);
  });

  test(`${RACERS} concurrent consumes of one code: exactly one wins`, async () => {
    const code = await saved(adapter('AuthorizationCode'), 'AuthorizationCode');
    const racers = Array.from({ length: RACERS }, () => adapter('AuthorizationCode').consume(code.jti));
    const outcomes = await Promise.allSettled(racers);
    const losers = outcomes.filter((outcome) => outcome.status === 'rejected');
    assert.equal(outcomes.filter((outcome) => outcome.status === 'fulfilled').length, 1);
    assert.equal(losers.length, RACERS - 1);
    for (const loser of losers) assert.ok(isInvalidGrant(loser.reason), String(loser.reason));
  });
}

function describeExpiryAndRevocation(adapter: AdapterOf): void {
  test('an artifact is gone once its TTL has passed, and its lookups with it', async () => {
    const ttl = SHORT_TTL_SECONDS;
    const code = await saved(adapter('AuthorizationCode'), 'AuthorizationCode', { grantId: randomUUID() }, ttl);
    const session = await saved(adapter('Session'), 'Session', { uid: randomUUID() }, ttl);
    const device = await saved(adapter('DeviceCode'), 'DeviceCode', { userCode: `UC-${randomUUID()}` }, ttl);
    const lasting = await saved(adapter('AccessToken'), 'AccessToken');
    assert.deepEqual(await adapter('AuthorizationCode').find(code.jti), code);
    await sleep(PAST_SHORT_TTL_MS);
    assert.equal(await adapter('AuthorizationCode').find(code.jti), undefined);
    assert.equal(await adapter('Session').findByUid(session.uid!), undefined);
    assert.equal(await adapter('DeviceCode').findByUserCode(device.userCode!), undefined);
    await assert.rejects(adapter('AuthorizationCode').consume(code.jti), isInvalidGrant);
    assert.deepEqual(await adapter('AccessToken').find(lasting.jti), lasting);
  });

  test('revokeByGrantId removes every artifact of the grant, of every model, and no other', async () => {
    const grantId = randomUUID();
    const grant = await saved(adapter('Grant'), 'Grant', { jti: grantId });
    const ofGrant = [
      ['AccessToken', await saved(adapter('AccessToken'), 'AccessToken', { grantId })],
      ['AccessToken', await saved(adapter('AccessToken'), 'AccessToken', { grantId })],
      ['RefreshToken', await saved(adapter('RefreshToken'), 'RefreshToken', { grantId })],
      ['AuthorizationCode', await saved(adapter('AuthorizationCode'), 'AuthorizationCode', { grantId })],
    ] as const;
    const otherToken = await saved(adapter('AccessToken'), 'AccessToken', { grantId: randomUUID() });
    // oidc-provider destroys the Grant itself only when its revokeGrantPolicy says so, and an
    // Interaction merely refers to a grant it may update: neither is revoked here.
    const interaction = await saved(adapter('Interaction'), 'Interaction', { grantId });

    await adapter('AccessToken').revokeByGrantId(grantId);

    for (const [model, payload] of ofGrant) assert.equal(await adapter(model).find(payload.jti), undefined, model);
    assert.deepEqual(await adapter('AccessToken').find(otherToken.jti), otherToken);
    assert.deepEqual(await adapter('Grant').find(grant.jti), grant);
    assert.deepEqual(await adapter('Interaction').find(interaction.jti), interaction);
    const reissued = await saved(adapter('RefreshToken'), 'RefreshToken', { grantId });
    await adapter('RefreshToken').revokeByGrantId(grantId);
    assert.equal(await adapter('RefreshToken').find(reissued.jti), undefined);
  });
}
