// Identifiers: a short prefix naming the kind (as the Connect API's `hld_` holding ids do)
// followed by 128 random bits in hex, so ids can't be guessed or enumerated.
import { randomBytes } from 'node:crypto';

export type IdKind = 'usr' | 'pf' | 'ins' | 'cl' | 'rs' | 'key';

const ID_BYTES = 16;

export function newId(kind: IdKind): string {
  return `${kind}_${randomBytes(ID_BYTES).toString('hex')}`;
}

/** A secret for client authentication: 256 bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}
