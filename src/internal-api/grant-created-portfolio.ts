// An integration that creates a portfolio through the Connect API gets read and write on it
// (design: "Key behaviours"); the API server reports the creation here. The grant needs a live
// installation whose user allowed portfolio:write, and a portfolio of that same user: an API
// server cannot hand an integration someone else's portfolio. Granting twice changes nothing
// (and records nothing). The change and its audit event commit together; then every server
// drops its cached copy, so tokens issued before introspect with the new permission at once.
import type pg from 'pg';
import { recordAudit } from '../audit/audit-log.ts';
import type { ConnectionInfo } from '../connections/connection-directory.ts';
import { expandChoices } from '../connections/connection-service.ts';
import { addPermissions, lockInstallation, lockPortfolioOfUser } from '../connections/portfolio-grant-queries.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { PORTFOLIO_WRITE } from '../oidc/scopes.ts';
import { readConnectionInfo } from './connection-info.ts';
import { isWellFormedId } from './request-input.ts';

export interface PortfolioGrant {
  readonly installationId: string;
  readonly portfolioId: string;
  /** The API server asking, for the audit log. */
  readonly resourceServerId: string;
}

export function installationNotFound(): AppError {
  return new AppError('not_found', 404, 'no installation has this id');
}

/** Returns the installation's connection info after the grant. */
export async function grantCreatedPortfolio(pool: pg.Pool, feed: ChangeFeed, grant: PortfolioGrant): Promise<ConnectionInfo> {
  if (!isWellFormedId(grant.installationId)) throw installationNotFound();
  const changed = await inTransaction(pool, async (client) => {
    const installation = await lockInstallation(client, grant.installationId);
    if (!installation) throw installationNotFound();
    if (installation.state === 'deleted') throw new AppError('gone', 410, 'the user deleted this installation');
    if (!installation.scopes.includes(PORTFOLIO_WRITE)) {
      throw new AppError('insufficient_scope', 403, `the user did not grant this installation ${PORTFOLIO_WRITE}`);
    }
    if (!(await lockPortfolioOfUser(client, grant.portfolioId, installation.userId))) {
      // One answer for "no such portfolio" and "another user's portfolio": ids are not probed.
      throw new AppError('portfolio_not_found', 404, "no portfolio with this id belongs to the installation's user");
    }
    const added = await addPermissions(client, grant.installationId, expandChoices([{ portfolioId: grant.portfolioId, action: 'write' }]));
    if (added.length === 0) return false;
    await recordAudit(client, {
      type: 'permission.added',
      userId: installation.userId,
      clientId: installation.clientId,
      installationId: grant.installationId,
      details: { portfolioId: grant.portfolioId, actions: added.map((p) => p.action), resourceServerId: grant.resourceServerId },
    });
    return true;
  });
  if (changed) await feed.publish(pool, 'installation_changed', grant.installationId);
  const info = await readConnectionInfo(pool, grant.installationId);
  if (!info) throw installationNotFound();
  return info;
}
