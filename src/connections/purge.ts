// The purge of deleted connections (spec section 3: 30 days after deletion the user's data is
// permanently deleted). For each installation due, first its oidc-provider artifacts go: every
// code and token of its grant, then the Grant itself (grant id = installation id). That happens
// outside any transaction, because on the embedded PGlite an adapter query through the pool
// inside a transaction would wait for that transaction forever. Then one short transaction
// deletes the row (permissions cascade) together with its audit event. Both steps are
// idempotent and the row goes last, so a run that stops between them leaves the installation
// due and the next run completes it; two runs at once each delete a row at most once.
import type pg from 'pg';
import { recordAudit } from '../audit/audit-log.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { inTransaction } from '../db/transaction.ts';
import type { ArtifactStorage } from '../oidc/artifact-storage.ts';
import { deletePurgeableInstallation, findPurgeableInstallationIds, type PurgeAge } from './purge-queries.ts';

export const PURGE_AFTER_DAYS = 30;
const BATCH_SIZE = 100;
// Installation ids are `ins_` + hex, all greater than the empty string.
const FIRST_KEY = '';

export interface PurgeDeps {
  readonly pool: pg.Pool;
  readonly storage: Pick<ArtifactStorage, 'adapterFor'>;
  readonly feed: ChangeFeed;
}

export interface PurgeOptions {
  /** Age of the deletion in days; 'all' purges every deleted connection now (an erasure request). */
  readonly olderThanDays?: number | 'all';
  readonly batchSize?: number;
  /** Asked before each batch; false ends the run early (the schedule: shutdown, or lease lost). */
  readonly beforeBatch?: () => Promise<boolean>;
}

/** Purges the deleted connections due; returns how many this call purged. */
export async function purgeDeletedConnections(deps: PurgeDeps, options: PurgeOptions = {}): Promise<number> {
  const age = checkAge(options.olderThanDays ?? PURGE_AFTER_DAYS);
  const batchSize = options.batchSize ?? BATCH_SIZE;
  let purged = 0;
  let afterId = FIRST_KEY;
  for (;;) {
    if (options.beforeBatch && !(await options.beforeBatch())) break;
    const ids = await findPurgeableInstallationIds(deps.pool, age, afterId, batchSize);
    for (const id of ids) {
      if (await purgeInstallation(deps, id, age)) purged += 1;
    }
    const last = ids.at(-1);
    if (ids.length < batchSize || last === undefined) break;
    afterId = last;
  }
  return purged;
}

async function purgeInstallation(deps: PurgeDeps, installationId: string, age: PurgeAge): Promise<boolean> {
  await removeArtifactsOfGrant(deps.storage, installationId);
  const purged = await inTransaction(deps.pool, async (client) => {
    const row = await deletePurgeableInstallation(client, installationId, age);
    if (!row) return false;
    await recordAudit(client, {
      type: 'connection.purged',
      userId: row.userId,
      clientId: row.clientId,
      installationId,
      details: { deletedAt: row.deletedAt.toISOString(), olderThanDays: age ?? 'all' },
    });
    return true;
  });
  // Servers drop the cached connection: introspection stops reporting it at once.
  if (purged) await deps.feed.publish(deps.pool, 'installation_changed', installationId);
  return purged;
}

// revokeByGrantId removes every grant-bound artifact whatever the adapter's model (see
// oidc/adapters/contract.ts); the Grant is not one of them and is destroyed by id.
async function removeArtifactsOfGrant(storage: PurgeDeps['storage'], grantId: string): Promise<void> {
  await storage.adapterFor('AccessToken').revokeByGrantId(grantId);
  await storage.adapterFor('Grant').destroy(grantId);
}

function checkAge(olderThanDays: number | 'all'): PurgeAge {
  if (olderThanDays === 'all') return null;
  if (!Number.isInteger(olderThanDays) || olderThanDays < 0) throw new RangeError(`olderThanDays must be a whole number of days, got ${olderThanDays}`);
  return olderThanDays;
}
