// How long oidc-provider's browser session (the sign-in that lets later authorizations skip
// the password) lasts: at most 8 hours from the sign-in (absolute), and 30 minutes after the
// last authorization request of that browser (idle), the limits of the /account session too
// (OWASP ASVS 5 V7.3). oidc-provider saves the session again, with ttl.Session, on every request
// that reads it (authorization, resume; lib/shared/session.js), so answering with the time
// left under both limits makes the store and the cookie expire at whichever comes first.
import type { KoaContextWithOIDC, Session } from 'oidc-provider';

export const PROVIDER_SESSION_IDLE_SECONDS = 30 * 60;
export const PROVIDER_SESSION_ABSOLUTE_SECONDS = 8 * 60 * 60;
const MS_PER_SECOND = 1000;

export function providerSessionTtl(_ctx: KoaContextWithOIDC, session: Pick<Session, 'loginTs' | 'iat'>, now = Date.now()): number {
  const nowSeconds = Math.floor(now / MS_PER_SECOND);
  const start = session.loginTs ?? session.iat ?? nowSeconds;
  const left = start + PROVIDER_SESSION_ABSOLUTE_SECONDS - nowSeconds;
  // At least a second: the library requires a positive TTL; a session past its end is not found anyway.
  return Math.max(1, Math.min(PROVIDER_SESSION_IDLE_SECONDS, left));
}
