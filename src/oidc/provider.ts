// oidc-provider configured for the Connect API: authorization code with S256 PKCE for every
// client, opaque access tokens for the API as the only resource, refresh tokens rotated on
// every use, grants identified by the installation they stand for. All protocol behaviour is
// the library's; this file only chooses its options (docs/README.md of node-oidc-provider).
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { findUserById } from '../accounts/users-queries.ts';
import type { ArtifactStorage } from './artifact-storage.ts';
import { loadExistingGrant } from './existing-grant.ts';
import { introspectionAllowed, revocationAllowed } from './token-policies.ts';
import { getResourceServerInfo } from './resource-server.ts';
import { renderProtocolError } from './render-error.ts';
import { cookieOptions } from './cookies.ts';
import { providerSessionTtl } from './session-lifetime.ts';
import { ID_TOKEN_TTL_SECONDS, type PrivateJwks } from './signing-keys.ts';
import { CLIENT_KIND } from './client-store.ts';
import type { ConnectionDirectory } from '../connections/connection-directory.ts';

export interface ProviderDeps {
  readonly config: Config;
  readonly pool: pg.Pool;
  readonly storage: ArtifactStorage;
  readonly jwks: PrivateJwks;
  readonly connections: ConnectionDirectory;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** RFC 9700 section 4.2.1: codes live briefly. Tokens as issue #2 asks: opaque, one hour. */
const TTL = {
  AccessToken: HOUR,
  AuthorizationCode: MINUTE,
  // Signing keys stay published this long after rotation (signing-keys.ts): change it there.
  IdToken: ID_TOKEN_TTL_SECONDS,
  Interaction: 30 * MINUTE,
  // 30 minutes idle, 8 hours at most from sign-in (session-lifetime.ts).
  Session: providerSessionTtl,
  // A refresh token lives 30 days from its last use (it rotates on each use)...
  RefreshToken: 30 * DAY,
  // ...and the grant behind it a year from the last consent; consent renews it.
  Grant: 365 * DAY,
};

export const ROUTES = {
  authorization: '/oauth2/authorize',
  token: '/oauth2/token',
  introspection: '/oauth2/introspect',
  revocation: '/oauth2/revoke',
  jwks: '/oauth2/jwks',
  pushed_authorization_request: '/oauth2/par',
} as const;

export function createProvider(deps: ProviderDeps): Provider {
  const { config, pool } = deps;
  const configuration: Configuration = {
    adapter: deps.storage.adapterFor as unknown as Configuration['adapter'],
    jwks: deps.jwks as Configuration['jwks'],
    // Called for every code exchange and refresh with the token at hand: a connection the
    // user deleted (or that was purged) yields no account, which the library answers with
    // invalid_grant. Access tokens stay introspectable with state `deleted` (spec section 3).
    async findAccount(_ctx, id, token) {
      if (token && 'grantId' in token && token.grantId && !(await isLiveConnection(deps.connections, token.grantId))) return undefined;
      const user = await findUserById(pool, id);
      return user ? { accountId: user.id, claims: async () => ({ sub: user.id }) } : undefined;
    },
    claims: { openid: ['sub'] },
    scopes: ['openid'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    // The spec lists redirect_uri among the authorization request parameters: always required.
    allowOmittingSingleRegisteredRedirectUri: false,
    routes: ROUTES,
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      introspection: { enabled: true, allowedPolicy: introspectionAllowed(config) },
      revocation: { enabled: true, allowedPolicy: revocationAllowed(config) },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => config.apiResource,
        useGrantedResource: async () => true,
        getResourceServerInfo: getResourceServerInfo(config),
      },
    },
    extraClientMetadata: { properties: [CLIENT_KIND] },
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    // Refresh tokens with every code exchange, no offline_access needed (issue #2).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // Tokens outlive the browser session that created them; connections end by revocation.
    expiresWithSession: async () => false,
    // The grant id is the installation id (see interactions/consent-approval.ts).
    async extraTokenClaims(_ctx, token) {
      return token.kind === 'AccessToken' && token.grantId ? { installation_id: token.grantId } : undefined;
    },
    loadExistingGrant: loadExistingGrant(pool),
    interactions: { url: async (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    renderError: renderProtocolError,
    cookies: cookieOptions(config),
    ttl: TTL,
  };
  const provider = new Provider(config.issuer, configuration);
  // X-Forwarded-* is honoured only behind a proxy the operator configured (TRUST_PROXY).
  provider.proxy = config.trustProxy;
  return provider;
}

async function isLiveConnection(connections: ConnectionDirectory, installationId: string): Promise<boolean> {
  return (await connections.find(installationId))?.state === 'active';
}
