// SQL of the purge of deleted connections, and of the job lease that lets one node run it.
import type { Queryable } from '../db/pool.ts';

/** null: every deleted installation, whatever its age (an erasure request). */
export type PurgeAge = number | null;

export interface PurgedInstallation {
  readonly userId: string;
  readonly clientId: string;
  readonly deletedAt: Date;
}

// Shared by the search and the deletion, so a row is deleted only if it still qualifies.
const IS_PURGEABLE = `state = 'deleted' AND ($2::integer IS NULL OR deleted_at <= now() - make_interval(days => $2::integer))`;

/** Ids of installations due for purge, in id order after `afterId` (keyset pagination). */
export async function findPurgeableInstallationIds(db: Queryable, age: PurgeAge, afterId: string, limit: number): Promise<string[]> {
  const { rows } = await db.query(
    `SELECT id FROM installations WHERE id > $1 AND ${IS_PURGEABLE} ORDER BY id LIMIT $3`,
    [afterId, age, limit],
  );
  return rows.map((row) => row.id);
}

/** Deletes the installation (its permissions cascade) if still due; undefined when it was not. */
export async function deletePurgeableInstallation(db: Queryable, installationId: string, age: PurgeAge): Promise<PurgedInstallation | undefined> {
  const { rows } = await db.query(
    `DELETE FROM installations WHERE id = $1 AND ${IS_PURGEABLE} RETURNING user_id, client_id, deleted_at`,
    [installationId, age],
  );
  const row = rows[0];
  return row && { userId: row.user_id, clientId: row.client_id, deletedAt: row.deleted_at };
}

export interface LeaseTerms {
  readonly name: string;
  readonly holder: string;
  readonly ttlMs: number;
}

/**
 * Takes the lease when it is free, expired or already ours (then extends it); false when
 * another holder has it. One statement: concurrent callers serialise on the row's conflict,
 * and the loser re-evaluates the WHERE against the winner's row.
 */
export async function upsertLease(db: Queryable, lease: LeaseTerms): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO job_leases (name, holder, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
     WHERE job_leases.holder = EXCLUDED.holder OR job_leases.expires_at <= now()
     RETURNING holder`,
    [lease.name, lease.holder, lease.ttlMs / 1000],
  );
  return rows.length === 1;
}

export async function deleteLease(db: Queryable, lease: Pick<LeaseTerms, 'name' | 'holder'>): Promise<void> {
  await db.query('DELETE FROM job_leases WHERE name = $1 AND holder = $2', [lease.name, lease.holder]);
}
