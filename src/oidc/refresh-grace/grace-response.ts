// The leader's response as followers receive it: the same status, body and headers that
// oidc-provider set (Cache-Control: no-store, Content-Type, CORS), never cookies. Headers our
// own middleware set before (CSP with its per-response nonce) are set afresh for each response.
import type { Context } from 'koa';
import type { GraceEntry } from './sealed-response.ts';

const OK = 200;
const NOT_REPLAYED = new Set(['content-length', 'set-cookie']);

export function listHeaderNames(ctx: Context): ReadonlySet<string> {
  return new Set(Object.keys(ctx.response.headers));
}

/** The entry for a successful rotation, or undefined: failures are never replayed. */
export function captureRotation(ctx: Context, headersBefore: ReadonlySet<string>, fingerprint: string): GraceEntry | undefined {
  const body = ctx.body as { access_token?: unknown; refresh_token?: unknown } | undefined;
  if (ctx.status !== OK || typeof body?.access_token !== 'string' || typeof body.refresh_token !== 'string') return undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(ctx.response.headers)) {
    if (headersBefore.has(name) || NOT_REPLAYED.has(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { fingerprint, status: ctx.status, headers, body: JSON.stringify(body) };
}

/** The refresh token the rotation issued. */
export function rotatedRefreshToken(entry: GraceEntry): string {
  return (JSON.parse(entry.body) as { refresh_token: string }).refresh_token;
}

export function replayRotation(ctx: Context, entry: GraceEntry): void {
  ctx.status = entry.status;
  ctx.set(entry.headers);
  // A string body after Content-Type keeps that type; Koa sets the length.
  ctx.body = entry.body;
}
