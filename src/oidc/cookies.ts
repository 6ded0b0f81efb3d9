// Cookie options for oidc-provider's session and interaction cookies: signed with the
// configured keys (the first signs, all verify), HttpOnly, SameSite=Lax, and Secure when the
// issuer is https.
import type { Configuration } from 'oidc-provider';
import type { Config } from '../config.ts';

export function cookieOptions(config: Config): NonNullable<Configuration['cookies']> {
  const secure = config.issuer.startsWith('https://');
  const options = { httpOnly: true, sameSite: 'lax' as const, secure, signed: true };
  return {
    keys: [...config.cookieKeys],
    long: options,
    short: options,
  };
}
