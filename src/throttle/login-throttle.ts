// Login throttling (OWASP ASVS 5 V6.3.1; OWASP Authentication Cheat Sheet, "Protect against
// automated attacks"): sign-in attempts are counted per account and per IP address BEFORE the
// password is checked, in atomic counters, so parallel guesses cannot all pass between a check
// and a count. An attempt over a limit is refused without checking the password.
//
// Per account, keyed by the normalised email whether or not an account has it (throttling
// must not tell which accounts exist): a few free failures, then each further attempt waits a
// delay that doubles after every failure, up to a maximum. Never a lockout an attacker could
// keep a user in; a successful sign-in clears the account's counters. Per IP address: a larger
// budget of failures shared by every account tried from it (successes are given back).
import { createHash } from 'node:crypto';
import { RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import type { LoginThrottlePolicy } from '../config.ts';
import type { LimiterStore } from './limiter-store.ts';

/** How long an account remembers the delays it served: the exponent of the next delay. */
const PENALTY_MEMORY_SECONDS = 24 * 60 * 60;
const MS_PER_SECOND = 1000;

export type LoginGate =
  | { readonly allowed: false; readonly retryAfterSeconds: number }
  | { readonly allowed: true; succeeded(): Promise<void>; failed(): Promise<void> };

type Counted = { readonly ok: true; readonly res: RateLimiterRes } | { readonly ok: false; readonly retryAfterSeconds: number };

export class LoginThrottle {
  readonly #policy: LoginThrottlePolicy;
  readonly #perIp: RateLimiterStoreAbstract;
  readonly #perAccount: RateLimiterStoreAbstract;
  readonly #penalties: RateLimiterStoreAbstract;

  constructor(store: LimiterStore, policy: LoginThrottlePolicy) {
    this.#policy = policy;
    this.#perIp = store.limiter({ name: 'login_ip', points: policy.ipAttempts, durationSeconds: policy.ipWindowSeconds });
    // The free attempts' window is the longest delay, so no wait we announce is longer than that.
    this.#perAccount = store.limiter({ name: 'login_account', points: policy.accountFreeAttempts, durationSeconds: policy.accountMaxDelaySeconds });
    // Only counted (penalty/get/delete), never consumed: its points limit plays no part.
    this.#penalties = store.limiter({ name: 'login_penalty', points: 1, durationSeconds: PENALTY_MEMORY_SECONDS });
  }

  /** Counts an attempt before its password is checked; the caller reports how it ended. */
  async admit(email: string, ip: string): Promise<LoginGate> {
    // The address first: a refused address must not run up the account's count.
    const byIp = await take(this.#perIp, ip, 1);
    if (!byIp.ok) return { allowed: false, retryAfterSeconds: byIp.retryAfterSeconds };
    const account = accountKey(email);
    // Once the account has served a delay, each attempt takes the whole allowance: after a
    // delay ends, exactly one attempt passes, however many are sent at once.
    const served = (await this.#penalties.get(account))?.consumedPoints ?? 0;
    const byAccount = await take(this.#perAccount, account, served > 0 ? this.#policy.accountFreeAttempts : 1);
    if (!byAccount.ok) return { allowed: false, retryAfterSeconds: byAccount.retryAfterSeconds };
    const allowanceUsed = byAccount.res.remainingPoints === 0;
    return {
      allowed: true,
      succeeded: () => this.#clear(account, ip),
      failed: async () => {
        if (allowanceUsed) await this.#delay(account);
      },
    };
  }

  async #clear(account: string, ip: string): Promise<void> {
    await Promise.all([this.#perAccount.delete(account), this.#penalties.delete(account), this.#perIp.reward(ip, 1)]);
  }

  async #delay(account: string): Promise<void> {
    const served = (await this.#penalties.penalty(account, 1)).consumedPoints;
    await this.#perAccount.block(account, delayAfter(served, this.#policy));
  }
}

/** The wait after the `served`-th delayed failure (1-based): base, 2·base, 4·base... up to the maximum. */
export function delayAfter(served: number, policy: Pick<LoginThrottlePolicy, 'accountBaseDelaySeconds' | 'accountMaxDelaySeconds'>): number {
  const doubled = policy.accountBaseDelaySeconds * 2 ** Math.max(0, served - 1);
  return Math.min(doubled, policy.accountMaxDelaySeconds);
}

/** Emails compare case-insensitively (users-queries.ts); only a hash is stored. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

/**
 * Consumes `points` atomically unless none are left. A key already spent is refused by a read,
 * without consuming: refused attempts neither add up without bound nor move the end of a wait.
 */
async function take(limiter: RateLimiterStoreAbstract, key: string, points: number): Promise<Counted> {
  const current = await limiter.get(key);
  if (current && current.remainingPoints === 0) return refusal(current);
  try {
    return { ok: true, res: await limiter.consume(key, points) };
  } catch (rejection) {
    // rate-limiter-flexible rejects with a RateLimiterRes when over the limit, an Error when the store fails.
    if (rejection instanceof RateLimiterRes) return refusal(rejection);
    throw rejection;
  }
}

function refusal(res: RateLimiterRes): Counted {
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / MS_PER_SECOND)) };
}
