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
