// Which stored key does what, in the order oidc-provider wants them: it signs with the first
// key of an algorithm and verifies with any. The newest active key signs; older active keys
// stay published for tokens they signed; a key whose activation is still ahead is published
// only (its public part reaches every JWKS cache before anything is signed with it: the order
// oidc-provider's documentation recommends for rotation, "publish first, sign later").
import type { SigningKeyRow } from './signing-keys-queries.ts';

export type KeyState = 'signing' | 'verifying' | 'next' | 'retired';

export interface ClassifiedKey {
  readonly row: SigningKeyRow;
  readonly state: KeyState;
}

const PROVIDER_ORDER: readonly KeyState[] = ['signing', 'verifying', 'next'];

/** Rows newest activation first (findSigningKeys); returns them in provider order, retired last. */
export function classifySigningKeys(rows: readonly SigningKeyRow[]): ClassifiedKey[] {
  let signer: SigningKeyRow | undefined;
  const classified = rows.map((row): ClassifiedKey => {
    if (row.retired) return { row, state: 'retired' };
    if (!row.active) return { row, state: 'next' };
    if (signer) return { row, state: 'verifying' };
    signer = row;
    return { row, state: 'signing' };
  });
  const rank = (key: ClassifiedKey) => (PROVIDER_ORDER.includes(key.state) ? PROVIDER_ORDER.indexOf(key.state) : PROVIDER_ORDER.length);
  return classified.sort((a, b) => rank(a) - rank(b));
}

/** The keys a server publishes, the signing one first; undefined when none may sign. */
export function publishedKeys(rows: readonly SigningKeyRow[]): SigningKeyRow[] | undefined {
  const keys = classifySigningKeys(rows).filter((key) => key.state !== 'retired');
  return keys[0]?.state === 'signing' ? keys.map((key) => key.row) : undefined;
}
