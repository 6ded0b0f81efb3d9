// One sign-in attempt, in the order that makes throttling hold: count the attempt, then check
// the password, then report the outcome (a success clears the counts, a failure may start a
// delay). Both sign-in forms (the authorization flow's and /account's) go through here.
import type { Queryable } from '../db/pool.ts';
import { authenticate } from '../accounts/user-service.ts';
import type { User } from '../accounts/users-queries.ts';
import type { LoginThrottle } from './login-throttle.ts';

export type LoginOutcome =
  | { readonly kind: 'succeeded'; readonly user: User }
  | { readonly kind: 'failed' }
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number };

export interface LoginInput {
  readonly email: string;
  readonly password: string;
  readonly ip: string;
}

export async function attemptLogin(db: Queryable, throttle: LoginThrottle, input: LoginInput): Promise<LoginOutcome> {
  const gate = await throttle.admit(input.email, input.ip);
  if (!gate.allowed) return { kind: 'throttled', retryAfterSeconds: gate.retryAfterSeconds };
  const user = input.email && input.password ? await authenticate(db, input.email, input.password) : undefined;
  if (!user) {
    await gate.failed();
    return { kind: 'failed' };
  }
  await gate.succeeded();
  return { kind: 'succeeded', user };
}
