// Headers on every response, error responses included: a CSP with a per-response nonce and no
// inline code otherwise, no framing, no referrer leaking codes or states, no MIME sniffing;
// HSTS when served over https.
// - script-src carries the nonce and nothing else: our pages have no scripts, and oidc-provider
//   adds the sha256 of the one inline script it writes (the auto-submitting form of
//   response_mode=form_post and of switching accounts, lib/helpers/script_src_sha.js) to this
//   directive when it exists; without it that form would stay blank.
// - No form-action directive: browsers apply it to the redirect chain after a form post, which
//   would block the final redirect to the integration's redirect URI.
// - Referrer-Policy no-referrer is relied on by the CSRF check (src/http/csrf.ts).
// - Cache-Control no-store is set by the pages and oidc-provider's endpoints themselves; here
//   only for errors that escape to Koa's last-resort handler, which drops every header set so
//   far and keeps only the error's own `headers`.
import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';

const NONCE_BYTES = 16;
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function securityHeaders(options: { https: boolean }): Middleware {
  return async (ctx, next) => {
    const nonce = randomBytes(NONCE_BYTES).toString('base64');
    ctx.state.cspNonce = nonce;
    const headers = headersFor(nonce, options.https);
    ctx.set(headers);
    try {
      await next();
    } catch (error) {
      if (error instanceof Error) {
        const own = (error as { headers?: Record<string, string> }).headers;
        Object.assign(error, { headers: { ...headers, 'Cache-Control': 'no-store', ...own } });
      }
      throw error;
    }
  };
}

function headersFor(nonce: string, https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'self' 'nonce-${nonce}'`,
      "img-src 'self' data:",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` } : {}),
  };
}
