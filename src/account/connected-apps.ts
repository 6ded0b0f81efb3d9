// The connected-apps page: each live connection with when it was made and last used, and its
// portfolios with their access, editable; plus disconnect. Changes apply at once to tokens
// already issued (introspection reads permissions live) and rebuild the connection's grant so
// refreshed tokens carry the new scopes.
import type { Context } from 'koa';
import { findUserById } from '../accounts/users-queries.ts';
import { findPortfoliosOfUser, type Portfolio } from '../portfolios/portfolios-queries.ts';
import { changeConnectionChoice, deleteConnection } from '../connections/connection-service.ts';
import { parseConsentForm } from '../interactions/consent-form.ts';
import { saveInstallationGrant } from '../oidc/installation-grant.ts';
import { PORTFOLIO_WRITE } from '../oidc/scopes.ts';
import { readForm } from '../http/form-body.ts';
import { csrfToken, verifyCsrf } from '../http/csrf.ts';
import { renderPage } from '../http/pages.ts';
import { logoPath } from '../http/client-logos.ts';
import type { Translate } from '../i18n/translator.ts';
import { chooseLocale } from '../i18n/negotiate.ts';
import { findConnectedApps, type ConnectedApp } from './account-queries.ts';
import type { AccountDeps, AccountState } from './account-context.ts';
import { ACCOUNT_PATH } from './account-sessions.ts';

const NOTICES = new Set(['saved', 'disconnected', 'nothingShared', 'notFound']);

export async function showConnectedApps(ctx: Context, deps: AccountDeps, session: AccountState): Promise<void> {
  const [user, apps, portfolios] = await Promise.all([
    findUserById(deps.pool, session.userId),
    findConnectedApps(deps.pool, session.userId),
    findPortfoliosOfUser(deps.pool, session.userId),
  ]);
  ctx.state.locale = chooseLocale({ acceptLanguage: ctx.get('accept-language'), stored: user?.locale });
  const notice = typeof ctx.query.notice === 'string' && NOTICES.has(ctx.query.notice) ? ctx.query.notice : undefined;
  await renderPage(ctx, 'account', (t) => ({
    title: t('account.title'),
    userEmail: user?.email ?? '',
    notice: notice && t(`account.notice.${notice}`),
    csrf: csrfToken(deps.csrf.keys[0]!, `account:${session.sessionHash}`),
    logoutAction: `${ACCOUNT_PATH}/logout`,
    apps: apps.map((app) => appModel(app, portfolios, t)),
  }));
}

function appModel(app: ConnectedApp, portfolios: Portfolio[], t: Translate) {
  const levels = new Map<string, 'read' | 'write'>();
  for (const { portfolioId, action } of app.permissions) {
    if (action === 'write' || !levels.has(portfolioId)) levels.set(portfolioId, action);
  }
  const date = (value: Date) => new Intl.DateTimeFormat(t('locale.tag'), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(value);
  return {
    id: app.installationId,
    name: app.clientName,
    logo: app.hasLogo ? logoPath(app.clientId) : undefined,
    homepage: app.homepageUri ? { href: app.homepageUri, host: new URL(app.homepageUri).host } : undefined,
    connectedAt: date(app.connectedAt),
    lastUsed: app.lastUsedAt ? date(app.lastUsedAt) : t('account.neverUsed'),
    writeOffered: app.requestedScopes.includes(PORTFOLIO_WRITE),
    allowCreate: app.scopes.includes(PORTFOLIO_WRITE) && ![...levels.values()].includes('write'),
    portfolios: portfolios.map((p) => ({ ...p, shared: levels.has(p.id), level: levels.get(p.id) ?? 'read' })),
    saveAction: `${ACCOUNT_PATH}/connections/${app.installationId}`,
    disconnectAction: `${ACCOUNT_PATH}/connections/${app.installationId}/disconnect`,
  };
}

export async function submitConnectionChange(ctx: Context, deps: AccountDeps, session: AccountState, installationId: string): Promise<void> {
  const form = await readForm(ctx);
  verifyCsrf(ctx, deps.csrf, `account:${session.sessionHash}`, form.get('csrf'));
  const portfolioIds = new Set((await findPortfoliosOfUser(deps.pool, session.userId)).map((p) => p.id));
  // Write is offered per connection; the service downgrades it where the integration never asked for it.
  const decision = parseConsentForm(form, { writeAsked: true, portfolioIds });
  if (decision.kind !== 'approve') return redirectWith(ctx, 'nothingShared');
  const result = await changeConnectionChoice(deps.pool, deps.feed, {
    userId: session.userId, installationId, choices: decision.choices, allowCreate: decision.allowCreate, ip: ctx.ip,
  });
  if (result.kind !== 'changed') return redirectWith(ctx, result.kind === 'not_found' ? 'notFound' : 'nothingShared');
  await saveInstallationGrant(deps.provider, {
    installationId, accountId: session.userId, clientId: result.clientId, resource: deps.config.apiResource,
    scopes: result.scopes, requestedScopes: result.requestedScopes,
  });
  redirectWith(ctx, 'saved');
}

export async function submitDisconnect(ctx: Context, deps: AccountDeps, session: AccountState, installationId: string): Promise<void> {
  const form = await readForm(ctx);
  verifyCsrf(ctx, deps.csrf, `account:${session.sessionHash}`, form.get('csrf'));
  const deleted = await deleteConnection(deps.pool, deps.feed, { userId: session.userId, installationId, ip: ctx.ip });
  redirectWith(ctx, deleted ? 'disconnected' : 'notFound');
}

function redirectWith(ctx: Context, notice: string): void {
  ctx.status = 303;
  ctx.redirect(`${ACCOUNT_PATH}?notice=${notice}`);
}
