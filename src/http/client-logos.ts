// Serves integration logos stored at registration (see clients/client-logo.ts) at
// /client-logos/<client id>, as inert images: their own sniffed type, nosniff, and a CSP that
// allows nothing should one be opened directly.
import type { Middleware } from 'koa';
import type pg from 'pg';
import { findClientLogo } from '../clients/client-registry.ts';

const PREFIX = '/client-logos/';
const MAX_AGE_SECONDS = 300;

export function logoPath(clientId: string): string {
  return PREFIX + encodeURIComponent(clientId);
}

export function clientLogos(pool: pg.Pool): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' || !ctx.path.startsWith(PREFIX)) return next();
    const logo = await findClientLogo(pool, decodeURIComponent(ctx.path.slice(PREFIX.length)));
    if (!logo) return next();
    ctx.type = logo.type;
    ctx.set({ 'Cache-Control': `public, max-age=${MAX_AGE_SECONDS}`, 'Content-Security-Policy': "default-src 'none'" });
    ctx.body = logo.bytes;
  };
}
