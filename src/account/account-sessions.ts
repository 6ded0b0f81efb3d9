// Sessions of the connected-apps pages, separate from the authorization flow's: signing in
// here does not sign anyone in to authorize an integration. The cookie holds 256 random bits,
// signed with COOKIE_KEYS; the table only its hash. Sessions end after 30 idle minutes or
// 8 hours, or at sign-out; a sign-in always starts a new one (no fixation of an old id).
// The cookie is `__Host-` prefixed when the issuer is https (see oidc/cookies.ts).
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type pg from 'pg';
import { deleteAccountSession, insertAccountSession, touchAccountSession } from './account-session-queries.ts';
import { cookieName, hostCookieOptions } from '../oidc/cookies.ts';

export const ACCOUNT_PATH = '/account';
export const ACCOUNT_IDLE_SECONDS = 30 * 60;
export const ACCOUNT_ABSOLUTE_SECONDS = 8 * 60 * 60;
const MS_PER_SECOND = 1000;

export function accountCookieName(secure: boolean): string {
  return cookieName('account_session', 'host', secure);
}

function hashOf(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

export async function startAccountSession(ctx: Context, pool: pg.Pool, userId: string, secure: boolean): Promise<void> {
  const id = randomBytes(32).toString('base64url');
  await insertAccountSession(pool, hashOf(id), userId, ACCOUNT_ABSOLUTE_SECONDS);
  ctx.cookies.set(accountCookieName(secure), id, { ...hostCookieOptions(secure), maxAge: ACCOUNT_ABSOLUTE_SECONDS * MS_PER_SECOND });
}

/** The signed-in user's id, or undefined. */
export async function resolveAccountSession(ctx: Context, pool: pg.Pool, secure: boolean): Promise<{ userId: string; sessionHash: string } | undefined> {
  const id = ctx.cookies.get(accountCookieName(secure), { signed: true });
  if (!id) return undefined;
  const sessionHash = hashOf(id);
  const userId = await touchAccountSession(pool, sessionHash, ACCOUNT_IDLE_SECONDS);
  return userId ? { userId, sessionHash } : undefined;
}

export async function endAccountSession(ctx: Context, pool: pg.Pool, secure: boolean): Promise<void> {
  const id = ctx.cookies.get(accountCookieName(secure), { signed: true });
  if (id) await deleteAccountSession(pool, hashOf(id));
  ctx.cookies.set(accountCookieName(secure), null, hostCookieOptions(secure));
}
