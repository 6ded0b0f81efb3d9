// CSRF defence for the interaction forms, in depth: the interaction cookie is SameSite=Lax (a
// cross-site POST arrives without it), cross-site POSTs are refused by Origin and
// Sec-Fetch-Site, and each form carries a token bound to its interaction by an HMAC with the
// cookie signing key, which a third party can't compute.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { AppError } from '../errors.ts';

export function csrfToken(key: string, interactionUid: string): string {
  return createHmac('sha256', key).update(`interaction-form:${interactionUid}`).digest('base64url');
}

export interface CsrfPolicy {
  readonly keys: readonly string[];
  /** The issuer's origin: the only origin our forms are served from. */
  readonly origin: string;
}

export function verifyCsrf(ctx: Context, policy: CsrfPolicy, interactionUid: string, presented: string | null): void {
  const origin = ctx.get('origin');
  if (ctx.get('sec-fetch-site') === 'cross-site' || (origin && origin !== policy.origin)) {
    throw new AppError('csrf_rejected', 403, 'This form was posted from another site.');
  }
  const given = Buffer.from(presented ?? '');
  // Any configured key verifies, so rotating COOKIE_KEYS does not break forms in flight.
  const valid = policy.keys.some((key) => {
    const expected = Buffer.from(csrfToken(key, interactionUid));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) throw new AppError('csrf_rejected', 403, 'This form has expired. Please go back and try again.');
}
