// What the purge tests share: a real connection with tokens (the whole flow over HTTP), the
// deletion moved back in time, the rows a purge must remove, and waiting for a cache to expire.
import type pg from 'pg';
import type * as oauth from 'oauth4webapi';
import { findActiveInstallationId } from '../../src/connections/connection-queries.ts';
import { authorizationRequest, authorize, exchangeCode, shareMainWrite, type World } from '../helpers/flow.ts';
import type { TestServer } from '../helpers/server.ts';

const POLL_INTERVAL_MS = 200;

export interface Connection {
  readonly installationId: string;
  readonly tokens: oauth.TokenEndpointResponse;
}

export async function connect(t: TestServer, world: World): Promise<Connection> {
  const request = await authorizationRequest(t, world.clientId);
  const callback = await authorize(t, world, request, shareMainWrite(world));
  const tokens = await exchangeCode(world, callback.url, request);
  const installationId = await findActiveInstallationId(t.db.pool, world.userId, world.clientId);
  if (!installationId) throw new Error('the flow left no live installation');
  return { installationId, tokens };
}

/** Sets the deletion to 30 days ago, shifted by `minutes` (positive: later, so not yet due). */
export async function setDeletedThirtyDaysAgo(pool: pg.Pool, installationId: string, minutes: number): Promise<void> {
  await pool.query(
    `UPDATE installations SET deleted_at = now() - interval '30 days' + make_interval(mins => $2) WHERE id = $1`,
    [installationId, minutes],
  );
}

export async function countRows(pool: pg.Pool, installationId: string): Promise<{ installations: number; permissions: number; purgeAudits: number }> {
  const { rows } = await pool.query(
    `SELECT (SELECT count(*) FROM installations WHERE id = $1)::int AS installations,
            (SELECT count(*) FROM permissions WHERE installation_id = $1)::int AS permissions,
            (SELECT count(*) FROM audit_events WHERE installation_id = $1 AND type = 'connection.purged')::int AS purge_audits`,
    [installationId],
  );
  return { installations: rows[0].installations, permissions: rows[0].permissions, purgeAudits: rows[0].purge_audits };
}

/** Polls until `check` returns true (a server's cache expires, a schedule runs), or fails after timeoutMs. */
export async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((done) => setTimeout(done, POLL_INTERVAL_MS));
  }
}
