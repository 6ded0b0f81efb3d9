// The Connect API is the only resource server: tokens are opaque, carry its scopes and have
// it as their audience. Any other resource indicator is refused (RFC 8707 invalid_target).
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.ts';
import { API_SCOPES } from './scopes.ts';

const ACCESS_TOKEN_TTL_SECONDS = 3600;

export function getResourceServerInfo(config: Config) {
  return async (_ctx: KoaContextWithOIDC, resourceIndicator: string) => {
    if (resourceIndicator !== config.apiResource) {
      throw new errors.InvalidTarget(`unknown resource; this server issues tokens for ${config.apiResource}`);
    }
    return {
      scope: API_SCOPES.join(' '),
      audience: config.apiResource,
      accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
      accessTokenFormat: 'opaque' as const,
    };
  };
}
