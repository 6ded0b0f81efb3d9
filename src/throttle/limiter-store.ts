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
  return {
    kind: 'postgres',
    // The library deletes rows expired for an hour every five minutes (an unref'd timer).
    limiter: (options) => new RateLimiterPostgres({
      storeClient: pool,
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
