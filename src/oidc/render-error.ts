// Errors oidc-provider cannot redirect to the client (unknown client, redirect URI that does
// not match, expired interaction) become a readable page in our layout, never a redirect and
// never a stack trace.
import type { KoaContextWithOIDC, ErrorOut } from 'oidc-provider';
import { renderPage } from '../http/pages.ts';
import { chooseLocale } from '../i18n/negotiate.ts';

export async function renderProtocolError(ctx: KoaContextWithOIDC, out: ErrorOut, _error: Error): Promise<void> {
  const uiLocales = ctx.oidc?.params?.ui_locales;
  ctx.state.locale = chooseLocale({ uiLocales: typeof uiLocales === 'string' ? uiLocales : undefined, acceptLanguage: ctx.get('accept-language') });
  await renderPage(ctx, 'error', (t) => ({
    title: t('error.title'),
    error: out.error,
    description: out.error_description ?? t('error.intro'),
  }), ctx.status);
}
