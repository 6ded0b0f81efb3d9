// Grants users give: approving an integration writes its installation and per-portfolio
// permissions in one transaction. Write implies read, so a write choice stores both entries
// (GET /user lists one entry per granted permission).
import type pg from 'pg';
import type { ChangeFeed } from '../db/change-feed.ts';
import { inTransaction } from '../db/transaction.ts';
import { newId } from '../ids.ts';
import type { Action } from '../oidc/scopes.ts';
import { findPortfoliosOfUser } from '../portfolios/portfolios-queries.ts';
import { replacePermissions, upsertActiveInstallation, type PermissionRow } from './connection-queries.ts';

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

export async function approveConnection(
  pool: pg.Pool,
  feed: ChangeFeed,
  input: { userId: string; clientId: string; choices: readonly PortfolioChoice[] },
): Promise<string> {
  const installationId = await inTransaction(pool, async (client) => {
    const owned = new Set((await findPortfoliosOfUser(client, input.userId)).map((p) => p.id));
    if (input.choices.some((choice) => !owned.has(choice.portfolioId))) throw new ForeignPortfolioError();
    const id = await upsertActiveInstallation(client, newId('ins'), input.userId, input.clientId);
    await replacePermissions(client, id, expandChoices(input.choices));
    return id;
  });
  await feed.publish(pool, 'installation_changed', installationId);
  return installationId;
}

export function expandChoices(choices: readonly PortfolioChoice[]): PermissionRow[] {
  return choices.flatMap(({ portfolioId, action }): PermissionRow[] =>
    action === 'write'
      ? [{ portfolioId, action: 'read' }, { portfolioId, action: 'write' }]
      : [{ portfolioId, action: 'read' }],
  );
}
