// Composes the HTTP application, read top to bottom as the order a request passes:
// headers, our routes, then oidc-provider's endpoints last. oidc-provider is itself a Koa
// application; `provider.use` places middleware before its own routes.
import type pg from 'pg';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { touchInstallation } from './connections/connection-queries.ts';
import type { Config } from './config.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import { ConnectionDirectory } from './connections/connection-directory.ts';
import { securityHeaders } from './http/security-headers.ts';
import { secureCookieTransport } from './oidc/cookies.ts';
import { requestLimits } from './http/request-limits.ts';
import { errorPages } from './http/error-pages.ts';
import { staticFiles } from './http/static-files.ts';
import { clientLogos } from './http/client-logos.ts';
import { healthCheck } from './http/health.ts';
import { authorizationServerMetadata } from './http/metadata-alias.ts';
import { interactionRoutes } from './interactions/routes.ts';
import { accountRoutes } from './account/account-routes.ts';
import { internalApiRoutes } from './internal-api/routes.ts';
import { introspectionExtras } from './oidc/introspection-extras.ts';
import { codeReuseDetection } from './oidc/code-reuse.ts';
import { clientAuthChallenge } from './oidc/client-auth-challenge.ts';
import { refreshGrace } from './oidc/refresh-grace/refresh-grace.ts';
import { openGraceStore } from './oidc/refresh-grace/grace-store.ts';
import { createProvider } from './oidc/provider.ts';
import type { ArtifactStorage } from './oidc/artifact-storage.ts';
import type { PrivateJwks } from './oidc/signing-keys.ts';
import { demoCallback, type DemoFlow } from './seed/demo-flow.ts';
import type { LoginThrottle } from './throttle/login-throttle.ts';

export interface AppDeps {
  readonly config: Config;
  readonly pool: pg.Pool;
  readonly feed: ChangeFeed;
  readonly storage: ArtifactStorage;
  readonly jwks: PrivateJwks;
  readonly throttle: LoginThrottle;
  /** Development only: the seeded demo client's callback page. */
  readonly demo?: DemoFlow;
}

export function createApp(deps: AppDeps): Provider {
  const { config, pool, feed } = deps;
  const connections = new ConnectionDirectory(pool, feed);
  const provider = createProvider({ ...deps, connections });
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => recordUse(pool, ctx));
  const csrf = { keys: config.cookieKeys, origin: new URL(config.issuer).origin };
  const interactions = interactionRoutes({ config, provider, pool, feed, csrf, throttle: deps.throttle });

  provider.use(secureCookieTransport(config));
  provider.use(securityHeaders({ https: config.issuer.startsWith('https://') }));
  provider.use(requestLimits());
  provider.use(healthCheck(pool));
  provider.use(staticFiles());
  provider.use(clientLogos(pool));
  provider.use(authorizationServerMetadata());
  provider.use(clientAuthChallenge());
  provider.use(introspectionExtras(connections));
  provider.use(codeReuseDetection(provider, pool));
  provider.use(refreshGrace({
    provider, pool, store: openGraceStore(deps.storage, pool, config.redisKeyPrefix), windowSeconds: config.refreshGraceSeconds,
  }));
  // JSON for API servers, its own errors included: before the error pages.
  provider.use(internalApiRoutes({ pool, feed }).routes());
  provider.use(errorPages());
  if (deps.demo) provider.use(demoCallback(deps.demo));
  provider.use(interactions.routes());
  const account = accountRoutes({ config, provider, pool, feed, csrf, throttle: deps.throttle, secure: config.issuer.startsWith('https://') });
  provider.use(account.routes());
  provider.use(account.allowedMethods());
  provider.use(interactions.allowedMethods());
  return provider;
}

/** "Last used" on the connected-apps page: token endpoint activity (never introspection, which is hot). */
function recordUse(pool: pg.Pool, ctx: KoaContextWithOIDC): void {
  const installationId = ctx.oidc.entities.Grant?.jti;
  if (!installationId) return;
  touchInstallation(pool, installationId).catch((error: Error) => console.error('recording last use failed:', error.message));
}
