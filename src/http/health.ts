// /healthz for container health checks and load balancers: 200 when the database answers.
import type { Middleware } from 'koa';
import type pg from 'pg';

export function healthCheck(pool: pg.Pool): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/healthz') return next();
    try {
      await pool.query('SELECT 1');
      ctx.body = { status: 'ok' };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'unavailable' };
    }
  };
}
