// Private signing keys at rest: sealed with AES-256-GCM under KEYS_ENCRYPTION_KEY, so a dump
// of the database (or a backup) cannot sign tokens. The key id is authenticated data: a sealed
// key copied onto another row does not open. Format: v1.<iv>.<ciphertext>.<tag>, base64url.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type PrivateJwk = Record<string, unknown>;

/** The envelope did not open: another key sealed it, or it was altered. */
export class KeySealError extends Error {
  constructor(kid: string) {
    super(`signing key ${kid} does not decrypt with this key`);
    this.name = 'KeySealError';
  }
}

export function sealPrivateJwk(jwk: PrivateJwk, kid: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(kid, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function openSealedJwk(sealed: string, kid: string, key: Buffer): PrivateJwk {
  const [version, iv, ciphertext, tag, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !ciphertext || !tag || rest.length > 0) throw new KeySealError(kid);
  try {
    const decipher = createDecipheriv(CIPHER, key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(kid, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plaintext = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
    return JSON.parse(plaintext.toString('utf8'));
  } catch {
    throw new KeySealError(kid);
  }
}
