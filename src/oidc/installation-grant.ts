// The oidc Grant that stands for an installation: its id is the installation id, so every
// token names its installation and revoking the grant revokes the connection's tokens. The
// grant is rebuilt on every change of the user's choice: API scopes the user no longer gives
// are dropped, and those asked but not given are recorded as rejected, so consent is not asked
// again until the integration asks for something new. OpenID scopes already granted are kept.
import type Provider from 'oidc-provider';

export interface InstallationGrant {
  readonly installationId: string;
  readonly accountId: string;
  readonly clientId: string;
  readonly resource: string;
  readonly scopes: readonly string[];
  readonly requestedScopes: readonly string[];
  /** OpenID scopes the current request adds (e.g. `openid`). */
  readonly oidcScopes?: readonly string[];
}

export async function saveInstallationGrant(provider: Provider, input: InstallationGrant): Promise<void> {
  const existing = await provider.Grant.find(input.installationId);
  const grant = new provider.Grant({ jti: input.installationId, accountId: input.accountId, clientId: input.clientId } as never);
  const oidc = new Set([...(existing?.getOIDCScope().split(' ') ?? []), ...(input.oidcScopes ?? [])].filter(Boolean));
  if (oidc.size > 0) grant.addOIDCScope([...oidc].join(' '));
  if (input.scopes.length > 0) grant.addResourceScope(input.resource, input.scopes.join(' '));
  const rejected = input.requestedScopes.filter((scope) => !input.scopes.includes(scope));
  if (rejected.length > 0) grant.rejectResourceScope(input.resource, rejected.join(' '));
  await grant.save();
}
