// SQL for the audit log.
import type { Queryable } from '../db/pool.ts';
import type { AuditEvent } from './audit-log.ts';

export async function insertAuditEvent(db: Queryable, event: AuditEvent): Promise<void> {
  await db.query(
    `INSERT INTO audit_events (type, user_id, client_id, installation_id, ip, details)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [event.type, event.userId ?? null, event.clientId ?? null, event.installationId ?? null, event.ip ?? null, event.details ?? {}],
  );
}

export interface AuditRow {
  readonly id: string;
  readonly occurredAt: Date;
  readonly type: string;
  readonly userId: string | null;
  /** null when the event names no user, or the user was deleted since. */
  readonly userEmail: string | null;
  readonly clientId: string | null;
  readonly installationId: string | null;
  readonly ip: string | null;
  readonly details: Record<string, unknown>;
}

/** Newest first; only the user's events when userId is given. */
export async function findAuditEvents(db: Queryable, filter: { userId?: string; limit: number }): Promise<AuditRow[]> {
  const { rows } = await db.query(
    `SELECT a.id, a.occurred_at, a.type, a.user_id, u.email, a.client_id, a.installation_id, a.ip, a.details
     FROM audit_events a LEFT JOIN users u ON u.id = a.user_id
     WHERE $1::text IS NULL OR a.user_id = $1
     ORDER BY a.occurred_at DESC, a.id DESC
     LIMIT $2`,
    [filter.userId ?? null, filter.limit],
  );
  return rows.map((row) => ({
    id: row.id,
    occurredAt: row.occurred_at,
    type: row.type,
    userId: row.user_id,
    userEmail: row.email,
    clientId: row.client_id,
    installationId: row.installation_id,
    ip: row.ip,
    details: row.details,
  }));
}
