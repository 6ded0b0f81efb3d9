// Identifiers: a short prefix naming the kind (as the Connect API's `hld_` holding ids do)
// followed by 128 random bits in hex, so ids can't be guessed or enumerated.
import { randomBytes } from 'node:crypto';

export type IdKind = 'usr' | 'pf' | 'ins' | 'cl' | 'rs' | 'key';

const ID_BYTES = 16;
export const MAX_ID_LENGTH = 255;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function newId(kind: IdKind): string {
  return `${kind}_${randomBytes(ID_BYTES).toString('hex')}`;
}

/** A secret for client authentication: 256 bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * False for what cannot be an id of ours, whoever minted it (we, or oidc-provider for its
 * artifacts): ids are short printable strings. Checked before an id from a request reaches the
 * database, where text cannot hold NUL (a query error, not a miss) and megabytes are no id.
 */
export function isWellFormedId(value: string): boolean {
  return value.length > 0 && value.length <= MAX_ID_LENGTH && !CONTROL_CHARACTERS.test(value);
}
