// Recognises a refresh request at the token endpoint before oidc-provider sees it. The body
// has to be read for that; its bytes are handed on unchanged as `ctx.request.body`, which
// oidc-provider parses itself with the same parser (lib/shared/selective_body.js; it logs a
// one-time warning that an upstream parser ran). Bodies it would judge differently (no
// Content-Length, over its size limit) are left to it untouched and get no grace window.
import { createHash } from 'node:crypto';
import { parse, type ParsedUrlQuery } from 'node:querystring';
import type { Context } from 'koa';
import { ROUTES } from '../provider.ts';

/** oidc-provider's own limit for endpoint bodies. */
const MAX_BODY_BYTES = 56 * 1024;

export interface RefreshRequest {
  readonly refreshToken: string;
  /** RFC 9449: a DPoP proof is single-use and bound to its request, so its answer is never replayed. */
  readonly dpop: boolean;
  /** Digest of everything that decides who receives the answer and what it holds. */
  readonly fingerprint: string;
}

export class UnreadableBody extends Error {}

/** The refresh request in a POST to the token endpoint, or undefined for any other request. */
export async function readRefreshRequest(ctx: Context): Promise<RefreshRequest | undefined> {
  if (ctx.method !== 'POST' || ctx.path !== ROUTES.token) return undefined;
  const length = ctx.request.length;
  if (!ctx.is('application/x-www-form-urlencoded') || length === undefined || length > MAX_BODY_BYTES) return undefined;
  const raw = await readBody(ctx, length);
  (ctx.request as { body?: Buffer }).body = raw;
  const params = parse(raw.toString('utf8'));
  const refreshToken = single(params, 'refresh_token');
  if (single(params, 'grant_type') !== 'refresh_token' || !refreshToken) return undefined;
  return { refreshToken, dpop: ctx.get('dpop') !== '', fingerprint: fingerprintRequest(ctx, params) };
}

async function readBody(ctx: Context, length: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > length) break;
      chunks.push(chunk);
    }
  } catch (error) {
    throw new UnreadableBody('the request body could not be read', { cause: error });
  }
  if (received !== length) throw new UnreadableBody('the request body does not match its Content-Length');
  return Buffer.concat(chunks, received);
}

/** A parameter given exactly once; repeated ones are oidc-provider's to refuse. */
function single(params: ParsedUrlQuery, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

// Client authentication as sent (HTTP Basic, or client_id/client_secret/client assertion in the
// body), the Origin the CORS headers answer, and the parameters that shape the tokens.
const FINGERPRINT_PARAMS = ['client_id', 'client_secret', 'client_assertion_type', 'client_assertion', 'scope', 'resource'];

function fingerprintRequest(ctx: Context, params: ParsedUrlQuery): string {
  const parts = [ctx.get('authorization'), ctx.get('origin'), ...FINGERPRINT_PARAMS.map((name) => params[name] ?? null)];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
