// RFC 8414 metadata lives at /.well-known/oauth-authorization-server; oidc-provider serves the
// same document (a superset) at /.well-known/openid-configuration. Route one to the other.
import type { Middleware } from 'koa';

const RFC8414_PATH = '/.well-known/oauth-authorization-server';
const OIDC_DISCOVERY_PATH = '/.well-known/openid-configuration';

export function authorizationServerMetadata(): Middleware {
  return async (ctx, next) => {
    if (ctx.path === RFC8414_PATH) ctx.path = OIDC_DISCOVERY_PATH;
    await next();
  };
}
