// CSRF defence for our forms, in depth: the cookies are SameSite=Lax (a cross-site POST
// arrives without them), cross-site POSTs are refused by Origin and Sec-Fetch-Site, and each
// form carries a token bound to what it acts on (an interaction, an account session) by an
// HMAC with the cookie signing key, which a third party can't compute.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { AppError } from '../errors.ts';

/** `binding` names what the form acts on, e.g. `interaction:<uid>` or `account:<session hash>`. */
export function csrfToken(key: string, binding: string): string {
  return createHmac('sha256', key).update(`form:${binding}`).digest('base64url');
}

export interface CsrfPolicy {
  readonly keys: readonly string[];
  /** The issuer's origin: the only origin our forms are served from. */
  readonly origin: string;
}

export function verifyCsrf(ctx: Context, policy: CsrfPolicy, binding: string, presented: string | null): void {
  if (isForeignPost(ctx, policy.origin)) {
    throw new AppError('csrf_rejected', 403, 'this form was posted from another site', 'error.crossSite');
  }
  const given = Buffer.from(presented ?? '');
  // Any configured key verifies, so rotating COOKIE_KEYS does not break forms in flight.
  const valid = policy.keys.some((key) => {
    const expected = Buffer.from(csrfToken(key, binding));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) throw new AppError('csrf_rejected', 403, 'the form token is missing or wrong', 'error.formExpired');
}

// Our pages send Referrer-Policy: no-referrer, under which browsers post our own forms with
// `Origin: null`; Sec-Fetch-Site (set by the browser, not by scripts) then tells same-origin
// from foreign. Only our own origin (or no claim at all, as non-browser clients send) passes
// here; the token check follows in every case.
function isForeignPost(ctx: Context, ownOrigin: string): boolean {
  const site = ctx.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = ctx.get('origin');
  if (!origin) return false;
  if (origin === 'null') return site !== 'same-origin';
  return origin !== ownOrigin;
}
