// SQL of the refresh_grace table (migrations/013_refresh_grace.sql). The database clock
// decides expiry, so that several server nodes agree on when a window ends.
import type { Queryable } from '../../db/pool.ts';

const MS_PER_SECOND = 1000;

/** Inserts a lease, or replaces an expired slot by one; true when this call took the lease. */
export async function claimGraceSlot(db: Queryable, key: string, leaseMs: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO refresh_grace (slot, sealed, expires_at) VALUES ($1, NULL, now() + make_interval(secs => $2))
     ON CONFLICT (slot) DO UPDATE SET sealed = NULL, expires_at = EXCLUDED.expires_at
     WHERE refresh_grace.expires_at <= now()
     RETURNING slot`,
    [key, leaseMs / MS_PER_SECOND],
  );
  return rowCount === 1;
}

export async function findSealedGraceEntry(db: Queryable, key: string): Promise<Buffer | undefined> {
  const { rows } = await db.query<{ sealed: Buffer }>(
    'SELECT sealed FROM refresh_grace WHERE slot = $1 AND sealed IS NOT NULL AND expires_at > now()',
    [key],
  );
  return rows[0]?.sealed;
}

export async function publishGraceEntry(db: Queryable, key: string, sealed: Buffer, windowMs: number): Promise<void> {
  await db.query(
    `INSERT INTO refresh_grace (slot, sealed, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
     ON CONFLICT (slot) DO UPDATE SET sealed = EXCLUDED.sealed, expires_at = EXCLUDED.expires_at`,
    [key, sealed, windowMs / MS_PER_SECOND],
  );
}

export async function releaseGraceLease(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM refresh_grace WHERE slot = $1 AND sealed IS NULL', [key]);
}

/** Reclaims expired slots (reads already ignore them); returns how many. */
export async function deleteExpiredGraceSlots(db: Queryable): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM refresh_grace WHERE expires_at <= now()');
  return rowCount ?? 0;
}
