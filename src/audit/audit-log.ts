// The audit log: what happened to whom, for operators and security reviews. Recording is part
// of the change it describes: pass the transaction's client when inside one, so the event and
// the change commit together.
import type { Queryable } from '../db/pool.ts';
import { insertAuditEvent } from './audit-queries.ts';

export type AuditType =
  | 'login.succeeded'
  | 'login.failed'
  | 'consent.granted'
  | 'consent.changed'
  | 'connection.deleted'
  | 'connection.purged'
  | 'permission.added'
  | 'authorization_code.reused'
  | 'refresh_token.reused';

export interface AuditEvent {
  readonly type: AuditType;
  readonly userId?: string;
  readonly clientId?: string;
  readonly installationId?: string;
  readonly ip?: string;
  readonly details?: Record<string, unknown>;
}

export async function recordAudit(db: Queryable, event: AuditEvent): Promise<void> {
  await insertAuditEvent(db, event);
}
