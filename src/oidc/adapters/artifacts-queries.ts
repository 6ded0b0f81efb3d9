// SQL of the oidc_artifacts table (migrations/005_oidc_artifacts.sql). The database clock is
// the only clock: expiry is computed and compared with now() so that several server nodes agree.
// A row past expires_at is absent for every read; deleteExpiredArtifacts only reclaims space.
import type { AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../../db/pool.ts';

export interface ArtifactRow {
  readonly model: string;
  readonly id: string;
  readonly payload: AdapterPayload;
  readonly grantId: string | undefined;
  readonly uid: string | undefined;
  /** Seconds from now; undefined for an artifact that never expires. */
  readonly expiresIn: number | undefined;
}

const LIVE = '(expires_at IS NULL OR expires_at > now())';

// oidc-provider reads a consumed artifact as one whose payload has a truthy `consumed`.
const PAYLOAD_AS_READ = `CASE WHEN consumed_at IS NULL THEN payload
  ELSE payload || jsonb_build_object('consumed', floor(extract(epoch FROM consumed_at))::bigint)
  END AS payload`;

// An update keeps the consumed mark, unless the row it replaces had already expired (and so,
// for every reader, no longer existed).
const UPSERT = `
  INSERT INTO oidc_artifacts (model, id, payload, grant_id, uid, expires_at)
  VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))
  ON CONFLICT (model, id) DO UPDATE SET
    payload = EXCLUDED.payload,
    grant_id = EXCLUDED.grant_id,
    uid = EXCLUDED.uid,
    expires_at = EXCLUDED.expires_at,
    consumed_at = CASE WHEN oidc_artifacts.expires_at <= now() THEN NULL
                       ELSE oidc_artifacts.consumed_at END`;

export async function upsertArtifact(db: Queryable, row: ArtifactRow): Promise<void> {
  await db.query(UPSERT, [
    row.model,
    row.id,
    JSON.stringify(row.payload),
    row.grantId ?? null,
    row.uid ?? null,
    row.expiresIn ?? null,
  ]);
}

export async function findArtifact(db: Queryable, model: string, id: string): Promise<AdapterPayload | undefined> {
  const { rows } = await db.query<{ payload: AdapterPayload }>(
    `SELECT ${PAYLOAD_AS_READ} FROM oidc_artifacts WHERE model = $1 AND id = $2 AND ${LIVE}`,
    [model, id],
  );
  return rows[0]?.payload;
}

// A Session changes id but keeps its uid; while the old row is being replaced, prefer the newer.
export async function findArtifactByUid(db: Queryable, model: string, uid: string): Promise<AdapterPayload | undefined> {
  const { rows } = await db.query<{ payload: AdapterPayload }>(
    `SELECT ${PAYLOAD_AS_READ} FROM oidc_artifacts WHERE model = $1 AND uid = $2 AND ${LIVE}
     ORDER BY expires_at DESC NULLS FIRST LIMIT 1`,
    [model, uid],
  );
  return rows[0]?.payload;
}

// Only oidc-provider's device flow looks artifacts up by user code; migration 005 gives it no
// index, which is fine while that flow is off and cheap to add when it is turned on.
export async function findArtifactByUserCode(
  db: Queryable,
  model: string,
  userCode: string,
): Promise<AdapterPayload | undefined> {
  const { rows } = await db.query<{ payload: AdapterPayload }>(
    `SELECT ${PAYLOAD_AS_READ} FROM oidc_artifacts
     WHERE model = $1 AND payload->>'userCode' = $2 AND ${LIVE} LIMIT 1`,
    [model, userCode],
  );
  return rows[0]?.payload;
}

/** Marks the artifact consumed; false when it is missing, expired or consumed already. */
export async function consumeArtifact(db: Queryable, model: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE oidc_artifacts SET consumed_at = now()
     WHERE model = $1 AND id = $2 AND consumed_at IS NULL AND ${LIVE} RETURNING id`,
    [model, id],
  );
  return rowCount === 1;
}

export async function deleteArtifact(db: Queryable, model: string, id: string): Promise<void> {
  await db.query('DELETE FROM oidc_artifacts WHERE model = $1 AND id = $2', [model, id]);
}

/** Every artifact of every model issued under the grant. */
export async function deleteArtifactsOfGrant(db: Queryable, grantId: string): Promise<void> {
  await db.query('DELETE FROM oidc_artifacts WHERE grant_id = $1', [grantId]);
}

/** Reclaims the rows past their expiry (reads already ignore them); returns how many. */
export async function deleteExpiredArtifacts(db: Queryable): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM oidc_artifacts WHERE expires_at <= now()');
  return rowCount ?? 0;
}
