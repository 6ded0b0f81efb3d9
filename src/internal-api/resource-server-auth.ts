// Only API servers (clients registered with `connect-auth resource-servers add`) may call the
// internal API, with the same HTTP Basic credentials they introspect with. Checked before
// anything else, so an unauthenticated caller learns nothing, not even whether an id exists.
import type { Middleware } from 'koa';
import type { Queryable } from '../db/pool.ts';
import { authenticateResourceServer } from '../clients/client-authentication.ts';
import { AppError } from '../errors.ts';

export interface ResourceServerState {
  resourceServerId: string;
}

export function requireResourceServer(db: Queryable): Middleware<ResourceServerState> {
  return async (ctx, next) => {
    const clientId = await authenticateResourceServer(db, ctx.get('authorization') || undefined);
    if (!clientId) {
      ctx.set('WWW-Authenticate', 'Basic realm="connect-auth internal API", charset="UTF-8"');
      throw new AppError('invalid_client', 401, 'only registered resource servers, authenticated with HTTP Basic, may call the internal API');
    }
    ctx.state.resourceServerId = clientId;
    await next();
  };
}
