// Connection info as API servers see it (spec 2.1, the body of GET /user), read on every
// introspection: cached per installation, dropped when the installation changes.
import type pg from 'pg';
import { TtlCache } from '../cache.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { findConnection, type ConnectionRow } from './connection-queries.ts';

export interface ConnectionInfo {
  readonly userId: string;
  readonly installationId: string;
  readonly state: 'active' | 'deleted';
  readonly permissions: readonly { action: 'read' | 'write'; resourceType: 'portfolio'; resourceId: string }[];
}

const CACHE_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 50_000;

export class ConnectionDirectory {
  readonly #pool: pg.Pool;
  readonly #cache = new TtlCache<ConnectionInfo | undefined>({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES });

  constructor(pool: pg.Pool, feed: ChangeFeed) {
    this.#pool = pool;
    feed.subscribe((channel, id) => {
      if (channel === 'installation_changed') this.#cache.delete(id);
    });
  }

  /** undefined when the installation does not exist (never created, or purged). */
  find(installationId: string): Promise<ConnectionInfo | undefined> {
    return this.#cache.get(installationId, (id) => this.#load(id));
  }

  async #load(installationId: string): Promise<ConnectionInfo | undefined> {
    const row = await findConnection(this.#pool, installationId);
    return row && toConnectionInfo(row);
  }
}

/** The GET /user body of an installation row. */
export function toConnectionInfo(row: ConnectionRow): ConnectionInfo {
  return {
    userId: row.userId,
    installationId: row.installationId,
    state: row.state,
    // A deleted connection keeps answering GET /user but grants nothing (spec section 3).
    permissions: row.state === 'deleted'
      ? []
      : row.permissions.map((p) => ({ action: p.action, resourceType: 'portfolio', resourceId: p.portfolioId })),
  };
}
