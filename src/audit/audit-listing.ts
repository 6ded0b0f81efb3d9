// The audit log as operators read it (`connect-auth audit`): newest first, optionally one
// user's events, always bounded. An email that names no user is an error rather than an
// empty list, so a typo is not mistaken for a user with no history.
import { findUserByEmail } from '../accounts/users-queries.ts';
import { ValidationError } from '../accounts/validation-error.ts';
import type { Queryable } from '../db/pool.ts';
import { findAuditEvents, type AuditRow } from './audit-queries.ts';

export type { AuditRow } from './audit-queries.ts';

export const DEFAULT_AUDIT_LIMIT = 50;
export const MAX_AUDIT_LIMIT = 10_000;

export interface AuditQuery {
  readonly userEmail?: string;
  readonly limit?: number;
}

export async function listAuditEvents(db: Queryable, query: AuditQuery = {}): Promise<AuditRow[]> {
  const limit = query.limit ?? DEFAULT_AUDIT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_AUDIT_LIMIT) throw new RangeError(`limit must be 1 to ${MAX_AUDIT_LIMIT}`);
  if (query.userEmail === undefined) return findAuditEvents(db, { limit });
  const user = await findUserByEmail(db, query.userEmail);
  if (!user) throw new ValidationError('unknown_user', `no user has the email ${query.userEmail}`);
  return findAuditEvents(db, { userId: user.id, limit });
}
