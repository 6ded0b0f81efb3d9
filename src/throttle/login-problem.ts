// What a person sees when a sign-in does not go through: the sign-in page again with one
// alert. A wrong email or password is a 401 with the same text for both; a throttled attempt
// is a 429 with Retry-After (RFC 9110 section 10.2.3) and the wait written out in the
// reader's language.
import type { Context } from 'koa';
import type { Translate } from '../i18n/translator.ts';

export type LoginProblem = { readonly kind: 'failed' } | { readonly kind: 'throttled'; readonly retryAfterSeconds: number };

const SECONDS_PER_MINUTE = 60;
const UNAUTHORIZED = 401;
const TOO_MANY_REQUESTS = 429;

export function statusFor(problem: LoginProblem | undefined, fallback = 200): number {
  if (!problem) return fallback;
  return problem.kind === 'throttled' ? TOO_MANY_REQUESTS : UNAUTHORIZED;
}

export function setRetryAfter(ctx: Context, problem: LoginProblem | undefined): void {
  if (problem?.kind === 'throttled') ctx.set('Retry-After', String(problem.retryAfterSeconds));
}

export function describeProblem(t: Translate, problem: LoginProblem | undefined): string | undefined {
  if (!problem) return undefined;
  if (problem.kind === 'failed') return t('login.failed');
  return t('login.throttled', { wait: formatWait(t, problem.retryAfterSeconds) });
}

/** "45 seconds", "2 minutes", "15 Minuten": whole minutes, rounded up, from a minute on. */
export function formatWait(t: Translate, seconds: number): string {
  const inMinutes = seconds >= SECONDS_PER_MINUTE;
  const amount = inMinutes ? Math.ceil(seconds / SECONDS_PER_MINUTE) : seconds;
  const format = new Intl.NumberFormat(t('locale.tag'), { style: 'unit', unit: inMinutes ? 'minute' : 'second', unitDisplay: 'long' });
  return format.format(amount);
}
