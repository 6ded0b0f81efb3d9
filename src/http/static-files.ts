// Serves the few files in public/ from memory, read once at start. No directory listing, no
// path from the request ever reaches the file system.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Middleware } from 'koa';

const PUBLIC_DIR = new URL('../../public/', import.meta.url).pathname;
const PREFIX = '/public/';
const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png' };
const MAX_AGE_SECONDS = 3600;

export function staticFiles(): Middleware {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(PUBLIC_DIR)) files.set(PREFIX + name, readFileSync(join(PUBLIC_DIR, name)));
  return async (ctx, next) => {
    const file = ctx.method === 'GET' || ctx.method === 'HEAD' ? files.get(ctx.path) : undefined;
    if (!file) return next();
    ctx.type = TYPES[extname(ctx.path)] ?? 'application/octet-stream';
    ctx.set('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`);
    ctx.body = file;
  };
}
