// Remembered consent: a user who already connected this integration has a live installation,
// and its grant (grant id = installation id) answers the request when it covers the asked
// scopes, so the consent prompt is skipped (docs: loadExistingGrant).
import type pg from 'pg';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { findActiveInstallationId } from '../connections/connection-queries.ts';

export function loadExistingGrant(pool: pg.Pool) {
  return async (ctx: KoaContextWithOIDC) => {
    const { oidc } = ctx;
    const fromConsent = oidc.result?.consent?.grantId;
    const accountId = oidc.session?.accountId;
    const clientId = oidc.client?.clientId;
    const grantId = fromConsent
      ?? (accountId && clientId ? await findActiveInstallationId(pool, accountId, clientId) : undefined);
    if (!grantId) return undefined;
    const grant = await oidc.provider.Grant.find(grantId);
    // A grant belongs to one user and one integration; anything else is not this request's.
    if (!grant || grant.accountId !== accountId || grant.clientId !== clientId) return undefined;
    return grant;
  };
}
