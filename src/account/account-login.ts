// Sign-in and sign-out of the connected-apps pages. The sign-in form has no session yet to
// bind its CSRF token to, so it binds to a random nonce in a signed cookie (double submit).
// Sign-in attempts share the authorization flow's throttle (src/throttle/); sign-out ends this
// browser's account session and its authorization session too.
import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { recordAudit } from '../audit/audit-log.ts';
import { readForm } from '../http/form-body.ts';
import { csrfToken, verifyCsrf } from '../http/csrf.ts';
import { renderPage } from '../http/pages.ts';
import { cookieName, hostCookieOptions } from '../oidc/cookies.ts';
import { endProviderSession } from '../oidc/provider-session.ts';
import { attemptLogin } from '../throttle/login-attempt.ts';
import { describeProblem, setRetryAfter, statusFor, type LoginProblem } from '../throttle/login-problem.ts';
import type { AccountDeps, AccountState } from './account-context.ts';
import { ACCOUNT_PATH, endAccountSession, startAccountSession } from './account-sessions.ts';

const MAX_EMAIL_LENGTH = 320;
const MAX_PASSWORD_LENGTH = 1024;

function nonceCookieName(secure: boolean): string {
  return cookieName('account_login', 'host', secure);
}

export async function showAccountLogin(ctx: Context, deps: AccountDeps, problem?: LoginProblem, email = ''): Promise<void> {
  let nonce = ctx.cookies.get(nonceCookieName(deps.secure), { signed: true });
  if (!nonce) {
    nonce = randomBytes(16).toString('base64url');
    ctx.cookies.set(nonceCookieName(deps.secure), nonce, hostCookieOptions(deps.secure));
  }
  setRetryAfter(ctx, problem);
  await renderPage(ctx, 'login', (t) => ({
    title: t('account.login.title'),
    intro: t('account.login.intro'),
    action: `${ACCOUNT_PATH}/login`,
    csrf: csrfToken(deps.csrf.keys[0]!, `account-login:${nonce}`),
    alert: describeProblem(t, problem),
    email,
  }), statusFor(problem));
}

export async function submitAccountLogin(ctx: Context, deps: AccountDeps): Promise<void> {
  const form = await readForm(ctx);
  const nonce = ctx.cookies.get(nonceCookieName(deps.secure), { signed: true }) ?? '';
  verifyCsrf(ctx, deps.csrf, `account-login:${nonce}`, nonce ? form.get('csrf') : null);
  const email = (form.get('email') ?? '').trim().slice(0, MAX_EMAIL_LENGTH);
  const password = (form.get('password') ?? '').slice(0, MAX_PASSWORD_LENGTH);
  const outcome = await attemptLogin(deps.pool, deps.throttle, { email, password, ip: ctx.ip });
  if (outcome.kind === 'throttled') return showAccountLogin(ctx, deps, outcome, email);
  if (outcome.kind === 'failed') {
    await recordAudit(deps.pool, { type: 'login.failed', ip: ctx.ip, details: { email, via: 'account' } });
    return showAccountLogin(ctx, deps, outcome, email);
  }
  const { user } = outcome;
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
  await endProviderSession(ctx, deps.provider, deps.config);
  ctx.status = 303;
  ctx.redirect(`${ACCOUNT_PATH}/login`);
}
