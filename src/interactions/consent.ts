// The consent prompt: who asks, what for in plain words, and the user's portfolios to share
// (read, or read and write when portfolio:write is asked). Approving stores the choice as the
// installation's permissions and grants only the scopes the choice supports.
import type { Context } from 'koa';
import type { InteractionDeps } from './interaction-context.ts';
import { renderPage } from '../http/pages.ts';
import { readForm } from '../http/form-body.ts';
import { findUserById } from '../accounts/users-queries.ts';
import { findPortfoliosOfUser } from '../portfolios/portfolios-queries.ts';
import { findActiveInstallationId, findConnection } from '../connections/connection-queries.ts';
import { findClientRecord } from '../clients/client-registry.ts';
import { logoPath } from '../http/client-logos.ts';
import { PORTFOLIO_WRITE } from '../oidc/scopes.ts';
import { csrfToken, verifyCsrf } from '../http/csrf.ts';
import { requestedApiScopes, requirePrompt, useInteractionLocale, type Details } from './prompt.ts';
import { parseConsentForm } from './consent-form.ts';
import { approveConsent } from './consent-approval.ts';

export async function showConsent(ctx: Context, deps: InteractionDeps, details: Details, problem?: string): Promise<void> {
  const accountId = details.session!.accountId;
  const clientId = String(details.params.client_id);
  const [client, user, portfolios, current] = await Promise.all([
    findClientRecord(deps.pool, clientId),
    findUserById(deps.pool, accountId),
    findPortfoliosOfUser(deps.pool, accountId),
    currentChoices(deps, accountId, clientId),
  ]);
  useInteractionLocale(ctx, details, user?.locale);
  const scopes = requestedApiScopes(details);
  await renderPage(ctx, 'consent', (t) => ({
    title: t('consent.title', { client: client?.name ?? clientId }),
    clientName: client?.name ?? clientId,
    homepage: client?.homepageUri ? { href: client.homepageUri, host: new URL(client.homepageUri).host } : undefined,
    logo: client?.hasLogo ? logoPath(clientId) : undefined,
    redirectHost: new URL(String(details.params.redirect_uri)).host,
    scopes: [...scopes],
    writeAsked: scopes.has(PORTFOLIO_WRITE),
    portfolios: portfolios.map((p) => ({ ...p, shared: current.choices.has(p.id), level: current.choices.get(p.id) ?? 'read' })),
    allowCreate: current.allowCreate,
    userEmail: user?.email ?? '',
    action: `/interaction/${details.uid}/consent`,
    csrf: csrfToken(deps.csrf.keys[0]!, `interaction:${details.uid}`),
    problem,
  }), problem ? 400 : 200);
}

export async function submitConsent(ctx: Context, deps: InteractionDeps): Promise<void> {
  const details = await deps.provider.interactionDetails(ctx.req, ctx.res);
  requirePrompt(details, 'consent');
  const form = await readForm(ctx);
  verifyCsrf(ctx, deps.csrf, `interaction:${details.uid}`, form.get('csrf'));
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
async function currentChoices(deps: InteractionDeps, userId: string, clientId: string) {
  const installationId = await findActiveInstallationId(deps.pool, userId, clientId);
  const connection = installationId ? await findConnection(deps.pool, installationId) : undefined;
  const choices = new Map<string, 'read' | 'write'>();
  for (const { portfolioId, action } of connection?.permissions ?? []) {
    if (action === 'write' || !choices.has(portfolioId)) choices.set(portfolioId, action);
  }
  const allowCreate = connection?.scopes.includes(PORTFOLIO_WRITE) === true && ![...choices.values()].includes('write');
  return { choices, allowCreate };
}
