// Introspection answers for the Connect API what GET /user needs: after oidc-provider has
// answered (one storage read of the token), add the installation's state and live
// permissions from the cached connection directory. Only resource servers may introspect.
// A token whose installation is gone (purged) is inactive.
import type { Middleware } from 'koa';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { ConnectionDirectory } from '../connections/connection-directory.ts';
import { isResourceServer } from './token-policies.ts';
import { ROUTES } from './provider.ts';

/** RFC 7662 section 2.3: a caller without valid resource-server credentials gets 401. */
function refuse(ctx: Parameters<Middleware>[0]): void {
  ctx.status = 401;
  ctx.set('WWW-Authenticate', 'Basic realm="introspection"');
  ctx.body = { error: 'invalid_client', error_description: 'only registered resource servers, authenticated with their credentials, may introspect tokens' };
}

interface IntrospectionBody { active: boolean; installation_id?: string; [claim: string]: unknown }

export function introspectionExtras(connections: ConnectionDirectory): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== ROUTES.introspection) return next();
    await next();
    const { oidc } = ctx as unknown as KoaContextWithOIDC;
    const refusedClient = (ctx.body as { error?: string } | undefined)?.error === 'invalid_client';
    if (refusedClient || (ctx.status === 200 && oidc?.client && !isResourceServer(oidc.client))) {
      refuse(ctx);
      return;
    }
    if (ctx.status !== 200) return;
    const body = ctx.body as IntrospectionBody;
    if (!body.active || !body.installation_id) return;
    const connection = await connections.find(body.installation_id);
    ctx.body = connection
      ? { ...body, state: connection.state, permissions: connection.permissions }
      : { active: false };
  };
}
