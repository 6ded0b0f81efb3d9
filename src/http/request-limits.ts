// Refuses, before anything reads it, a request no endpoint could accept: a Host that makes no
// URL (400, RFC 9112 section 3.2; oidc-provider builds its URLs from it and would throw), a
// method neither we nor oidc-provider implement (405; @koa/router's allowedMethods would answer
// 501, a 5xx for a client's mistake), a body declared larger than any endpoint reads (413).
// The largest is oidc-provider's own limit for its endpoints, 56 KiB (lib/shared/
// selective_body.js), which it answers 400 invalid_request when a chunked body crosses it; our
// forms and the internal API stop at 16 KiB (form-body.ts, internal-api/json-body.ts). The
// 413 closes the connection, so Node does not read the rest of a large body only to discard it.
// Header size is Node's limit (MAX_HEADER_BYTES in server.ts), answered 431 by Node itself.
import type { Middleware } from 'koa';

const MAX_BODY_BYTES = 56 * 1024;
const IMPLEMENTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function requestLimits(): Middleware {
  return async (ctx, next) => {
    if (!URL.canParse(`${ctx.protocol}://${ctx.host}/`)) {
      ctx.status = 400;
      ctx.body = { error: 'invalid_request', error_description: 'the Host header is not a valid host' };
      return;
    }
    if (!IMPLEMENTED_METHODS.has(ctx.method)) {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD, POST, OPTIONS');
      return;
    }
    if (Number(ctx.get('content-length') || 0) > MAX_BODY_BYTES) {
      ctx.status = 413;
      ctx.set({ Connection: 'close', 'Cache-Control': 'no-store' });
      ctx.body = { error: 'invalid_request', error_description: `the request body must not exceed ${MAX_BODY_BYTES} bytes` };
      return;
    }
    await next();
  };
}
