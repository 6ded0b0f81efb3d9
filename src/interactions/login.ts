// The login prompt: email and password, one message for every failure so the page does not
// tell whether an account exists (user-service makes both paths cost the same). Attempts are
// throttled per account and per address (src/throttle/): over the limit the page answers 429
// with the wait, without checking the password.
import type { Context } from 'koa';
import type { InteractionDeps } from './interaction-context.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { renderPage } from '../http/pages.ts';
import { readForm } from '../http/form-body.ts';
import { csrfToken, verifyCsrf } from '../http/csrf.ts';
import { attemptLogin } from '../throttle/login-attempt.ts';
import { describeProblem, setRetryAfter, statusFor, type LoginProblem } from '../throttle/login-problem.ts';
import { requirePrompt, useInteractionLocale, type Details } from './prompt.ts';

const MAX_EMAIL_LENGTH = 320;
const MAX_PASSWORD_LENGTH = 1024;

export async function showLogin(ctx: Context, deps: InteractionDeps, details: Details, problem?: LoginProblem, email = ''): Promise<void> {
  useInteractionLocale(ctx, details);
  const client = await deps.provider.Client.find(String(details.params.client_id));
  setRetryAfter(ctx, problem);
  await renderPage(ctx, 'login', (t) => ({
    title: t('login.title'),
    intro: t('login.intro', { client: client?.clientName ?? String(details.params.client_id) }),
    action: `/interaction/${details.uid}/login`,
    csrf: csrfToken(deps.csrf.keys[0]!, `interaction:${details.uid}`),
    alert: describeProblem(t, problem),
    email,
  }), statusFor(problem));
}

export async function submitLogin(ctx: Context, deps: InteractionDeps): Promise<void> {
  const details = await deps.provider.interactionDetails(ctx.req, ctx.res);
  requirePrompt(details, 'login');
  const form = await readForm(ctx);
  verifyCsrf(ctx, deps.csrf, `interaction:${details.uid}`, form.get('csrf'));
  const email = (form.get('email') ?? '').trim().slice(0, MAX_EMAIL_LENGTH);
  const password = (form.get('password') ?? '').slice(0, MAX_PASSWORD_LENGTH);
  const outcome = await attemptLogin(deps.pool, deps.throttle, { email, password, ip: ctx.ip });
  if (outcome.kind === 'throttled') return showLogin(ctx, deps, details, outcome, email);
  if (outcome.kind === 'failed') {
    await recordAudit(deps.pool, { type: 'login.failed', ip: ctx.ip, details: { email } });
    return showLogin(ctx, deps, details, outcome, email);
  }
  const { user } = outcome;
  await recordAudit(deps.pool, { type: 'login.succeeded', userId: user.id, clientId: String(details.params.client_id), ip: ctx.ip });
  const target = await deps.provider.interactionResult(ctx.req, ctx.res, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
  ctx.status = 303;
  ctx.redirect(target);
}
