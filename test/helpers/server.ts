// The real server on a free port, over a fresh test database (see database.ts), with Redis
// for oidc-provider artifacts when REDIS_URL is set (a key prefix of its own, removed after).
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from '../../src/config.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { ChangeFeed } from '../../src/db/change-feed.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';

export const API_RESOURCE = 'https://api.portfolio-connect.test/v1';

export interface TestServer {
  readonly url: string;
  readonly config: Config;
  readonly db: TestDatabase;
  readonly server: RunningServer;
  /** A feed for changes the test makes directly (the server's own listeners get them by NOTIFY, or by TTL when embedded). */
  readonly feed: ChangeFeed;
  close(): Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const db = await openTestDatabase();
  const port = await freePort();
  const redisKeyPrefix = `connect-auth-test:${randomBytes(4).toString('hex')}:`;
  const config = loadConfig({
    ...db.env,
    PORT: String(port),
    ISSUER: `http://127.0.0.1:${port}`,
    API_RESOURCE,
    SEED_DEMO: 'false',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: redisKeyPrefix } : {}),
    ...env,
  });
  const server = await startServer(config);
  return {
    url: config.issuer,
    config,
    db,
    server,
    feed: new ChangeFeed(),
    async close() {
      await server.close();
      await db.close();
      if (config.redisUrl) await deleteKeys(config.redisUrl, redisKeyPrefix);
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Removes every Redis key a test server wrote under its prefix. */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
}
