// Cache invalidation across processes and nodes: whoever changes a client or a connection
// publishes its id; every server drops its cached copy. Between nodes on PostgreSQL this is
// LISTEN/NOTIFY; inside one process listeners are called at once. The embedded PGlite socket
// does not deliver notifications between connections, so there a change made by another
// process (the CLI) is seen when the cache entry expires: caches keep a short TTL for that.
import type pg from 'pg';
import type { Queryable } from './pool.ts';

export type ChangeChannel = 'client_changed' | 'installation_changed' | 'grant_changed';
const CHANNELS: readonly ChangeChannel[] = ['client_changed', 'installation_changed', 'grant_changed'];

type ChangeHandler = (channel: ChangeChannel, id: string) => void;

export class ChangeFeed {
  readonly #handlers = new Set<ChangeHandler>();
  #listener: pg.PoolClient | undefined;

  /** Tell every cache, here and on other nodes, that `id` changed. Call after commit. */
  async publish(db: Queryable, channel: ChangeChannel, id: string): Promise<void> {
    this.#dispatch(channel, id);
    await db.query('SELECT pg_notify($1, $2)', [channel, id]);
  }

  subscribe(handler: ChangeHandler): void {
    this.#handlers.add(handler);
  }

  /** Holds one dedicated connection for LISTEN until close(). */
  async listen(pool: pg.Pool): Promise<void> {
    const client = await pool.connect();
    client.on('notification', (message) => {
      if (message.payload && CHANNELS.includes(message.channel as ChangeChannel)) {
        this.#dispatch(message.channel as ChangeChannel, message.payload);
      }
    });
    for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
    this.#listener = client;
  }

  async close(): Promise<void> {
    const client = this.#listener;
    this.#listener = undefined;
    if (!client) return;
    await client.query('UNLISTEN *').catch(() => {});
    client.release();
  }

  #dispatch(channel: ChangeChannel, id: string): void {
    for (const handler of this.#handlers) handler(channel, id);
  }
}
