// What the grace window keeps of a refresh token's rotation, and how: the first response to
// the token, sealed with AES-256-GCM under a key derived from the token itself (HKDF-SHA256),
// in a slot named by another derivation of it. The store therefore holds nothing that
// authenticates anyone: without the presented refresh token a slot can be neither found nor
// opened, and a database or Redis dump yields no tokens.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The response replayed to followers, and who may receive it. */
export interface GraceEntry {
  /** Digest of the leader's client authentication and request (see token-request.ts). */
  readonly fingerprint: string;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export interface GraceSlot {
  /** Where the entry is stored: safe to show, it reveals nothing about the token. */
  readonly key: string;
  readonly sealingKey: Buffer;
}

const FORMAT_VERSION = 1;
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;
// Refresh tokens are random (256 bits): a fixed salt is enough; `info` separates the two uses.
const SALT = Buffer.from('connect-auth refresh-grace');
const SLOT_INFO = 'slot v1';
const SEALING_INFO = 'sealing key v1';

export function deriveGraceSlot(refreshToken: string): GraceSlot {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', refreshToken, SALT, info, KEY_BYTES));
  return { key: derive(SLOT_INFO).toString('base64url'), sealingKey: derive(SEALING_INFO) };
}

/** version (1 byte) | IV | GCM tag | ciphertext; the slot key is authenticated data, binding the blob to its slot. */
export function sealGraceEntry(slot: GraceSlot, entry: GraceEntry): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', slot.sealingKey, iv);
  cipher.setAAD(Buffer.from(slot.key));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(entry), 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(FORMAT_VERSION), iv, cipher.getAuthTag(), ciphertext]);
}

/** The entry, or undefined when the blob was not sealed for this slot (or was altered). */
export function openGraceEntry(slot: GraceSlot, sealed: Buffer): GraceEntry | undefined {
  if (sealed.length <= HEADER_BYTES || sealed[0] !== FORMAT_VERSION) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', slot.sealingKey, sealed.subarray(1, 1 + IV_BYTES));
  decipher.setAAD(Buffer.from(slot.key));
  decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, HEADER_BYTES));
  try {
    const plaintext = Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]);
    return JSON.parse(plaintext.toString('utf8')) as GraceEntry;
  } catch {
    return undefined;
  }
}
