// Introspection answers for the Connect API what GET /user needs: after oidc-provider has
// answered (one storage read of the token), add the installation's state and live
// permissions from the cached connection directory. Only resource servers may introspect.
// A token whose installation is gone (purged) is inactive.
import type { Middleware } from 'koa';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { ConnectionDirectory } from '../connections/connection-directory.ts';
import { isResourceServer, notAResourceServer } from './token-policies.ts';
import { ROUTES } from './provider.ts';

interface IntrospectionBody { active: boolean; installation_id?: string; [claim: string]: unknown }

export function introspectionExtras(connections: ConnectionDirectory): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== ROUTES.introspection) return next();
    await next();
    const { oidc } = ctx as unknown as KoaContextWithOIDC;
    if (ctx.status !== 200 || !oidc?.client) return;
    if (!isResourceServer(oidc.client)) {
      const error = notAResourceServer();
      ctx.status = error.status;
      ctx.body = { error: error.error, error_description: error.error_detail };
      return;
    }
    const body = ctx.body as IntrospectionBody;
    if (!body.active || !body.installation_id) return;
    const connection = await connections.find(body.installation_id);
    ctx.body = connection
      ? { ...body, state: connection.state, permissions: connection.permissions }
      : { active: false };
  };
}
