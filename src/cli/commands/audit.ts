// `audit`: the audit log, newest first: what happened, to whom, through which integration.
import { DEFAULT_AUDIT_LIMIT, listAuditEvents, MAX_AUDIT_LIMIT, type AuditRow } from '../../audit/audit-listing.ts';
import { optionalString, type Command, type ParsedArguments } from '../command.ts';
import { UsageError } from '../usage-error.ts';

const WHOLE_NUMBER = /^[1-9][0-9]*$/;

export const auditCommand: Command = {
  words: ['audit'],
  synopsis: '[--user EMAIL] [--limit N]',
  summary: `list audit events, newest first (default ${DEFAULT_AUDIT_LIMIT}, at most ${MAX_AUDIT_LIMIT}), optionally one user's`,
  options: { user: { type: 'string' }, limit: { type: 'string' } },
  positionals: [],
  async prepare(args) {
    const query = { userEmail: optionalString(args, 'user'), limit: readLimit(args) };
    return async ({ db }) => {
      const events = await listAuditEvents(db, query);
      return { json: events.map(toJson), lines: events.length === 0 ? ['no audit events'] : events.map(describeEvent) };
    };
  },
};

function readLimit(args: ParsedArguments): number {
  const text = optionalString(args, 'limit');
  if (text === undefined) return DEFAULT_AUDIT_LIMIT;
  const limit = Number(text);
  if (!WHOLE_NUMBER.test(text) || limit > MAX_AUDIT_LIMIT) throw new UsageError(`--limit must be a whole number from 1 to ${MAX_AUDIT_LIMIT}, got: ${text}`);
  return limit;
}

function toJson(event: AuditRow): object {
  return {
    occurred_at: event.occurredAt.toISOString(),
    type: event.type,
    user_id: event.userId,
    user_email: event.userEmail,
    client_id: event.clientId,
    installation_id: event.installationId,
    ip: event.ip,
    details: event.details,
  };
}

function describeEvent(event: AuditRow): string {
  const details = Object.keys(event.details).length > 0 ? `  ${JSON.stringify(event.details)}` : '';
  return [
    event.occurredAt.toISOString(),
    event.type,
    `user=${event.userEmail ?? event.userId ?? '-'}`,
    `client=${event.clientId ?? '-'}`,
    `installation=${event.installationId ?? '-'}`,
    `ip=${event.ip ?? '-'}`,
  ].join('  ') + details;
}
