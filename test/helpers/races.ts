// Races at the token endpoint, shared by the concurrency tests and the stress script: many
// requests at once with one authorization code, or with one refresh token. Each request is its
// own fetch, so they arrive on separate connections as parallel clients' would.
import { authorizationRequest, authorize, shareMainWrite, REDIRECT_URI, type World } from './flow.ts';
import { Browser } from './browser.ts';
import type { TestServer } from './server.ts';

export interface RaceOutcome {
  /** Status and error code (or "ok") of each response, in request order. */
  readonly results: readonly { status: number; error: string; accessToken?: string; refreshToken?: string }[];
  readonly elapsedMs: number;
}

export interface IssuedCode {
  readonly code: string;
  readonly verifier: string;
}

/** A fresh code for the world's public client; the browser keeps its session between calls. */
export async function issueCode(t: TestServer, world: World, browser: Browser): Promise<IssuedCode> {
  const request = await authorizationRequest(t, world.clientId);
  const callback = new URL((await authorize(t, world, request, shareMainWrite(world), browser)).url);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback}`);
  return { code, verifier: request.verifier };
}

export function raceCodeRedemptions(t: TestServer, world: World, issued: IssuedCode, parallel: number): Promise<RaceOutcome> {
  return race(t, parallel, {
    grant_type: 'authorization_code', client_id: world.clientId, code: issued.code, redirect_uri: REDIRECT_URI, code_verifier: issued.verifier,
  });
}

export function raceRefreshes(t: TestServer, world: World, refreshToken: string, parallel: number): Promise<RaceOutcome> {
  return race(t, parallel, { grant_type: 'refresh_token', client_id: world.clientId, refresh_token: refreshToken });
}

async function race(t: TestServer, parallel: number, fields: Record<string, string>): Promise<RaceOutcome> {
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: parallel }, async () => {
    const response = await fetch(`${t.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    const body = await response.json() as { error?: string; access_token?: string; refresh_token?: string };
    return { status: response.status, error: body.error ?? 'ok', accessToken: body.access_token, refreshToken: body.refresh_token };
  }));
  return { results, elapsedMs: performance.now() - started };
}
