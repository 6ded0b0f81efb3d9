// Grace slots in Redis: one key per slot, `SET NX PX` for the lease (atomic: one leader per
// rotated token), overwritten with the sealed response and its window as TTL.
import type { Redis } from 'ioredis';
import type { GraceStore } from './grace-store.ts';

const LEASED = 'leased';

/** KEYS[1] slot, ARGV[1] the lease marker: deletes the slot only while it is still leased. */
const RELEASE_LEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

export function createRedisGraceStore(redis: Redis, keyPrefix: string): GraceStore {
  const slot = (key: string) => `${keyPrefix}refresh-grace:${key}`;
  return {
    claim: async (key, leaseMs) => (await redis.set(slot(key), LEASED, 'PX', leaseMs, 'NX')) === 'OK',
    async read(key) {
      const value = await redis.getBuffer(slot(key));
      return value && value.toString('latin1') !== LEASED ? value : undefined;
    },
    async publish(key, sealed, windowMs) {
      await redis.set(slot(key), sealed, 'PX', windowMs);
    },
    async release(key) {
      await redis.eval(RELEASE_LEASE, 1, slot(key), LEASED);
    },
  };
}
