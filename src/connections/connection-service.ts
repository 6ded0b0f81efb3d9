// Grants users give and take back. Approving writes the installation, its scopes and its
// per-portfolio permissions in one transaction, with the audit event. Write implies read, so
// a write choice stores both entries (GET /user lists one entry per granted permission).
// Deleting keeps the installation in state `deleted` (its tokens answer 410 at the API)
// until the purge removes it 30 days later.
import type pg from 'pg';
import type { ChangeFeed } from '../db/change-feed.ts';
import { inTransaction } from '../db/transaction.ts';
import { newId } from '../ids.ts';
import { PORTFOLIO_WRITE, scopesForChoice, type Action } from '../oidc/scopes.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { findPortfoliosOfUser } from '../portfolios/portfolios-queries.ts';
import {
  lockLiveInstallation, markInstallationDeleted, replacePermissions, setInstallationScopes, upsertActiveInstallation, type PermissionRow,
} from './connection-queries.ts';

export interface PortfolioChoice {
  readonly portfolioId: string;
  readonly action: Action;
}

export class ForeignPortfolioError extends Error {
  constructor() {
    super('a chosen portfolio does not belong to the user');
    this.name = 'ForeignPortfolioError';
  }
}

export interface Approval {
  readonly userId: string;
  readonly clientId: string;
  readonly choices: readonly PortfolioChoice[];
  /** Scopes granted (derived from the choices); requested: what the integration asked. */
  readonly scopes: readonly string[];
  readonly requestedScopes: readonly string[];
  readonly ip?: string;
}

/** Creates or updates the user's live installation for the client; returns its id. */
export async function approveConnection(pool: pg.Pool, feed: ChangeFeed, approval: Approval): Promise<string> {
  const installationId = await inTransaction(pool, async (client) => {
    const owned = new Set((await findPortfoliosOfUser(client, approval.userId)).map((p) => p.id));
    if (approval.choices.some((choice) => !owned.has(choice.portfolioId))) throw new ForeignPortfolioError();
    const candidate = newId('ins');
    const id = await upsertActiveInstallation(client, candidate, approval.userId, approval.clientId);
    await setInstallationScopes(client, id, approval.scopes, approval.requestedScopes);
    await replacePermissions(client, id, expandChoices(approval.choices));
    await recordAudit(client, {
      type: id === candidate ? 'consent.granted' : 'consent.changed',
      userId: approval.userId,
      clientId: approval.clientId,
      installationId: id,
      ip: approval.ip,
      details: { scopes: approval.scopes, permissions: approval.choices },
    });
    return id;
  });
  await feed.publish(pool, 'installation_changed', installationId);
  return installationId;
}

export interface ChoiceChange {
  readonly userId: string;
  readonly installationId: string;
  readonly choices: readonly PortfolioChoice[];
  readonly allowCreate: boolean;
  readonly ip?: string;
}

export type ChoiceChangeResult =
  | { readonly kind: 'changed'; readonly clientId: string; readonly scopes: string[]; readonly requestedScopes: string[] }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'nothing_shared' };

/**
 * The user changes what a live connection may see (connected-apps page). Scopes follow the
 * choice but never exceed what the integration asked for at its last consent.
 */
export async function changeConnectionChoice(pool: pg.Pool, feed: ChangeFeed, change: ChoiceChange): Promise<ChoiceChangeResult> {
  const result = await inTransaction(pool, async (client): Promise<ChoiceChangeResult> => {
    const installation = await lockLiveInstallation(client, change.installationId, change.userId);
    if (!installation) return { kind: 'not_found' };
    const owned = new Set((await findPortfoliosOfUser(client, change.userId)).map((p) => p.id));
    if (change.choices.some((choice) => !owned.has(choice.portfolioId))) throw new ForeignPortfolioError();
    const requested = installation.requestedScopes;
    const writeAsked = requested.includes(PORTFOLIO_WRITE);
    const choices = change.choices.map((c): PortfolioChoice => (writeAsked ? c : { ...c, action: 'read' }));
    const scopes = scopesForChoice(new Set(requested), new Set(choices.map((c) => c.action)), change.allowCreate);
    if (scopes.length === 0) return { kind: 'nothing_shared' };
    await setInstallationScopes(client, change.installationId, scopes, requested);
    await replacePermissions(client, change.installationId, expandChoices(choices));
    await recordAudit(client, {
      type: 'consent.changed', userId: change.userId, clientId: installation.clientId, installationId: change.installationId, ip: change.ip,
      details: { scopes, permissions: choices, via: 'account' },
    });
    return { kind: 'changed', clientId: installation.clientId, scopes, requestedScopes: requested };
  });
  if (result.kind === 'changed') await feed.publish(pool, 'installation_changed', change.installationId);
  return result;
}

/** The user disconnects: state `deleted` from now on. False when nothing live matched. */
export async function deleteConnection(pool: pg.Pool, feed: ChangeFeed, input: { userId: string; installationId: string; ip?: string }): Promise<boolean> {
  const deleted = await inTransaction(pool, async (client) => {
    const row = await markInstallationDeleted(client, input.installationId, input.userId);
    if (!row) return false;
    await recordAudit(client, { type: 'connection.deleted', userId: input.userId, clientId: row.clientId, installationId: input.installationId, ip: input.ip });
    return true;
  });
  if (deleted) await feed.publish(pool, 'installation_changed', input.installationId);
  return deleted;
}

export function expandChoices(choices: readonly PortfolioChoice[]): PermissionRow[] {
  return choices.flatMap(({ portfolioId, action }): PermissionRow[] =>
    action === 'write'
      ? [{ portfolioId, action: 'read' }, { portfolioId, action: 'write' }]
      : [{ portfolioId, action: 'read' }],
  );
}
