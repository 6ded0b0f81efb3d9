// Introspection and revocation are for authenticated callers: a request that carries no client
// authentication at all gets what RFC 6749 section 5.2 prescribes for failed client
// authentication, 401 invalid_client with a WWW-Authenticate challenge, rather than the
// library's 400 invalid_request; to a caller both mean "authenticate first".
import type { Middleware } from 'koa';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { ROUTES } from './provider.ts';

const GUARDED: ReadonlySet<string> = new Set([ROUTES.introspection, ROUTES.revocation]);

export function clientAuthChallenge(): Middleware {
  return async (ctx, next) => {
    if (!GUARDED.has(ctx.path)) return next();
    await next();
    const authenticated = (ctx as unknown as KoaContextWithOIDC).oidc?.client !== undefined;
    const error = (ctx.body as { error?: string } | undefined)?.error;
    if (ctx.status !== 400 || error !== 'invalid_request' || authenticated) return;
    if (ctx.get('authorization') || (ctx as unknown as KoaContextWithOIDC).oidc?.params?.client_id) return;
    ctx.status = 401;
    ctx.set('WWW-Authenticate', 'Basic realm="connect-auth"');
    ctx.body = { error: 'invalid_client', error_description: 'client authentication is required' };
  };
}
