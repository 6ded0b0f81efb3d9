// Signing keys live in Postgres so every node signs with the same keys; the first start
// generates one, `keys rotate` adds the next. ES256: signing costs a fraction of RS256 and
// every JOSE library verifies it. A replaced key stays published until every token it signed
// has expired, then is deleted (at start and at rotation). With KEYS_ENCRYPTION_KEY set, private
// keys are stored sealed (key-sealing.ts) and readable ones left from before are sealed here.
import { generateKeyPairSync } from 'node:crypto';
import type pg from 'pg';
import { ConfigError } from '../config.ts';
import type { Queryable } from '../db/pool.ts';
import { inTransaction } from '../db/transaction.ts';
import { newId } from '../ids.ts';
import { KeySealError, openSealedJwk, sealPrivateJwk, type PrivateJwk } from './key-sealing.ts';
import { classifySigningKeys, publishedKeys, type KeyState } from './signing-key-order.ts';
import {
  deleteRetiredSigningKeys, findSigningKeys, insertSigningKey, lockSigningKeys, retireKeysReplacedBy, storeSealedKey, type SigningKeyRow,
} from './signing-keys-queries.ts';

export const SIGNING_ALG = 'ES256';
/** ID tokens are all these keys sign (access tokens are opaque); provider.ts gives them this TTL. */
export const ID_TOKEN_TTL_SECONDS = 60 * 60;
/** The clock skew relying parties commonly accept when checking `exp`. */
const CLOCK_SKEW_SECONDS = 5 * 60;
/** How long a replaced key stays published after its successor starts signing. */
export const RETIRE_AFTER_SECONDS = ID_TOKEN_TTL_SECONDS + CLOCK_SKEW_SECONDS;

export interface PrivateJwks {
  keys: PrivateJwk[];
}

/** A key as `keys list` and `keys rotate` show it; never its private part. */
export interface SigningKeyInfo {
  readonly kid: string;
  readonly alg: string;
  readonly state: KeyState;
  readonly created_at: string;
  readonly activates_at: string;
  readonly retires_at: string | null;
}

/** What a server hands oidc-provider at start: the signing key first, then the others published. */
export async function loadSigningKeys(pool: pg.Pool, sealingKey: Buffer | undefined): Promise<PrivateJwks> {
  return inTransaction(pool, async (client) => {
    const { rows } = await prepareSigningKeys(client, sealingKey);
    return { keys: rows.map((row) => ({ ...readPrivateJwk(row, sealingKey), kid: row.kid, alg: row.alg, use: 'sig' })) };
  });
}

/**
 * Adds the next signing key, active after `activateAfterSeconds`, and schedules the retirement
 * of the others. On a database without keys, the first key is all it adds.
 */
export async function rotateSigningKey(pool: pg.Pool, sealingKey: Buffer | undefined, activateAfterSeconds: number): Promise<SigningKeyInfo[]> {
  return inTransaction(pool, async (client) => {
    const { rows, created } = await prepareSigningKeys(client, sealingKey);
    // Every stored key must open with the key in hand before a new one is sealed with it.
    for (const row of rows) readPrivateJwk(row, sealingKey);
    if (!created) {
      const kid = await addSigningKey(client, sealingKey, activateAfterSeconds);
      await retireKeysReplacedBy(client, kid, RETIRE_AFTER_SECONDS);
    }
    return describeKeys(await findSigningKeys(client));
  });
}

export async function listSigningKeys(db: Queryable): Promise<SigningKeyInfo[]> {
  return describeKeys(await findSigningKeys(db));
}

// Under the table lock: deletes retired keys, makes sure a key can sign (created: it had to
// make one), seals readable keys. Returns the published keys, the signing one first.
async function prepareSigningKeys(client: pg.PoolClient, sealingKey: Buffer | undefined): Promise<{ rows: SigningKeyRow[]; created: boolean }> {
  await lockSigningKeys(client);
  await deleteRetiredSigningKeys(client);
  let rows = await findSigningKeys(client);
  const created = !publishedKeys(rows);
  if (created) {
    await addSigningKey(client, sealingKey, 0);
    rows = await findSigningKeys(client);
  }
  if (sealingKey) {
    for (const row of rows) if (row.privateJwk) await storeSealedKey(client, row.kid, sealPrivateJwk(row.privateJwk, row.kid, sealingKey));
  }
  return { rows: publishedKeys(rows) ?? [], created };
}

async function addSigningKey(db: Queryable, sealingKey: Buffer | undefined, activateAfterSeconds: number): Promise<string> {
  const kid = newId('key');
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' }) as PrivateJwk;
  const sealed = sealingKey ? sealPrivateJwk(jwk, kid, sealingKey) : null;
  await insertSigningKey(db, { kid, alg: SIGNING_ALG, privateJwk: sealed ? null : jwk, sealedPrivateJwk: sealed, activateAfterSeconds });
  return kid;
}

function readPrivateJwk(row: SigningKeyRow, sealingKey: Buffer | undefined): PrivateJwk {
  if (row.privateJwk) return row.privateJwk;
  if (!sealingKey) {
    throw new ConfigError('KEYS_ENCRYPTION_KEY', 'is not set, but the signing keys in the database are encrypted: set the key that sealed them');
  }
  try {
    return openSealedJwk(row.sealedPrivateJwk ?? '', row.kid, sealingKey);
  } catch (error) {
    if (!(error instanceof KeySealError)) throw error;
    throw new ConfigError('KEYS_ENCRYPTION_KEY', `does not decrypt signing key ${row.kid}: it is not the key that sealed the signing keys`);
  }
}

function describeKeys(rows: readonly SigningKeyRow[]): SigningKeyInfo[] {
  return classifySigningKeys(rows).map(({ row, state }) => ({
    kid: row.kid,
    alg: row.alg,
    state,
    created_at: row.createdAt.toISOString(),
    activates_at: row.activatesAt.toISOString(),
    retires_at: row.retiresAt?.toISOString() ?? null,
  }));
}
