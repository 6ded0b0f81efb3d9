// Test fixtures and the authorization flow as an integration and a user drive it: the
// integration builds the authorization URL with oauth4webapi's PKCE helpers, the user signs
// in and consents in the Browser, the integration receives the callback.
import * as oauth from 'oauth4webapi';
import { addUser } from '../../src/accounts/user-service.ts';
import { addPortfolio } from '../../src/portfolios/portfolio-service.ts';
import { registerIntegration, registerResourceServer } from '../../src/clients/client-registry.ts';
import { Browser, outside, type Page } from './browser.ts';
import type { TestServer } from './server.ts';

export const PASSWORD = 'correct horse battery staple';
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

export interface World {
  readonly userId: string;
  readonly email: string;
  readonly portfolios: { main: string; side: string };
  readonly clientId: string;
  readonly confidential: { clientId: string; secret: string };
  readonly resourceServer: { clientId: string; secret: string };
  readonly as: oauth.AuthorizationServer;
}

let counter = 0;

/** A 1x1 PNG, standing in for an integration's logo. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export async function createWorld(t: TestServer, branding: { homepageUri?: string; logo?: boolean } = {}): Promise<World> {
  counter += 1;
  const email = `user${counter}-${Date.now()}@example.com`;
  const { id: userId } = await addUser(t.db.pool, { email, password: PASSWORD, name: 'Test User' });
  const main = (await addPortfolio(t.db.pool, { userEmail: email, name: 'Main', currency: 'EUR' })).id;
  const side = (await addPortfolio(t.db.pool, { userEmail: email, name: 'Side', currency: 'USD' })).id;
  const pub = await registerIntegration(t.db.pool, t.feed, {
    name: 'Budget App', redirectUris: [REDIRECT_URI], confidential: false, homepageUri: branding.homepageUri,
    logo: branding.logo ? { uri: 'https://budget.example.com/logo.png', bytes: TINY_PNG, type: 'image/png' } : undefined,
  });
  const conf = await registerIntegration(t.db.pool, t.feed, { name: 'Tax Tool', redirectUris: [REDIRECT_URI], confidential: true });
  const rs = await registerResourceServer(t.db.pool, t.feed, { name: 'Connect API' });
  return {
    userId,
    email,
    portfolios: { main, side },
    clientId: pub.client_id,
    confidential: { clientId: conf.client_id, secret: conf.client_secret! },
    resourceServer: { clientId: rs.client_id, secret: rs.client_secret! },
    as: await discover(t.url),
  };
}

export async function discover(issuer: string): Promise<oauth.AuthorizationServer> {
  const url = new URL(issuer);
  const response = await oauth.discoveryRequest(url, { algorithm: 'oauth2', [oauth.allowInsecureRequests]: true });
  return oauth.processDiscoveryResponse(url, response);
}

export interface AuthorizationRequest {
  readonly url: string;
  readonly verifier: string;
  readonly state: string;
}

export async function authorizationRequest(t: TestServer, clientId: string, overrides: Record<string, string | undefined> = {}): Promise<AuthorizationRequest> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const params: Record<string, string | undefined> = {
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'portfolio:read portfolio:write',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...overrides,
  };
  const url = new URL(`${t.url}/oauth2/authorize`);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return { url: url.toString(), verifier, state };
}

/** Opens the authorization URL, signs in, submits consent; returns the callback (or the page where it stopped). */
export async function authorize(t: TestServer, world: World, request: AuthorizationRequest, consent: Record<string, string | string[]>, browser = new Browser()): Promise<Page> {
  const stop = outside(t.url);
  let page = await browser.open(request.url, { stopAt: stop });
  if (page.html.includes('name="password"')) {
    page = await browser.submit(page, { email: world.email, password: PASSWORD }, { stopAt: stop });
  }
  if (page.html.includes('name="decision"')) {
    page = await browser.submit(page, consent, { stopAt: stop });
  }
  return page;
}

/** Consent fields sharing `main` read-and-write and `side` not at all. */
export function shareMainWrite(world: World): Record<string, string | string[]> {
  return { decision: 'approve', share: [world.portfolios.main], [`level:${world.portfolios.main}`]: 'write' };
}

export async function exchangeCode(world: World, callbackUrl: string, request: AuthorizationRequest, clientId = world.clientId, auth = oauth.None()): Promise<oauth.TokenEndpointResponse> {
  const client = { client_id: clientId };
  const params = oauth.validateAuthResponse(world.as, client, new URL(callbackUrl), request.state);
  const response = await oauth.authorizationCodeGrantRequest(world.as, client, auth, params, REDIRECT_URI, request.verifier, { [oauth.allowInsecureRequests]: true });
  return oauth.processAuthorizationCodeResponse(world.as, client, response);
}

export async function introspect(world: World, token: string, credentials = world.resourceServer): Promise<Record<string, unknown>> {
  const client = { client_id: credentials.clientId };
  const response = await oauth.introspectionRequest(world.as, client, oauth.ClientSecretBasic(credentials.secret), token, { [oauth.allowInsecureRequests]: true });
  return oauth.processIntrospectionResponse(world.as, client, response) as unknown as Record<string, unknown>;
}
