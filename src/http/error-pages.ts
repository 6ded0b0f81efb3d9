// One place turns errors of our routes into responses: a page for people, never a stack
// trace. Unexpected errors are logged and answered with a generic 500 page.
import type { Middleware } from 'koa';
import { errors } from 'oidc-provider';
import { AppError } from '../errors.ts';
import { renderPage } from './pages.ts';

export function errorPages(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        await renderPage(ctx, 'error', (t) => ({ title: t('error.title'), error: 'not_found', description: t('error.notFound') }), 404);
      }
    } catch (error) {
      if (error instanceof errors.SessionNotFound) {
        // The interaction cookie is missing or expired: the flow must restart at the integration.
        await renderPage(ctx, 'error', (t) => ({ title: t('error.title'), error: 'session_not_found', description: t('error.expired') }), 400);
        return;
      }
      if (error instanceof AppError && error.expose) {
        await renderPage(ctx, 'error', (t) => ({ title: t('error.title'), error: error.code, description: error.textKey ? t(error.textKey) : error.message }), error.status);
        return;
      }
      ctx.app.emit('error', error, ctx);
      await renderPage(ctx, 'error', (t) => ({ title: t('error.title'), error: 'server_error', description: t('error.generic') }), 500);
    }
  };
}
