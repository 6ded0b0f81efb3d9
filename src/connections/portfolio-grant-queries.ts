// SQL for granting an installation a portfolio its integration created through the API.
// Rows are locked, so a concurrent disconnect or portfolio deletion waits for the grant
// instead of racing it (the grant would otherwise land on a deleted connection, or fail on
// the foreign key).
import type { Queryable } from '../db/pool.ts';
import type { PermissionRow } from './connection-queries.ts';

export interface LockedInstallation {
  readonly userId: string;
  readonly clientId: string;
  readonly state: 'active' | 'deleted';
  readonly scopes: string[];
}

/** Inside a transaction: the installation, locked until commit; undefined when it does not exist. */
export async function lockInstallation(db: Queryable, installationId: string): Promise<LockedInstallation | undefined> {
  const { rows } = await db.query(
    'SELECT user_id, client_id, state, scopes FROM installations WHERE id = $1 FOR UPDATE',
    [installationId],
  );
  const row = rows[0];
  return row && { userId: row.user_id, clientId: row.client_id, state: row.state, scopes: row.scopes };
}

/** Inside a transaction: true when the user owns the portfolio, which then cannot be deleted until commit. */
export async function lockPortfolioOfUser(db: Queryable, portfolioId: string, userId: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM portfolios WHERE id = $1 AND user_id = $2 FOR KEY SHARE',
    [portfolioId, userId],
  );
  return rows.length > 0;
}

/** Adds the permissions not granted yet; returns the ones it added (none when all existed). */
export async function addPermissions(db: Queryable, installationId: string, permissions: readonly PermissionRow[]): Promise<PermissionRow[]> {
  if (permissions.length === 0) return [];
  const { rows } = await db.query(
    `INSERT INTO permissions (installation_id, portfolio_id, action)
     SELECT $1, portfolio_id, action FROM unnest($2::text[], $3::text[]) AS p (portfolio_id, action)
     ON CONFLICT (installation_id, portfolio_id, action) DO NOTHING
     RETURNING portfolio_id, action`,
    [installationId, permissions.map((p) => p.portfolioId), permissions.map((p) => p.action)],
  );
  return rows.map((row: { portfolio_id: string; action: PermissionRow['action'] }) => ({ portfolioId: row.portfolio_id, action: row.action }));
}
