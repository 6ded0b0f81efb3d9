// SQL for installations (user x integration connections) and their per-portfolio permissions.
import type { Queryable } from '../db/pool.ts';
import type { Action } from '../oidc/scopes.ts';

export interface PermissionRow {
  readonly portfolioId: string;
  readonly action: Action;
}

export interface ConnectionRow {
  readonly installationId: string;
  readonly userId: string;
  readonly clientId: string;
  readonly state: 'active' | 'deleted';
  readonly scopes: string[];
  readonly permissions: PermissionRow[];
}

/** The live connection of a user with an integration, created when there is none. */
export async function upsertActiveInstallation(db: Queryable, newId: string, userId: string, clientId: string): Promise<string> {
  const { rows } = await db.query(
    `INSERT INTO installations (id, user_id, client_id) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, client_id) WHERE state = 'active' DO UPDATE SET updated_at = now()
     RETURNING id`,
    [newId, userId, clientId],
  );
  return rows[0].id;
}

export async function setInstallationScopes(db: Queryable, installationId: string, scopes: readonly string[], requested: readonly string[]): Promise<void> {
  await db.query('UPDATE installations SET scopes = $2, requested_scopes = $3, updated_at = now() WHERE id = $1', [installationId, scopes, requested]);
}

/** The owner's live installation, locked for the rest of the transaction. */
export async function lockLiveInstallation(db: Queryable, installationId: string, userId: string): Promise<{ clientId: string; requestedScopes: string[] } | undefined> {
  const { rows } = await db.query(
    `SELECT client_id, requested_scopes FROM installations WHERE id = $1 AND user_id = $2 AND state = 'active' FOR UPDATE`,
    [installationId, userId],
  );
  return rows[0] ? { clientId: rows[0].client_id, requestedScopes: rows[0].requested_scopes } : undefined;
}

/** Only the owner's live installation; returns its client, or undefined when nothing matched. */
export async function markInstallationDeleted(db: Queryable, installationId: string, userId: string): Promise<{ clientId: string } | undefined> {
  const { rows } = await db.query(
    `UPDATE installations SET state = 'deleted', deleted_at = now(), updated_at = now()
     WHERE id = $1 AND user_id = $2 AND state = 'active' RETURNING client_id`,
    [installationId, userId],
  );
  return rows[0] ? { clientId: rows[0].client_id } : undefined;
}

/** Token endpoint activity, at most once a minute per installation (it feeds "last used"). */
export async function touchInstallation(db: Queryable, installationId: string): Promise<void> {
  await db.query(
    `UPDATE installations SET last_used_at = now()
     WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [installationId],
  );
}

export async function findActiveInstallationId(db: Queryable, userId: string, clientId: string): Promise<string | undefined> {
  const { rows } = await db.query(
    `SELECT id FROM installations WHERE user_id = $1 AND client_id = $2 AND state = 'active'`,
    [userId, clientId],
  );
  return rows[0]?.id;
}

export async function replacePermissions(db: Queryable, installationId: string, permissions: readonly PermissionRow[]): Promise<void> {
  await db.query('DELETE FROM permissions WHERE installation_id = $1', [installationId]);
  if (permissions.length === 0) return;
  await db.query(
    `INSERT INTO permissions (installation_id, portfolio_id, action)
     SELECT $1, portfolio_id, action FROM unnest($2::text[], $3::text[]) AS p (portfolio_id, action)`,
    [installationId, permissions.map((p) => p.portfolioId), permissions.map((p) => p.action)],
  );
}

/** Everything GET /user reports about an installation, in one round trip. */
export async function findConnection(db: Queryable, installationId: string): Promise<ConnectionRow | undefined> {
  const { rows } = await db.query(
    `SELECT i.id, i.user_id, i.client_id, i.state, i.scopes,
            coalesce(json_agg(json_build_object('portfolioId', p.portfolio_id, 'action', p.action)
                     ORDER BY p.portfolio_id, p.action) FILTER (WHERE p.portfolio_id IS NOT NULL), '[]') AS permissions
     FROM installations i LEFT JOIN permissions p ON p.installation_id = i.id
     WHERE i.id = $1
     GROUP BY i.id`,
    [installationId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    installationId: row.id, userId: row.user_id, clientId: row.client_id, state: row.state, scopes: row.scopes, permissions: row.permissions,
  };
}
