// SQL for token signing keys (migrations 004 and 012). Times are the database's clock, so
// every node and the CLI agree on which key is active or retired.
import type { Queryable } from '../db/pool.ts';
import type { PrivateJwk } from './key-sealing.ts';

export interface SigningKeyRow {
  readonly kid: string;
  readonly alg: string;
  /** Set only while the key is stored unsealed (no KEYS_ENCRYPTION_KEY). */
  readonly privateJwk: PrivateJwk | null;
  readonly sealedPrivateJwk: string | null;
  readonly createdAt: Date;
  readonly activatesAt: Date;
  readonly retiresAt: Date | null;
  /** activates_at has passed: the key may sign. */
  readonly active: boolean;
  /** retires_at has passed: the key is deleted at the next start or rotation. */
  readonly retired: boolean;
}

export interface NewSigningKey {
  readonly kid: string;
  readonly alg: string;
  readonly privateJwk: PrivateJwk | null;
  readonly sealedPrivateJwk: string | null;
  readonly activateAfterSeconds: number;
}

/** Newest activation first. */
export async function findSigningKeys(db: Queryable): Promise<SigningKeyRow[]> {
  const { rows } = await db.query(
    `SELECT kid, alg, private_jwk, sealed_private_jwk, created_at, activates_at, retires_at,
       activates_at <= now() AS active, COALESCE(retires_at <= now(), false) AS retired
     FROM signing_keys ORDER BY activates_at DESC, created_at DESC, kid`,
  );
  return rows.map((row) => ({
    kid: row.kid,
    alg: row.alg,
    privateJwk: row.private_jwk,
    sealedPrivateJwk: row.sealed_private_jwk,
    createdAt: row.created_at,
    activatesAt: row.activates_at,
    retiresAt: row.retires_at,
    active: row.active,
    retired: row.retired,
  }));
}

export async function insertSigningKey(db: Queryable, key: NewSigningKey): Promise<void> {
  await db.query(
    `INSERT INTO signing_keys (kid, alg, private_jwk, sealed_private_jwk, activates_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [key.kid, key.alg, key.privateJwk, key.sealedPrivateJwk, key.activateAfterSeconds],
  );
}

/** Replaces the readable private key with its sealed form. */
export async function storeSealedKey(db: Queryable, kid: string, sealed: string): Promise<void> {
  await db.query('UPDATE signing_keys SET sealed_private_jwk = $2, private_jwk = NULL WHERE kid = $1', [kid, sealed]);
}

export async function deleteRetiredSigningKeys(db: Queryable): Promise<void> {
  await db.query('DELETE FROM signing_keys WHERE retires_at <= now()');
}

/**
 * Every key but `successorKid` retires `lifetimeSeconds` after the successor starts signing
 * (a key already retiring earlier keeps its earlier time).
 */
export async function retireKeysReplacedBy(db: Queryable, successorKid: string, lifetimeSeconds: number): Promise<void> {
  await db.query(
    `UPDATE signing_keys SET retires_at = LEAST(retires_at, successor.activates_at + make_interval(secs => $2))
     FROM (SELECT activates_at FROM signing_keys WHERE kid = $1) successor
     WHERE signing_keys.kid <> $1`,
    [successorKid, lifetimeSeconds],
  );
}

/** Serialises key generation, rotation and sealing between nodes and the CLI. */
export async function lockSigningKeys(db: Queryable): Promise<void> {
  await db.query('LOCK TABLE signing_keys IN EXCLUSIVE MODE');
}
