// Sign-in and sign-out of the connected-apps pages. The sign-in form has no session yet to
// bind its CSRF token to, so it binds to a random nonce in a signed cookie (double submit).
import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { authenticate } from '../accounts/user-service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { readForm } from '../http/form-body.ts';
import { csrfToken, verifyCsrf } from '../http/csrf.ts';
import { renderPage } from '../http/pages.ts';
import type { AccountDeps, AccountState } from './account-context.ts';
import { ACCOUNT_PATH, endAccountSession, startAccountSession } from './account-sessions.ts';

const NONCE_COOKIE = 'account_login';
const MAX_EMAIL_LENGTH = 320;
const MAX_PASSWORD_LENGTH = 1024;

export async function showAccountLogin(ctx: Context, deps: AccountDeps, failed = false, email = ''): Promise<void> {
  let nonce = ctx.cookies.get(NONCE_COOKIE, { signed: true });
  if (!nonce) {
    nonce = randomBytes(16).toString('base64url');
    ctx.cookies.set(NONCE_COOKIE, nonce, { httpOnly: true, sameSite: 'lax', secure: deps.secure, signed: true, path: ACCOUNT_PATH });
  }
  await renderPage(ctx, 'login', (t) => ({
    title: t('account.login.title'),
    intro: t('account.login.intro'),
    action: `${ACCOUNT_PATH}/login`,
    csrf: csrfToken(deps.csrf.keys[0]!, `account-login:${nonce}`),
    failed,
    email,
  }), failed ? 401 : 200);
}

export async function submitAccountLogin(ctx: Context, deps: AccountDeps): Promise<void> {
  const form = await readForm(ctx);
  const nonce = ctx.cookies.get(NONCE_COOKIE, { signed: true }) ?? '';
  verifyCsrf(ctx, deps.csrf, `account-login:${nonce}`, nonce ? form.get('csrf') : null);
  const email = (form.get('email') ?? '').trim().slice(0, MAX_EMAIL_LENGTH);
  const password = (form.get('password') ?? '').slice(0, MAX_PASSWORD_LENGTH);
  const user = email && password ? await authenticate(deps.pool, email, password) : undefined;
  if (!user) {
    await recordAudit(deps.pool, { type: 'login.failed', ip: ctx.ip, details: { email, via: 'account' } });
    return showAccountLogin(ctx, deps, true, email);
  }
  await recordAudit(deps.pool, { type: 'login.succeeded', userId: user.id, ip: ctx.ip, details: { via: 'account' } });
  // A fresh session id on every sign-in: a session id planted before sign-in is worthless.
  await endAccountSession(ctx, deps.pool, deps.secure);
  await startAccountSession(ctx, deps.pool, user.id, deps.secure);
  ctx.status = 303;
  ctx.redirect(ACCOUNT_PATH);
}

export async function submitAccountLogout(ctx: Context, deps: AccountDeps, session: AccountState): Promise<void> {
  const form = await readForm(ctx);
  verifyCsrf(ctx, deps.csrf, `account:${session.sessionHash}`, form.get('csrf'));
  await endAccountSession(ctx, deps.pool, deps.secure);
  ctx.status = 303;
  ctx.redirect(`${ACCOUNT_PATH}/login`);
}
