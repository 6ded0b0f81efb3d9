// /account: the connected-apps pages, with a session of their own. Thin routes over the
// handlers; every route but sign-in needs a live session.
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { AccountDeps, AccountState } from './account-context.ts';
import { ACCOUNT_PATH, resolveAccountSession } from './account-sessions.ts';
import { showAccountLogin, submitAccountLogin, submitAccountLogout } from './account-login.ts';
import { showConnectedApps, submitConnectionChange, submitDisconnect } from './connected-apps.ts';
import { isWellFormedId } from '../ids.ts';
import { AppError } from '../errors.ts';

export function accountRoutes(deps: AccountDeps): Router {
  const router = new Router({ prefix: ACCOUNT_PATH });
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  const signedIn = async (ctx: Context, next: Next) => {
    const session = await resolveAccountSession(ctx, deps.pool, deps.secure);
    if (!session) {
      ctx.status = 303;
      return ctx.redirect(`${ACCOUNT_PATH}/login`);
    }
    ctx.state.account = session;
    return next();
  };
  const account = (ctx: Context): AccountState => ctx.state.account;
  // What cannot be an id of ours (NUL, megabytes) is no page, and never reaches the database.
  router.param('id', (id, _ctx, next) => {
    if (!isWellFormedId(id)) throw new AppError('not_found', 404, 'no such connection', 'error.notFound');
    return next();
  });

  router.get('/login', (ctx) => showAccountLogin(ctx, deps));
  router.post('/login', (ctx) => submitAccountLogin(ctx, deps));
  router.post('/logout', signedIn, (ctx) => submitAccountLogout(ctx, deps, account(ctx)));
  router.get('/', signedIn, (ctx) => showConnectedApps(ctx, deps, account(ctx)));
  router.post('/connections/:id', signedIn, (ctx) => submitConnectionChange(ctx, deps, account(ctx), ctx.params.id!));
  router.post('/connections/:id/disconnect', signedIn, (ctx) => submitDisconnect(ctx, deps, account(ctx), ctx.params.id!));
  return router;
}
