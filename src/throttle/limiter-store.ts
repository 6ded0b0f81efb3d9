// Where the login throttle keeps its counters: Redis when REDIS_URL is set (shared by every
// node, expiring by itself), else the login_throttle table of migration 014. Both are
// rate-limiter-flexible stores whose increments are atomic, so parallel requests cannot read
// the same count and all slip through.
// https://github.com/animir/node-rate-limiter-flexible/wiki/Redis and .../wiki/PostgreSQL
import type pg from 'pg';
import { Redis } from 'ioredis';
import { RateLimiterPostgres, RateLimiterRedis, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';

const TABLE = 'login_throttle';

export interface LimiterOptions {
  /** Names the counter; keys are stored as `<prefix>:<key>`. */
  readonly name: string;
  readonly points: number;
  readonly durationSeconds: number;
}

export interface LimiterStore {
  readonly kind: 'redis' | 'postgres';
  limiter(options: LimiterOptions): RateLimiterStoreAbstract;
  close(): Promise<void>;
}

export function openLimiterStore(config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>, pool: pg.Pool): LimiterStore {
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    return {
      kind: 'redis',
      limiter: (options) => new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${config.redisKeyPrefix}throttle:${options.name}`,
        points: options.points,
        duration: options.durationSeconds,
      }),
      close: async () => { redis.disconnect(); },
    };
  }
  // Queries go unnamed: the library names its prepared statements, and the embedded PGlite is
  // one database session behind every socket, so a statement outlives the pool connection that
  // prepared it and the next connection's prepare fails ("already exists"): every login a 500
  // once the first connection idled out (found by the fuzz test).
  const unnamed = { query: (query: pg.QueryConfig) => pool.query({ text: query.text, values: query.values }) };
  return {
    kind: 'postgres',
    // The library deletes rows expired for an hour every five minutes (an unref'd timer).
    limiter: (options) => new RateLimiterPostgres({
      storeClient: unnamed,
      storeType: 'pool',
      tableName: TABLE,
      tableCreated: true,
      keyPrefix: options.name,
      points: options.points,
      duration: options.durationSeconds,
    }),
    close: async () => {},
  };
}
