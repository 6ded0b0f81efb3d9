// Refresh token rotation that survives concurrency. oidc-provider rotates a refresh token on
// every use and treats a second use as theft, revoking the grant: integrations that refresh in
// parallel (several workers, a retry after a timeout) would lose their connection. Around
// POST /oauth2/token with grant_type=refresh_token, one request per token goes through to the
// provider; for REFRESH_GRACE_SECONDS the others receive that same response, if they are the
// same request of the same client. Everything else (DPoP proofs, another client, a failed
// rotation, a window past) the provider answers under its own rules, and the reuse it
// punishes is audited. The protocol stays the provider's: nothing here issues a token.
import { timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import type { Context, Middleware, Next } from 'koa';
import type Provider from 'oidc-provider';
import type { GraceStore } from './grace-store.ts';
import { readRefreshRequest, UnreadableBody, type RefreshRequest } from './token-request.ts';
import { deriveGraceSlot, openGraceEntry, sealGraceEntry, type GraceSlot } from './sealed-response.ts';
import { createSingleFlight } from './single-flight.ts';
import { captureRotation, listHeaderNames, replayRotation, rotatedRefreshToken } from './grace-response.ts';
import { auditRefreshTokenReuse } from './reuse-audit.ts';

export interface RefreshGraceDeps {
  readonly provider: Provider;
  readonly pool: pg.Pool;
  readonly store: GraceStore;
  /** 0 turns the window off; reuse is still audited. */
  readonly windowSeconds: number;
}

const MS_PER_SECOND = 1000;
const BAD_REQUEST = 400;

export function refreshGrace(deps: RefreshGraceDeps): Middleware {
  const flight = createSingleFlight(deps.store);
  return async (ctx, next) => {
    let request: RefreshRequest | undefined;
    try {
      request = await readRefreshRequest(ctx);
    } catch (error) {
      if (error instanceof UnreadableBody) return refuseBody(ctx);
      throw error;
    }
    if (!request) return next();
    if (request.dpop || deps.windowSeconds === 0) return answerByProvider(ctx, next, deps, request);
    const slot = deriveGraceSlot(request.refreshToken);
    const turn = await flight.awaitTurn(slot.key).catch((error: Error) => logStoreFailure(error));
    if (turn?.kind === 'lead') return lead(ctx, next, deps, request, slot, turn.settle);
    if (turn?.kind === 'follow' && (await follow(ctx, deps, request, slot, turn.sealed))) return;
    return answerByProvider(ctx, next, deps, request);
  };
}

async function lead(ctx: Context, next: Next, deps: RefreshGraceDeps, request: RefreshRequest, slot: GraceSlot, settle: (sealed: Buffer | undefined) => void): Promise<void> {
  const headersBefore = listHeaderNames(ctx);
  let published: Buffer | undefined;
  try {
    await next();
    const entry = captureRotation(ctx, headersBefore, request.fingerprint);
    if (!entry) return await auditReuse(ctx, deps, request);
    const sealed = sealGraceEntry(slot, entry);
    // The tokens are issued either way: a store failure costs the followers, not the leader.
    await deps.store.publish(slot.key, sealed, deps.windowSeconds * MS_PER_SECOND)
      .then(() => { published = sealed; }, logStoreFailure);
  } finally {
    if (!published) await deps.store.release(slot.key).catch(logStoreFailure);
    settle(published);
  }
}

/** Replays the leader's response; false when this request must go to the provider instead. */
async function follow(ctx: Context, deps: RefreshGraceDeps, request: RefreshRequest, slot: GraceSlot, sealed: Buffer): Promise<boolean> {
  const entry = openGraceEntry(slot, sealed);
  if (!entry || !sameFingerprint(entry.fingerprint, request.fingerprint)) return false;
  // Only while the rotation's refresh token is live: not revoked since (a disconnect, a
  // revocation) and not itself used since, which would make this a late replay.
  const issued = await deps.provider.RefreshToken.find(rotatedRefreshToken(entry));
  if (!issued || issued.consumed) return false;
  replayRotation(ctx, entry);
  return true;
}

async function answerByProvider(ctx: Context, next: Next, deps: RefreshGraceDeps, request: RefreshRequest): Promise<void> {
  await next();
  await auditReuse(ctx, deps, request);
}

async function auditReuse(ctx: Context, deps: RefreshGraceDeps, request: RefreshRequest): Promise<void> {
  await auditRefreshTokenReuse(ctx, deps.provider, deps.pool, request.refreshToken)
    .catch((error: Error) => console.error('auditing refresh token reuse failed:', error.message));
}

function sameFingerprint(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

// Without the grace store the provider's own rules apply: correct, only less forgiving.
function logStoreFailure(error: Error): undefined {
  console.error('refresh grace store failed:', error.message);
  return undefined;
}

function refuseBody(ctx: Context): void {
  ctx.status = BAD_REQUEST;
  ctx.set('cache-control', 'no-store');
  ctx.body = { error: 'invalid_request', error_description: 'failed to parse the request body' };
}
