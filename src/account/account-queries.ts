// SQL for the connected-apps page: the user's live connections with their integration and
// permissions, in one round trip.
import type { Queryable } from '../db/pool.ts';
import type { PermissionRow } from '../connections/connection-queries.ts';

export interface ConnectedApp {
  readonly installationId: string;
  readonly clientId: string;
  readonly clientName: string;
  readonly homepageUri: string | null;
  readonly hasLogo: boolean;
  readonly connectedAt: Date;
  readonly lastUsedAt: Date | null;
  readonly scopes: string[];
  readonly requestedScopes: string[];
  readonly permissions: PermissionRow[];
}

export async function findConnectedApps(db: Queryable, userId: string): Promise<ConnectedApp[]> {
  const { rows } = await db.query(
    `SELECT i.id, i.client_id, c.name, c.homepage_uri, c.logo IS NOT NULL AS has_logo, i.created_at, i.last_used_at,
            i.scopes, i.requested_scopes,
            coalesce(json_agg(json_build_object('portfolioId', p.portfolio_id, 'action', p.action))
                     FILTER (WHERE p.portfolio_id IS NOT NULL), '[]') AS permissions
     FROM installations i
     JOIN clients c ON c.client_id = i.client_id
     LEFT JOIN permissions p ON p.installation_id = i.id
     WHERE i.user_id = $1 AND i.state = 'active'
     GROUP BY i.id, c.client_id
     ORDER BY i.created_at DESC, i.id`,
    [userId],
  );
  return rows.map((row) => ({
    installationId: row.id,
    clientId: row.client_id,
    clientName: row.name,
    homepageUri: row.homepage_uri,
    hasLogo: row.has_logo,
    connectedAt: row.created_at,
    lastUsedAt: row.last_used_at,
    scopes: row.scopes,
    requestedScopes: row.requested_scopes,
    permissions: row.permissions,
  }));
}
