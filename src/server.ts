// Starts everything in dependency order (config → storage → app → listen) and stops it in
// reverse. Used by main.ts and by the integration tests, so tests run the real server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/pool.ts';
import { migrate } from './db/migrate.ts';
import { ChangeFeed } from './db/change-feed.ts';
import { openArtifactStorage } from './oidc/artifact-storage.ts';
import { startPurgeSchedule } from './connections/purge-schedule.ts';
import { loadSigningKeys } from './oidc/signing-keys.ts';
import { watchSigningKeys } from './oidc/signing-key-watch.ts';
import { createApp } from './app.ts';
import { openLimiterStore } from './throttle/limiter-store.ts';
import { LoginThrottle } from './throttle/login-throttle.ts';
import { seedDemo } from './seed/demo.ts';
import { createDemoFlow, type DemoFlow } from './seed/demo-flow.ts';

/**
 * Request headers, all of them together: Node's default, set here so it is a decision. Cookies,
 * a DPoP proof and a Basic header fit many times over; Node answers a larger head 431.
 */
const MAX_HEADER_BYTES = 16 * 1024;

export interface RunningServer {
  readonly url: string;
  readonly provider: Provider;
  readonly database: Database;
  /** This server's change feed: a change published here reaches its caches at once. */
  readonly feed: ChangeFeed;
  readonly demo?: DemoFlow;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase(config);
  await migrate(database.pool);
  // First, so a wrong KEYS_ENCRYPTION_KEY stops the start before anything else is opened.
  const jwks = await loadSigningKeys(database.pool, config.keysEncryptionKey).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const feed = new ChangeFeed();
  // The embedded socket does not carry notifications; one process serves it anyway.
  if (!database.embedded) await feed.listen(database.pool);
  const storage = openArtifactStorage(config, database.pool, feed);
  const limiters = openLimiterStore(config, database.pool);
  const throttle = new LoginThrottle(limiters, config.loginThrottle);
  const seed = config.seedDemo ? await seedDemo(database.pool, feed, config.issuer) : undefined;
  const demo = seed ? createDemoFlow(config.issuer, seed) : undefined;
  const provider = createApp({ config, pool: database.pool, feed, storage, jwks, demo, throttle });
  provider.on('server_error', (_ctx, error: Error) => console.error('server error:', error));

  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, provider.callback());
  await listen(server, config.port, config.host);
  const purge = startPurgeSchedule({ pool: database.pool, storage, feed });
  const keyWatch = watchSigningKeys(database.pool, jwks);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    provider,
    database,
    feed,
    demo,
    async close() {
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeIdleConnections();
      await closed;
      await purge.stop();
      await keyWatch.stop();
      await storage.close();
      await limiters.close();
      await feed.close();
      await database.close();
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
}
