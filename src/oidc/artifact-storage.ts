// Where oidc-provider keeps its short-lived artifacts (sessions, interactions, codes, tokens,
// grants): Redis when REDIS_URL is set, else the oidc_artifacts table. Clients always come
// from the clients table.
import type pg from 'pg';
import { Redis } from 'ioredis';
import type { Adapter } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { createPostgresAdapterFactory, deleteExpiredArtifacts } from './adapters/postgres-adapter.ts';
import { createRedisAdapterFactory } from './adapters/redis-adapter.ts';
import { createClientAdapter } from './client-store.ts';
import { withGrantCache } from './grant-cache.ts';
import { withCodeRetention } from './code-retention.ts';

const SWEEP_INTERVAL_MS = 10 * 60_000;

export interface ArtifactStorage {
  readonly kind: 'redis' | 'postgres';
  /** The connection the artifacts use, for other short-lived state of the token endpoint. */
  readonly redis?: Redis;
  adapterFor(modelName: string): Adapter;
  close(): Promise<void>;
}

export function openArtifactStorage(config: Config, pool: pg.Pool, feed: ChangeFeed): ArtifactStorage {
  const clients = createClientAdapter(pool, feed);
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    const factory = createRedisAdapterFactory(redis, config.redisKeyPrefix);
    const adapters = memoize(cachingGrants(factory, feed, pool));
    return {
      kind: 'redis',
      redis,
      adapterFor: (name) => (name === 'Client' ? clients : adapters(name)),
      close: async () => { redis.disconnect(); },
    };
  }
  const adapters = memoize(cachingGrants(createPostgresAdapterFactory(pool), feed, pool));
  // Redis expires keys itself; the table needs a sweep.
  const sweep = setInterval(() => {
    deleteExpiredArtifacts(pool).catch((error: Error) => console.error('artifact sweep failed:', error.message));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  return {
    kind: 'postgres',
    adapterFor: (name) => (name === 'Client' ? clients : adapters(name)),
    close: async () => clearInterval(sweep),
  };
}

/** Per-model behaviour on top of the raw adapters: grants cached, codes kept for reuse detection. */
function cachingGrants(factory: (name: string) => Adapter, feed: ChangeFeed, pool: pg.Pool): (name: string) => Adapter {
  return (name) => {
    if (name === 'Grant') return withGrantCache(factory(name), feed, pool);
    if (name === 'AuthorizationCode') return withCodeRetention(factory(name));
    return factory(name);
  };
}

function memoize(factory: (name: string) => Adapter): (name: string) => Adapter {
  const made = new Map<string, Adapter>();
  return (name) => {
    let adapter = made.get(name);
    if (!adapter) made.set(name, (adapter = factory(name)));
    return adapter;
  };
}
