// Headers on every response: a CSP with a per-response nonce and no inline code, no framing,
// no referrer leaking codes or states, no MIME sniffing; HSTS when served over https.
// No form-action directive: browsers apply it to the redirect chain after a form post, which
// would block the final redirect to the integration's redirect URI.
import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';

export function securityHeaders(options: { https: boolean }): Middleware {
  return async (ctx, next) => {
    const nonce = randomBytes(16).toString('base64');
    ctx.state.cspNonce = nonce;
    ctx.set({
      'Content-Security-Policy': [
        "default-src 'none'",
        `style-src 'self' 'nonce-${nonce}'`,
        "img-src 'self' data:",
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Opener-Policy': 'same-origin',
      ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
    });
    await next();
  };
}
