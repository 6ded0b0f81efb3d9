// The Redis artifact store: the shared adapter contract, then its key scheme and TTLs. Needs a
// Redis server (REDIS_URL); every run uses its own key prefix and deletes its keys afterwards.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createRedisAdapterFactory } from '../../src/oidc/adapters/redis-adapter.ts';
import { describeAdapterContract } from './adapter-contract.ts';

const HOUR_SECONDS = 3600;
const MINUTE_SECONDS = 60;
const SCAN_BATCH = 500;
const redisUrl = process.env.REDIS_URL;

function openRedis(url: string): { redis: Redis; keyPrefix: string; close(): Promise<void> } {
  const redis = new Redis(url);
  const keyPrefix = `connect-auth-test:${randomBytes(6).toString('hex')}:`;
  return {
    redis,
    keyPrefix,
    async close() {
      for await (const keys of redis.scanStream({ match: `${keyPrefix}*`, count: SCAN_BATCH })) {
        if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
      }
      await redis.quit();
    },
  };
}

if (!redisUrl) {
  test('Redis adapter', { skip: 'REDIS_URL not set: set it (e.g. redis://127.0.0.1:6379) to test the Redis adapter' }, () => {});
} else {
  describeAdapterContract('Redis', async () => {
    const { redis, keyPrefix, close } = openRedis(redisUrl);
    return { factory: createRedisAdapterFactory(redis, keyPrefix), close };
  });

  describe('Redis adapter keys', () => {
    let connection: ReturnType<typeof openRedis>;
    const keysNow = async () => (await connection.redis.keys(`${connection.keyPrefix}*`)).sort();
    before(() => {
      connection = openRedis(redisUrl);
    });
    after(async () => {
      await connection.close();
    });

    test('every key lives under the prefix and expires no sooner than what it indexes', async () => {
      const { redis, keyPrefix } = connection;
      const factory = createRedisAdapterFactory(redis, keyPrefix);
      const [grantId, uid, sessionId, longToken, shortToken] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await factory('RefreshToken').upsert(longToken, { jti: longToken, grantId }, HOUR_SECONDS);
      await factory('AccessToken').upsert(shortToken, { jti: shortToken, grantId }, MINUTE_SECONDS);
      await factory('Session').upsert(sessionId, { jti: sessionId, uid }, HOUR_SECONDS);
      const artifact = `${keyPrefix}artifact:RefreshToken:${longToken}`;
      assert.deepEqual(await keysNow(), [
        `${keyPrefix}artifact:AccessToken:${shortToken}`,
        artifact,
        `${keyPrefix}artifact:Session:${sessionId}`,
        `${keyPrefix}index:grant:${grantId}`,
        `${keyPrefix}index:session-uid:${uid}`,
      ].sort());
      const artifactTtl = await redis.pttl(artifact);
      assert.ok(artifactTtl > 0);
      // Set in the same MULTI a moment apart: allow a second of scheduling between the two.
      assert.ok((await redis.pttl(`${keyPrefix}index:grant:${grantId}`)) >= artifactTtl - 1000);
      assert.ok((await redis.pttl(`${keyPrefix}index:session-uid:${uid}`)) > 0);
    });

    test('revocation and destruction leave no index or consume mark behind', async () => {
      const { redis, keyPrefix } = connection;
      const factory = createRedisAdapterFactory(redis, keyPrefix);
      const before = await keysNow();
      const [grantId, uid, sessionId, token] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await factory('AuthorizationCode').upsert(token, { jti: token, grantId }, MINUTE_SECONDS);
      await factory('Session').upsert(sessionId, { jti: sessionId, uid }, MINUTE_SECONDS);
      await factory('AuthorizationCode').revokeByGrantId(grantId);
      await factory('Session').destroy(sessionId);
      await assert.rejects(factory('AuthorizationCode').consume(token));
      assert.deepEqual(await keysNow(), before);
    });
  });
}
