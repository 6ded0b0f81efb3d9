// Signing keys live in Postgres so every node signs with the same keys; the first start
// generates one. ES256: signing costs a fraction of RS256 and every JOSE library verifies it.
import { generateKeyPairSync } from 'node:crypto';
import type pg from 'pg';
import { inTransaction } from '../db/transaction.ts';
import { newId } from '../ids.ts';
import { findSigningKeys, insertSigningKey, lockSigningKeys, type SigningKeyRow } from './signing-keys-queries.ts';

export const SIGNING_ALG = 'ES256';

export interface PrivateJwks {
  keys: Record<string, unknown>[];
}

export async function loadSigningKeys(pool: pg.Pool): Promise<PrivateJwks> {
  const rows = await inTransaction(pool, async (client) => {
    await lockSigningKeys(client);
    const existing = await findSigningKeys(client);
    if (existing.length > 0) return existing;
    const key = generateSigningKey();
    await insertSigningKey(client, key);
    return [key];
  });
  return { keys: rows.map((row) => ({ ...row.privateJwk, kid: row.kid, alg: row.alg, use: 'sig' })) };
}

export function generateSigningKey(): SigningKeyRow {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { kid: newId('key'), alg: SIGNING_ALG, privateJwk: privateKey.export({ format: 'jwk' }) as Record<string, unknown> };
}
