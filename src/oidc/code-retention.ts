// Authorization codes are kept in storage for a while after they expire, so that a code
// presented again after its minute is still recognised as a reuse (RFC 9700 section 4.2.4:
// the tokens issued from it must then be revoked, see code-reuse.ts). The library refuses an
// expired code whatever the storage holds: keeping it longer grants nothing.
import type { Adapter } from 'oidc-provider';

/** How long a code is remembered after its expiry, for reuse detection. */
export const CODE_RETENTION_SECONDS = 24 * 60 * 60;

export function withCodeRetention(codes: Adapter): Adapter {
  return {
    ...codes,
    upsert: (id, payload, expiresIn) => codes.upsert(id, payload, (expiresIn ?? 0) + CODE_RETENTION_SECONDS),
    find: (id) => codes.find(id),
    findByUid: (uid) => codes.findByUid(uid),
    findByUserCode: (code) => codes.findByUserCode(code),
    consume: (id) => codes.consume(id),
    destroy: (id) => codes.destroy(id),
    revokeByGrantId: (id) => codes.revokeByGrantId(id),
  };
}
