// SQL for token signing keys.
import type { Queryable } from '../db/pool.ts';

export interface SigningKeyRow {
  readonly kid: string;
  readonly alg: string;
  readonly privateJwk: Record<string, unknown>;
}

/** Newest first: oidc-provider signs with the first key of an algorithm. */
export async function findSigningKeys(db: Queryable): Promise<SigningKeyRow[]> {
  const { rows } = await db.query('SELECT kid, alg, private_jwk FROM signing_keys ORDER BY created_at DESC, kid');
  return rows.map((row) => ({ kid: row.kid, alg: row.alg, privateJwk: row.private_jwk }));
}

export async function insertSigningKey(db: Queryable, key: SigningKeyRow): Promise<void> {
  await db.query('INSERT INTO signing_keys (kid, alg, private_jwk) VALUES ($1, $2, $3)', [key.kid, key.alg, key.privateJwk]);
}

/** Serialises first-start key generation between nodes starting together. */
export async function lockSigningKeys(db: Queryable): Promise<void> {
  await db.query('LOCK TABLE signing_keys IN EXCLUSIVE MODE');
}
