// Sessions of the connected-apps pages, separate from the authorization flow's: signing in
// here does not sign anyone in to authorize an integration, and the reverse. The cookie holds
// 256 random bits, signed with COOKIE_KEYS; the table only its hash. Sessions end after
// 30 idle minutes or 8 hours, or at sign-out.
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type pg from 'pg';
import { deleteAccountSession, insertAccountSession, touchAccountSession } from './account-session-queries.ts';

export const ACCOUNT_COOKIE = 'account_session';
export const ACCOUNT_PATH = '/account';
const IDLE_SECONDS = 30 * 60;
const ABSOLUTE_SECONDS = 8 * 60 * 60;

function hashOf(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

function cookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, signed: true, path: ACCOUNT_PATH, overwrite: true };
}

export async function startAccountSession(ctx: Context, pool: pg.Pool, userId: string, secure: boolean): Promise<void> {
  const id = randomBytes(32).toString('base64url');
  await insertAccountSession(pool, hashOf(id), userId, ABSOLUTE_SECONDS);
  ctx.cookies.set(ACCOUNT_COOKIE, id, { ...cookieOptions(secure), maxAge: ABSOLUTE_SECONDS * 1000 });
}

/** The signed-in user's id, or undefined. */
export async function resolveAccountSession(ctx: Context, pool: pg.Pool): Promise<{ userId: string; sessionHash: string } | undefined> {
  const id = ctx.cookies.get(ACCOUNT_COOKIE, { signed: true });
  if (!id) return undefined;
  const sessionHash = hashOf(id);
  const userId = await touchAccountSession(pool, sessionHash, IDLE_SECONDS);
  return userId ? { userId, sessionHash } : undefined;
}

export async function endAccountSession(ctx: Context, pool: pg.Pool, secure: boolean): Promise<void> {
  const id = ctx.cookies.get(ACCOUNT_COOKIE, { signed: true });
  if (id) await deleteAccountSession(pool, hashOf(id));
  ctx.cookies.set(ACCOUNT_COOKIE, null, cookieOptions(secure));
}
