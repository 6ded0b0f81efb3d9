// `clients rotate-secret`: a new secret for a confidential integration or a resource server,
// while the old one keeps working for an overlap, so the client can be redeployed with the new
// secret without an outage. Public clients have no secret to rotate.
import type pg from 'pg';
import { ValidationError } from '../accounts/validation-error.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { inTransaction } from '../db/transaction.ts';
import { issueSecret } from './client-secrets.ts';
import { deleteExpiredSecrets, expireCurrentSecret, insertCurrentSecret, lockClientForRotation } from './client-secrets-queries.ts';

/** What the operator is shown once. */
export interface RotatedSecret {
  readonly client_id: string;
  readonly client_secret: string;
  /** When the previous secret stops working. */
  readonly previous_secret_expires_at: string;
}

export async function rotateClientSecret(pool: pg.Pool, feed: ChangeFeed, clientId: string, overlapSeconds: number): Promise<RotatedSecret> {
  if (!Number.isInteger(overlapSeconds) || overlapSeconds < 0) throw new RangeError(`overlap must be whole seconds >= 0, got ${overlapSeconds}`);
  const issued = issueSecret();
  const previousExpiresAt = await inTransaction(pool, async (client) => {
    const locked = await lockClientForRotation(client, clientId);
    if (!locked) throw new ValidationError('unknown_client', `no client has the id ${clientId}`);
    if (!locked.hasCurrentSecret) {
      throw new ValidationError('no_client_secret', `${clientId} is a public client (PKCE, no secret): there is no secret to rotate`);
    }
    await deleteExpiredSecrets(client, clientId);
    const expiresAt = await expireCurrentSecret(client, clientId, overlapSeconds);
    await insertCurrentSecret(client, clientId, issued.digest);
    return expiresAt;
  });
  await feed.publish(pool, 'client_changed', clientId);
  return { client_id: clientId, client_secret: issued.secret, previous_secret_expires_at: previousExpiresAt.toISOString() };
}
