// The interaction pages oidc-provider sends the browser to: thin routes over the handlers.
import Router from '@koa/router';
import type { InteractionDeps } from './interaction-context.ts';
import { showLogin, submitLogin } from './login.ts';
import { showConsent, submitConsent } from './consent.ts';
import { AppError } from '../errors.ts';

export function interactionRoutes(deps: InteractionDeps): Router {
  const router = new Router({ prefix: '/interaction' });
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  router.get('/:uid', async (ctx) => {
    const details = await deps.provider.interactionDetails(ctx.req, ctx.res);
    if (details.prompt.name === 'login') return showLogin(ctx, deps, details);
    if (details.prompt.name === 'consent') return showConsent(ctx, deps, details);
    throw new AppError('unsupported_prompt', 400, 'unsupported prompt', 'error.unsupportedPrompt');
  });
  router.post('/:uid/login', (ctx) => submitLogin(ctx, deps));
  router.post('/:uid/consent', (ctx) => submitConsent(ctx, deps));
  return router;
}
