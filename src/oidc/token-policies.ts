// Who may introspect or revoke which token. Resource servers (API servers) see only access
// tokens issued for the Connect API; integrations never introspect (RFC 7662 section 4:
// the endpoint is for protected resources) and revoke only their own tokens.
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.ts';
import { CLIENT_KIND } from './client-store.ts';

type Client = NonNullable<KoaContextWithOIDC['oidc']['client']>;
interface TokenLike { kind: string; clientId?: string; aud?: string | string[] }

export function isResourceServer(client: Client | undefined): boolean {
  return (client as unknown as Record<string, unknown> | undefined)?.[CLIENT_KIND] === 'resource_server';
}

function isForApi(config: Config, token: TokenLike): boolean {
  const audiences = Array.isArray(token.aud) ? token.aud : [token.aud];
  return token.kind === 'AccessToken' && audiences.includes(config.apiResource);
}

export function introspectionAllowed(config: Config) {
  return async (_ctx: KoaContextWithOIDC, client: Client, token: TokenLike): Promise<boolean> =>
    isResourceServer(client) && isForApi(config, token);
}

export function revocationAllowed(config: Config) {
  return async (_ctx: KoaContextWithOIDC, client: Client, token: TokenLike): Promise<boolean> => {
    if (isResourceServer(client)) return isForApi(config, token);
    if (token.clientId === client.clientId) return true;
    // Answer 200 without revoking, so a caller cannot probe for other clients' tokens (RFC 7009 2.2).
    return false;
  };
}
