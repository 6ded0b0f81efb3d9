// The internal API, for API servers only (docs/api-servers.md): thin routes over the services.
// Mounted before the error pages because it answers JSON: its own middleware turns every error
// into JSON, and every path under /internal answers here (405 for a wrong method, 404 for an
// unknown path) rather than falling through to the HTML pages.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type pg from 'pg';
import type { ChangeFeed } from '../db/change-feed.ts';
import { AppError } from '../errors.ts';
import { readConnectionInfo } from './connection-info.ts';
import { grantCreatedPortfolio, installationNotFound } from './grant-created-portfolio.ts';
import { readJsonObject } from './json-body.ts';
import { jsonErrors } from './json-errors.ts';
import { parsePortfolioGrant } from './request-input.ts';
import { requireResourceServer, type ResourceServerState } from './resource-server-auth.ts';

export interface InternalApiDeps {
  readonly pool: pg.Pool;
  readonly feed: ChangeFeed;
}

export function internalApiRoutes(deps: InternalApiDeps): Router<ResourceServerState> {
  // Case-sensitive: @koa/router matches routes without regard to case by default but the
  // middleware registered with `use` (authentication below) with it, so /INTERNAL/... reached
  // the handlers unauthenticated. Paths are exactly as documented, or not ours.
  const router = new Router<ResourceServerState>({ prefix: '/internal', sensitive: true });
  router.use(jsonErrors());
  router.use(requireResourceServer(deps.pool));

  router.get('/connections/:installationId', async (ctx) => {
    const info = await readConnectionInfo(deps.pool, ctx.params.installationId!);
    if (!info) throw installationNotFound();
    ctx.body = info;
  });
  router.all('/connections/:installationId', onlyMethods('GET', 'HEAD'));

  router.post('/connections/:installationId/portfolios', async (ctx) => {
    const { portfolioId } = parsePortfolioGrant(await readJsonObject(ctx));
    const installationId = ctx.params.installationId!;
    ctx.body = await grantCreatedPortfolio(deps.pool, deps.feed, { installationId, portfolioId, resourceServerId: ctx.state.resourceServerId });
  });
  router.all('/connections/:installationId/portfolios', onlyMethods('POST'));

  router.all('/{*rest}', () => {
    throw new AppError('not_found', 404, 'the internal API has no such endpoint');
  });
  return router;
}

/** Reached only when the path matched a route above but its method did not. */
function onlyMethods(...allowed: string[]): Middleware {
  return (ctx) => {
    ctx.set('Allow', allowed.join(', '));
    throw new AppError('method_not_allowed', 405, `use ${allowed.join(' or ')} on this path`);
  };
}
