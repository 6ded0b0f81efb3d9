// Every cookie this server sets: HttpOnly, SameSite=Lax, signed with COOKIE_KEYS (the first
// key signs, every key verifies, so keys rotate by prepending a new one), and when the issuer
// is https also Secure with a prefixed name, which browsers enforce so that no other origin
// (a sibling subdomain, a plain-http page on a hostile network) can plant or overwrite them.
// https://datatracker.ietf.org/doc/html/draft-ietf-httpbis-rfc6265bis#section-4.1.3
//
// `__Host-` needs Path=/ and no Domain: our account cookies and oidc-provider's session cookie
// have that. oidc-provider scopes its two interaction cookies to a path: `_interaction` to
// /interaction/<uid> and `_interaction_resume` to /oauth2/authorize/<uid> (lib/actions/
// authorization/interactions.js), so that flows in several tabs do not overwrite each other's.
// The resume cookie's path cannot be changed by configuration, and putting the interaction
// cookie at / would lose the per-tab scoping, so both take `__Secure-` (Secure, any path).
import type { Middleware } from 'koa';
import type { Configuration } from 'oidc-provider';
import type { Config } from '../config.ts';

/** `host`: Path=/, may be `__Host-`. `path`: scoped to a path, may only be `__Secure-`. */
type CookieScope = 'host' | 'path';

export function isHttps(config: Pick<Config, 'issuer'>): boolean {
  return config.issuer.startsWith('https://');
}

export function cookieName(base: string, scope: CookieScope, secure: boolean): string {
  if (!secure) return base;
  return `${scope === 'host' ? '__Host-' : '__Secure-'}${base}`;
}

/** Options of our own Path=/ cookies (the /account ones). */
export function hostCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, signed: true, path: '/', overwrite: true };
}

/** oidc-provider's `cookies` option: names, keys, and the attributes of its cookies. */
export function cookieOptions(config: Config): NonNullable<Configuration['cookies']> {
  const secure = isHttps(config);
  // No path: the session cookie gets cookies' default Path=/; the interaction cookies get theirs from oidc-provider.
  const options = { httpOnly: true, sameSite: 'lax' as const, secure, signed: true };
  return {
    names: {
      session: cookieName('session', 'host', secure),
      interaction: cookieName('interaction', 'path', secure),
      resume: cookieName('interaction_resume', 'path', secure),
    },
    keys: [...config.cookieKeys],
    long: options,
    short: options,
  };
}

/**
 * With an https issuer, TLS ends in front of this process (it listens on plain http), so its
 * cookies must be Secure whatever the last hop was. Koa's cookie jar refuses to set a Secure
 * cookie unless the request looks encrypted, which without TRUST_PROXY it never does; the
 * request is marked secure here, for the cookie jars only (ctx.protocol and ctx.origin keep
 * what the connection says).
 */
export function secureCookieTransport(config: Pick<Config, 'issuer'>): Middleware {
  const https = isHttps(config);
  return async (ctx, next) => {
    if (https) Object.defineProperty(ctx.request, 'secure', { value: true });
    await next();
  };
}
