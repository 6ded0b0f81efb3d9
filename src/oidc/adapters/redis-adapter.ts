// oidc-provider artifacts in Redis, each key expiring with the artifact it holds. Implements the
// whole adapter contract of oidc-provider's example/my_adapter.js.
//
// Keys, all under keyPrefix:
//   artifact:<Model>:<id>        hash { payload: JSON, consumed?: epoch seconds }
//   index:grant:<grantId>        sorted set of the artifact keys issued under the grant
//   index:session-uid:<uid>      id of the Session holding that uid
//   index:user-code:<userCode>   id of the DeviceCode holding that user code
// An index lives at least as long as what it indexes, so a lookup never misses a live artifact.
// It may outlive it (destroyed, replaced), so lookups read the artifact and re-check the field.
// One artifact and its indexes are written in one MULTI; every command there touches one key.
import type { ChainableCommander, Redis } from 'ioredis';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { createConsumeConflict, findRevokingGrantId } from './contract.ts';
import { ADD_TO_GRANT_INDEX, CONSUME_ARTIFACT, DELETE_INDEX_IF_POINTING_AT } from './redis-scripts.ts';

const MS_PER_SECOND = 1000;
// PX/PEXPIRE refuse 0; an artifact saved with no time left expires at once.
const MIN_TTL_MS = 1;
const CONSUMED_NOW = 1;

interface KeyScheme {
  artifact(model: string, id: string): string;
  grant(grantId: string): string;
  sessionUid(uid: string): string;
  userCode(userCode: string): string;
}

export function createRedisAdapterFactory(redis: Redis, keyPrefix: string): (modelName: string) => Adapter {
  const keys: KeyScheme = {
    artifact: (model, id) => `${keyPrefix}artifact:${model}:${id}`,
    grant: (grantId) => `${keyPrefix}index:grant:${grantId}`,
    sessionUid: (uid) => `${keyPrefix}index:session-uid:${uid}`,
    userCode: (userCode) => `${keyPrefix}index:user-code:${userCode}`,
  };
  return (modelName) => createRedisAdapter(redis, keys, modelName);
}

function createRedisAdapter(redis: Redis, keys: KeyScheme, model: string): Adapter {
  const find = async (id: string) => readArtifact(redis, keys.artifact(model, id));
  const findIndexed = async (indexKey: string, field: 'uid' | 'userCode', value: string) => {
    const id = await redis.get(indexKey);
    const payload = id === null ? undefined : await find(id);
    return payload?.[field] === value ? payload : undefined;
  };
  return {
    upsert: (id: string, payload: AdapterPayload, expiresIn?: number) =>
      upsertArtifact(redis, keys, model, id, payload, expiresIn),
    find,
    findByUid: (uid) => findIndexed(keys.sessionUid(uid), 'uid', uid),
    findByUserCode: (userCode) => findIndexed(keys.userCode(userCode), 'userCode', userCode),
    async consume(id) {
      const marked = await redis.eval(CONSUME_ARTIFACT, 1, keys.artifact(model, id), epochSeconds());
      if (marked !== CONSUMED_NOW) throw createConsumeConflict(model);
    },
    destroy: (id) => destroyArtifact(redis, keys, model, id),
    revokeByGrantId: (grantId) => revokeGrant(redis, keys.grant(grantId)),
  };
}

async function readArtifact(redis: Redis, key: string): Promise<AdapterPayload | undefined> {
  const stored = await redis.hgetall(key);
  if (stored.payload === undefined) return undefined;
  const payload = JSON.parse(stored.payload) as AdapterPayload;
  // oidc-provider reads a consumed artifact as one whose payload has a truthy `consumed`.
  return stored.consumed === undefined ? payload : { ...payload, consumed: Number(stored.consumed) };
}

// HSET replaces the payload field only, so an update keeps the consumed mark.
async function upsertArtifact(
  redis: Redis,
  keys: KeyScheme,
  model: string,
  id: string,
  payload: AdapterPayload,
  expiresIn: number | undefined,
): Promise<void> {
  const key = keys.artifact(model, id);
  const ttlMs = typeof expiresIn === 'number' ? Math.max(MIN_TTL_MS, Math.round(expiresIn * MS_PER_SECOND)) : 0;
  const multi = redis.multi();
  const grantId = findRevokingGrantId(model, payload);
  if (grantId) multi.eval(ADD_TO_GRANT_INDEX, 1, keys.grant(grantId), key, ttlMs);
  if (model === 'Session' && payload.uid) setIndex(multi, keys.sessionUid(payload.uid), id, ttlMs);
  if (payload.userCode) setIndex(multi, keys.userCode(payload.userCode), id, ttlMs);
  multi.hset(key, 'payload', JSON.stringify(payload));
  if (ttlMs > 0) multi.pexpire(key, ttlMs);
  else multi.persist(key);
  await execAll(multi);
}

function setIndex(multi: ChainableCommander, indexKey: string, id: string, ttlMs: number): void {
  if (ttlMs > 0) multi.set(indexKey, id, 'PX', ttlMs);
  else multi.set(indexKey, id);
}

async function destroyArtifact(redis: Redis, keys: KeyScheme, model: string, id: string): Promise<void> {
  const key = keys.artifact(model, id);
  const payload = await readArtifact(redis, key);
  const multi = redis.multi().del(key);
  const grantId = payload && findRevokingGrantId(model, payload);
  if (grantId) multi.zrem(keys.grant(grantId), key);
  if (payload?.uid) multi.eval(DELETE_INDEX_IF_POINTING_AT, 1, keys.sessionUid(payload.uid), id);
  if (payload?.userCode) multi.eval(DELETE_INDEX_IF_POINTING_AT, 1, keys.userCode(payload.userCode), id);
  await execAll(multi);
}

// Reading and deleting the index in one MULTI means a token issued under the grant meanwhile
// lands in a fresh index, where the next revocation finds it, instead of being forgotten.
async function revokeGrant(redis: Redis, grantKey: string): Promise<void> {
  const [members] = await execAll(redis.multi().zrange(grantKey, '0', '-1').del(grantKey));
  const artifactKeys = members as string[];
  if (artifactKeys.length > 0) await redis.del(...artifactKeys);
}

// EXEC reports a failed command inside its result list instead of rejecting.
async function execAll(multi: ChainableCommander): Promise<unknown[]> {
  const results = await multi.exec();
  if (!results) throw new Error('redis: transaction aborted');
  return results.map(([error, result]) => {
    if (error) throw error;
    return result;
  });
}

function epochSeconds(): number {
  return Math.floor(Date.now() / MS_PER_SECOND);
}
