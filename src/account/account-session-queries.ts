// SQL for connected-apps sessions. Only the SHA-256 of a session id is stored.
import type { Queryable } from '../db/pool.ts';

export async function insertAccountSession(db: Queryable, idHash: string, userId: string, absoluteSeconds: number): Promise<void> {
  await db.query(
    `INSERT INTO account_sessions (id_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [idHash, userId, absoluteSeconds],
  );
}

/**
 * The session's user when it is within both its absolute lifetime and its idle timeout;
 * refreshes last_seen_at (at most once a minute, to spare writes).
 */
export async function touchAccountSession(db: Queryable, idHash: string, idleSeconds: number): Promise<string | undefined> {
  const { rows } = await db.query(
    `WITH live AS (
       SELECT id_hash, user_id FROM account_sessions
       WHERE id_hash = $1 AND expires_at > now() AND last_seen_at > now() - make_interval(secs => $2)
     ), touched AS (
       UPDATE account_sessions s SET last_seen_at = now() FROM live
       WHERE s.id_hash = live.id_hash AND s.last_seen_at < now() - interval '1 minute'
     )
     SELECT user_id FROM live`,
    [idHash, idleSeconds],
  );
  return rows[0]?.user_id;
}

export async function deleteAccountSession(db: Queryable, idHash: string): Promise<void> {
  await db.query('DELETE FROM account_sessions WHERE id_hash = $1', [idHash]);
}

export async function deleteExpiredAccountSessions(db: Queryable): Promise<void> {
  await db.query('DELETE FROM account_sessions WHERE expires_at < now()');
}
