// SQL of client_secrets (migration 011): digests only. Rotation runs these inside one
// transaction, the client row locked, so two rotations of one client cannot interleave.
import type { Queryable } from '../db/pool.ts';

export interface LockedClient {
  readonly hasCurrentSecret: boolean;
}

export async function lockClientForRotation(db: Queryable, clientId: string): Promise<LockedClient | undefined> {
  const { rows } = await db.query(
    `SELECT EXISTS (SELECT 1 FROM client_secrets s WHERE s.client_id = c.client_id AND s.expires_at IS NULL) AS has_current
     FROM clients c WHERE client_id = $1 FOR UPDATE`,
    [clientId],
  );
  return rows[0] && { hasCurrentSecret: rows[0].has_current };
}

export async function deleteExpiredSecrets(db: Queryable, clientId: string): Promise<void> {
  await db.query('DELETE FROM client_secrets WHERE client_id = $1 AND expires_at <= now()', [clientId]);
}

/** The current secret stays valid for `overlapSeconds` more; returns when it stops. */
export async function expireCurrentSecret(db: Queryable, clientId: string, overlapSeconds: number): Promise<Date> {
  const { rows } = await db.query(
    `UPDATE client_secrets SET expires_at = now() + make_interval(secs => $2)
     WHERE client_id = $1 AND expires_at IS NULL RETURNING expires_at`,
    [clientId, overlapSeconds],
  );
  return rows[0].expires_at;
}

export async function insertCurrentSecret(db: Queryable, clientId: string, digest: string): Promise<void> {
  await db.query('INSERT INTO client_secrets (client_id, secret_hash) VALUES ($1, $2)', [clientId, digest]);
}
