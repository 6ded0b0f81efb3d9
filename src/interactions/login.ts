// The login prompt: email and password, one message for every failure so the page does not
// tell whether an account exists (user-service makes both paths cost the same).
import type { Context } from 'koa';
import type { InteractionDeps } from './interaction-context.ts';
import { authenticate } from '../accounts/user-service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { renderPage } from '../http/pages.ts';
import { readForm } from '../http/form-body.ts';
import { csrfToken, verifyCsrf } from '../http/csrf.ts';
import { requirePrompt, useInteractionLocale, type Details } from './prompt.ts';

const MAX_EMAIL_LENGTH = 320;
const MAX_PASSWORD_LENGTH = 1024;

export async function showLogin(ctx: Context, deps: InteractionDeps, details: Details, failed = false, email = ''): Promise<void> {
  useInteractionLocale(ctx, details);
  const client = await deps.provider.Client.find(String(details.params.client_id));
  await renderPage(ctx, 'login', (t) => ({
    title: t('login.title'),
    intro: t('login.intro', { client: client?.clientName ?? String(details.params.client_id) }),
    action: `/interaction/${details.uid}/login`,
    csrf: csrfToken(deps.csrf.keys[0]!, `interaction:${details.uid}`),
    failed,
    email,
  }), failed ? 401 : 200);
}

export async function submitLogin(ctx: Context, deps: InteractionDeps): Promise<void> {
  const details = await deps.provider.interactionDetails(ctx.req, ctx.res);
  requirePrompt(details, 'login');
  const form = await readForm(ctx);
  verifyCsrf(ctx, deps.csrf, `interaction:${details.uid}`, form.get('csrf'));
  const email = (form.get('email') ?? '').trim().slice(0, MAX_EMAIL_LENGTH);
  const password = (form.get('password') ?? '').slice(0, MAX_PASSWORD_LENGTH);
  const user = email && password ? await authenticate(deps.pool, email, password) : undefined;
  if (!user) {
    await recordAudit(deps.pool, { type: 'login.failed', ip: ctx.ip, details: { email } });
    await showLogin(ctx, deps, details, true, email);
    return;
  }
  await recordAudit(deps.pool, { type: 'login.succeeded', userId: user.id, clientId: String(details.params.client_id), ip: ctx.ip });
  const target = await deps.provider.interactionResult(ctx.req, ctx.res, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
  ctx.status = 303;
  ctx.redirect(target);
}
