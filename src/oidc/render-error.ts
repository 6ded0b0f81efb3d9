// Errors oidc-provider cannot redirect to the client (unknown client, redirect URI that does
// not match, expired interaction) become a readable page in our layout, never a redirect and
// never a stack trace.
import type { KoaContextWithOIDC, ErrorOut } from 'oidc-provider';
import { renderPage } from '../http/pages.ts';

export async function renderProtocolError(ctx: KoaContextWithOIDC, out: ErrorOut, _error: Error): Promise<void> {
  await renderPage(ctx, 'error', (t) => ({
    title: t('error.title'),
    error: out.error,
    description: out.error_description ?? t('error.intro'),
  }), ctx.status);
}
