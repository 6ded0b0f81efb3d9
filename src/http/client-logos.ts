// Serves integration logos stored at registration (see clients/client-logo.ts) at
// /client-logos/<client id>, as inert images: their own sniffed type, nosniff, and a CSP that
// allows nothing should one be opened directly.
import type { Middleware } from 'koa';
import type pg from 'pg';
import { findClientLogo } from '../clients/client-registry.ts';
import { isWellFormedId } from '../ids.ts';

const PREFIX = '/client-logos/';
const MAX_AGE_SECONDS = 300;

export function logoPath(clientId: string): string {
  return PREFIX + encodeURIComponent(clientId);
}

export function clientLogos(pool: pg.Pool): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' || !ctx.path.startsWith(PREFIX)) return next();
    const clientId = clientIdIn(ctx.path);
    const logo = clientId ? await findClientLogo(pool, clientId) : undefined;
    if (!logo) return next();
    ctx.type = logo.type;
    ctx.set({ 'Cache-Control': `public, max-age=${MAX_AGE_SECONDS}`, 'Content-Security-Policy': "default-src 'none'" });
    ctx.body = logo.bytes;
  };
}

/** The client id in the path; undefined for a broken escape or what cannot be an id (NUL, megabytes). */
function clientIdIn(path: string): string | undefined {
  try {
    const clientId = decodeURIComponent(path.slice(PREFIX.length));
    return isWellFormedId(clientId) ? clientId : undefined;
  } catch {
    return undefined;
  }
}
