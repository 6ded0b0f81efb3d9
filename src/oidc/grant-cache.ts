// Introspection reads the token and then its Grant; grants change rarely (consent, revocation)
// and every change goes through this adapter, so reads are cached and each write or
// destruction drops the entry here and, through the change feed, on every other node.
// This keeps introspection at one storage round trip (the token) in the steady state.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { TtlCache } from '../cache.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Queryable } from '../db/pool.ts';

/** Bounds staleness where notifications cannot arrive (embedded mode has one node anyway). */
const CACHE_TTL_MS = 5_000;
const CACHE_MAX_ENTRIES = 50_000;

export function withGrantCache(grants: Adapter, feed: ChangeFeed, db: Queryable): Adapter {
  const cache = new TtlCache<AdapterPayload | undefined | void>({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES });
  feed.subscribe((channel, id) => {
    if (channel === 'grant_changed') cache.delete(id);
  });
  const changed = (id: string) => feed.publish(db, 'grant_changed', id);
  return {
    ...grants,
    find: (id) => cache.get(id, () => grants.find(id)),
    async upsert(id, payload, expiresIn) {
      await grants.upsert(id, payload, expiresIn);
      await changed(id);
    },
    async destroy(id) {
      await grants.destroy(id);
      await changed(id);
    },
    findByUid: (uid) => grants.findByUid(uid),
    findByUserCode: (code) => grants.findByUserCode(code),
    consume: (id) => grants.consume(id),
    revokeByGrantId: (id) => grants.revokeByGrantId(id),
  };
}
