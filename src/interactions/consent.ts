// The consent prompt: who asks, what for in plain words, and the user's portfolios to share
// (read, or read and write when portfolio:write is asked). Approving stores the choice as the
// installation's permissions and grants only the scopes the choice supports.
import type { Context } from 'koa';
import type { InteractionDeps } from './interaction-context.ts';
import { renderPage } from '../http/pages.ts';
import { readForm } from '../http/form-body.ts';
import { findUserById } from '../accounts/users-queries.ts';
import { findPortfoliosOfUser } from '../portfolios/portfolios-queries.ts';
import { findActiveInstallationId } from '../connections/connection-queries.ts';
import { PORTFOLIO_WRITE } from '../oidc/scopes.ts';
import { csrfToken, verifyCsrf } from './csrf.ts';
import { requestedApiScopes, requirePrompt, type Details } from './prompt.ts';
import { parseConsentForm } from './consent-form.ts';
import { approveConsent } from './consent-approval.ts';

export async function showConsent(ctx: Context, deps: InteractionDeps, details: Details, problem?: string): Promise<void> {
  const accountId = details.session!.accountId;
  const [client, user, portfolios, current] = await Promise.all([
    deps.provider.Client.find(String(details.params.client_id)),
    findUserById(deps.pool, accountId),
    findPortfoliosOfUser(deps.pool, accountId),
    currentChoices(deps, accountId, String(details.params.client_id)),
  ]);
  const scopes = requestedApiScopes(details);
  await renderPage(ctx, 'consent', (t) => ({
    title: t('consent.title', { client: client?.clientName ?? '' }),
    clientName: client?.clientName ?? String(details.params.client_id),
    redirectHost: new URL(String(details.params.redirect_uri)).host,
    scopes: [...scopes],
    writeAsked: scopes.has(PORTFOLIO_WRITE),
    portfolios: portfolios.map((p) => ({ ...p, shared: current.has(p.id), level: current.get(p.id) ?? 'read' })),
    userEmail: user?.email ?? '',
    action: `/interaction/${details.uid}/consent`,
    csrf: csrfToken(deps.csrf.keys[0]!, details.uid),
    problem,
  }), problem ? 400 : 200);
}

export async function submitConsent(ctx: Context, deps: InteractionDeps): Promise<void> {
  const details = await deps.provider.interactionDetails(ctx.req, ctx.res);
  requirePrompt(details, 'consent');
  const form = await readForm(ctx);
  verifyCsrf(ctx, deps.csrf, details.uid, form.get('csrf'));
  const accountId = details.session!.accountId;
  const scopes = requestedApiScopes(details);
  const portfolioIds = new Set((await findPortfoliosOfUser(deps.pool, accountId)).map((p) => p.id));
  const decision = parseConsentForm(form, { writeAsked: scopes.has(PORTFOLIO_WRITE), portfolioIds });
  if (decision.kind === 'problem') return showConsent(ctx, deps, details, decision.problem);
  const result = decision.kind === 'deny'
    ? { error: 'access_denied', error_description: 'the user denied the request' }
    : await approveConsent(deps, details, { choices: decision.choices, allowCreate: decision.allowCreate, ip: ctx.ip });
  if ('problem' in result) return showConsent(ctx, deps, details, result.problem);
  const target = await deps.provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: true });
  ctx.status = 303;
  ctx.redirect(target);
}

/** The current installation's choices, to pre-fill the form when consent is asked again. */
async function currentChoices(deps: InteractionDeps, userId: string, clientId: string): Promise<Map<string, 'read' | 'write'>> {
  const installationId = await findActiveInstallationId(deps.pool, userId, clientId);
  const connection = installationId ? await deps.connections.find(installationId) : undefined;
  const choices = new Map<string, 'read' | 'write'>();
  for (const { resourceId, action } of connection?.permissions ?? []) {
    if (action === 'write' || !choices.has(resourceId)) choices.set(resourceId, action);
  }
  return choices;
}
