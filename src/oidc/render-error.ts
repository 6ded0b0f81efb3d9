// Errors oidc-provider cannot redirect to the client (unknown client, redirect URI that does
// not match, expired interaction) become a readable page in our layout, never a redirect and
// never a stack trace.
import type { KoaContextWithOIDC, ErrorOut } from 'oidc-provider';
import { renderPage } from '../http/pages.ts';
import { chooseLocale } from '../i18n/negotiate.ts';
import { catalogs } from '../i18n/translator.ts';

export async function renderProtocolError(ctx: KoaContextWithOIDC, out: ErrorOut, _error: Error): Promise<void> {
  const uiLocales = ctx.oidc?.params?.ui_locales;
  ctx.state.locale = chooseLocale({ uiLocales: typeof uiLocales === 'string' ? uiLocales : undefined, acceptLanguage: ctx.get('accept-language') });
  // The library's description is English and technical: lead with our own sentence for the
  // errors people meet, in their language, and keep the library's as the detail.
  const known = `error.protocol.${out.error}` in catalogs.en;
  await renderPage(ctx, 'error', (t) => ({
    title: t('error.title'),
    error: out.error,
    description: t(known ? `error.protocol.${out.error}` : 'error.intro'),
    details: out.error_description,
  }), ctx.status);
}
