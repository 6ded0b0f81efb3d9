// RFC 9700 section 4.14.2: a rotated refresh token presented again (after the grace window, or
// by someone the window does not serve) means it may have been stolen. oidc-provider then
// destroys it and revokes the whole grant (lib/actions/grants/refresh_token.js); this records
// that outcome in the audit log. The provider loaded the presented token as the request's
// RefreshToken entity: consumed at that point, and gone afterwards, is exactly that path.
import type pg from 'pg';
import type Provider from 'oidc-provider';
import type { Context } from 'koa';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { recordAudit } from '../../audit/audit-log.ts';

const BAD_REQUEST = 400;
const MS_PER_SECOND = 1000;

interface PresentedToken { accountId?: string; clientId?: string; grantId?: string; consumed?: unknown; rotations?: number }

export async function auditRefreshTokenReuse(ctx: Context, provider: Provider, pool: pg.Pool, presented: string): Promise<void> {
  if (ctx.status !== BAD_REQUEST) return;
  const token = (ctx as unknown as KoaContextWithOIDC).oidc?.entities?.RefreshToken as PresentedToken | undefined;
  if (!token?.consumed) return;
  if (await provider.RefreshToken.find(presented, { ignoreExpiration: true })) return;
  await recordAudit(pool, {
    type: 'refresh_token.reused',
    userId: token.accountId,
    clientId: token.clientId,
    installationId: token.grantId,
    ip: ctx.ip,
    details: { outcome: 'grant_revoked', rotatedAt: toIsoDate(token.consumed), rotations: token.rotations ?? 0 },
  });
}

// oidc-provider marks consumption in epoch seconds.
function toIsoDate(consumed: unknown): string | undefined {
  return typeof consumed === 'number' ? new Date(consumed * MS_PER_SECOND).toISOString() : undefined;
}
