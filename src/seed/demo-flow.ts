// The ready-to-run flow printed at start in development: a fresh PKCE pair, the
// authorization URL, and the curl line that exchanges the code. The demo client's redirect
// URI is /demo/callback on this server, which shows the code with that curl line filled in.
import { createHash, randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';
import { renderPage } from '../http/pages.ts';
import { ROUTES } from '../oidc/provider.ts';
import type { DemoSeed } from './demo.ts';

export interface DemoFlow extends DemoSeed {
  readonly verifier: string;
  readonly state: string;
  readonly authorizationUrl: string;
  curlFor(code: string): string;
}

export function createDemoFlow(issuer: string, seed: DemoSeed): DemoFlow {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const url = new URL(issuer + ROUTES.authorization);
  url.search = new URLSearchParams({
    client_id: seed.clientId,
    redirect_uri: seed.redirectUri,
    response_type: 'code',
    scope: 'portfolio:read portfolio:write',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
  }).toString();
  const curlFor = (code: string) => [
    `curl -s ${issuer}${ROUTES.token}`,
    '-d grant_type=authorization_code',
    `-d client_id=${seed.clientId}`,
    `--data-urlencode redirect_uri=${seed.redirectUri}`,
    `-d code=${code}`,
    `-d code_verifier=${verifier}`,
  ].join(' \\\n  ');
  return { ...seed, verifier, state, authorizationUrl: url.toString(), curlFor };
}

export function demoCallback(flow: DemoFlow): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/demo/callback' || ctx.method !== 'GET') return next();
    const code = typeof ctx.query.code === 'string' ? ctx.query.code : undefined;
    const error = typeof ctx.query.error === 'string' ? ctx.query.error : undefined;
    await renderPage(ctx, 'demo-callback', (t) => ({
      title: t('demo.title'),
      code,
      error,
      stateMatches: ctx.query.state === flow.state,
      curl: code ? flow.curlFor(code) : undefined,
    }));
  };
}
