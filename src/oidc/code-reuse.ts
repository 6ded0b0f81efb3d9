// Reuse of an authorization code revokes everything issued from it (RFC 6749 section 4.1.2,
// RFC 9700 section 4.2.4). oidc-provider does this when a consumed code is presented before
// it expires; presented after expiry it only answers invalid_grant ("expired"), leaving the
// tokens of the first redemption alive, and the losers of a parallel redemption race do not
// revoke either. This middleware closes both gaps: after the provider refused a code that had
// been consumed, the grant is revoked, with an audit event. The grant stands for the whole
// installation (grant id = installation id), so every token of the connection goes: a replayed
// code means the code leaked, and the user re-consents on the next authorization.
import type { Middleware } from 'koa';
import type Provider from 'oidc-provider';
import type pg from 'pg';
import { recordAudit } from '../audit/audit-log.ts';
import { ROUTES } from './provider.ts';

export function codeReuseDetection(provider: Provider, pool: pg.Pool): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.path !== ROUTES.token || ctx.method !== 'POST' || ctx.status !== 400) return;
    if ((ctx.body as { error?: string } | undefined)?.error !== 'invalid_grant') return;
    const params = (ctx as unknown as { oidc?: { params?: Record<string, unknown> } }).oidc?.params;
    if (params?.grant_type !== 'authorization_code' || typeof params.code !== 'string') return;
    const code = await provider.AuthorizationCode.find(params.code, { ignoreExpiration: true });
    // `consumed` is in the stored payload though missing from the type definitions.
    if (!(code as { consumed?: unknown } | undefined)?.consumed || !code?.grantId) return;
    // Once revoked, later replays (the other losers of a redemption race) have nothing left to do.
    if (!(await provider.Grant.find(code.grantId))) return;
    await revokeGrant(provider, code.grantId);
    await recordAudit(pool, {
      type: 'authorization_code.reused', userId: code.accountId, clientId: code.clientId, installationId: code.grantId, ip: ctx.ip,
      details: { expired: code.isExpired },
    });
  };
}

async function revokeGrant(provider: Provider, grantId: string): Promise<void> {
  // revokeByGrantId on any model's adapter removes every artifact of the grant (adapter contract).
  await provider.AccessToken.adapter.revokeByGrantId(grantId);
  await provider.Grant.adapter.destroy(grantId);
}
