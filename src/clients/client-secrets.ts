// What a client secret is and how a presented one is checked: the one place that knows
// secrets are stored as SHA-256 digests (migration 011). A plain digest is safe here, unlike for
// passwords: every secret is 256 random bits (ids.ts `newSecret`), so no dictionary or brute
// force can invert it, and a database dump holds nothing that authenticates.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { newSecret } from '../ids.ts';

export interface SecretDigest {
  /** Hex SHA-256 of the secret. */
  readonly digest: string;
  /** Null for the current secret; the end of the overlap for a rotated one. */
  readonly expiresAt: Date | null;
}

export interface IssuedSecret {
  /** Shown to the operator once, never stored. */
  readonly secret: string;
  readonly digest: string;
}

const DIGEST_BYTES = 32;
// Compared against when a client has no secret, so every failure costs at least one comparison.
const UNMATCHABLE: SecretDigest = { digest: randomBytes(DIGEST_BYTES).toString('hex'), expiresAt: new Date(0) };

export function issueSecret(): IssuedSecret {
  const secret = newSecret();
  return { secret, digest: digestSecret(secret) };
}

export function digestSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** True when a client has secrets: a confidential integration or a resource server. */
export function hasSecret(client: { readonly secrets: readonly SecretDigest[] }): boolean {
  return client.secrets.some((secret) => secret.expiresAt === null);
}

/**
 * Does `presented` authenticate this client: does it digest to its current secret, or to a
 * rotated one still inside its overlap? Every stored digest is compared in constant time, with
 * no early exit; an unknown client (undefined) matches nothing.
 */
export function matchesClientSecret(
  presented: string,
  client: { readonly secrets: readonly SecretDigest[] } | undefined,
  now: number = Date.now(),
): boolean {
  const candidate = Buffer.from(digestSecret(presented), 'hex');
  const stored = client && client.secrets.length > 0 ? client.secrets : [UNMATCHABLE];
  let matched = false;
  for (const secret of stored) {
    const equal = timingSafeEqual(candidate, Buffer.from(secret.digest, 'hex'));
    const live = secret.expiresAt === null || secret.expiresAt.getTime() > now;
    matched = (equal && live) || matched;
  }
  return matched;
}
