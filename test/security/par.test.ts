// Pushed authorization requests (RFC 9126), enabled for every client at /oauth2/par: a client
// pushes its parameters authenticated, then sends the browser with only client_id and the
// request_uri it received. The request_uri is bound to the client that pushed it, lives 60
// seconds, and is spent when a code is issued from it. (Clients that must use PAR:
// par-required.test.ts.)
import { after, before, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { Browser, outside } from '../helpers/browser.ts';
import { authorize, createWorld, exchangeCode, introspect, shareMainWrite, PASSWORD, REDIRECT_URI, type World } from '../helpers/flow.ts';

let t: TestServer;
let world: World;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
});
after(() => t?.close());

const insecure = { [oauth.allowInsecureRequests]: true } as const;
/** oidc-provider's lifetime of a pushed request (lib/actions/authorization/pushed_authorization_requests.js). */
const PAR_TTL_SECONDS = 60;

interface Pushed { readonly requestUri: string; readonly verifier: string; readonly state: string }

/** Pushes an authorization request as the confidential client (or, given a null secret, without authenticating). */
async function push(clientId = world.confidential.clientId, secret: string | null = world.confidential.secret, overrides: Record<string, string> = {}): Promise<Pushed> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const params = new URLSearchParams({
    redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'portfolio:read portfolio:write',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state, ...overrides,
  });
  const client = { client_id: clientId };
  const auth = secret ? oauth.ClientSecretBasic(secret) : oauth.None();
  const response = await oauth.pushedAuthorizationRequest(world.as, client, auth, params, insecure);
  const result = await oauth.processPushedAuthorizationResponse(world.as, client, response);
  assert.equal(result.expires_in, PAR_TTL_SECONDS);
  return { requestUri: result.request_uri, verifier, state };
}

function authorizationUrl(clientId: string, requestUri: string, extra: Record<string, string> = {}): string {
  return `${t.url}/oauth2/authorize?${new URLSearchParams({ client_id: clientId, request_uri: requestUri, ...extra })}`;
}

/** The first answer to the authorization URL, before any sign-in. */
async function firstAnswer(url: string): Promise<{ status: number; location: string; html: string }> {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') ?? '', html: await response.text() };
}

async function completeFlow(clientId: string, pushed: Pushed, extra: Record<string, string> = {}) {
  const request = { url: authorizationUrl(clientId, pushed.requestUri, extra), verifier: pushed.verifier, state: pushed.state };
  return { request, callback: await authorize(t, world, request, shareMainWrite(world), new Browser()) };
}

function isInvalidClient(error: unknown): boolean {
  if (error instanceof oauth.WWWAuthenticateChallengeError) return error.status === 401 && error.cause.some((challenge) => challenge.parameters.error === 'invalid_client');
  return error instanceof oauth.ResponseBodyError && error.error === 'invalid_client';
}

function assertRefusedRequestUri(answer: { status: number; location: string; html: string }): void {
  assert.equal(answer.status, 400, answer.location);
  assert.match(answer.html, /invalid_request_uri|invalid_request/);
  assert.doesNotMatch(answer.location, /code=/);
}

test('a flow through a pushed request works end to end: push with the client credentials, authorize with client_id and request_uri', async () => {
  const pushed = await push();
  assert.match(pushed.requestUri, /^urn:ietf:params:oauth:request_uri:/);
  const { request, callback } = await completeFlow(world.confidential.clientId, pushed);
  const tokens = await exchangeCode(world, callback.url, request, world.confidential.clientId, oauth.ClientSecretBasic(world.confidential.secret));
  const info = await introspect(world, tokens.access_token);
  assert.equal(info.active, true);
  assert.equal(info.client_id, world.confidential.clientId);
});

test('attack: a request_uri used for a code already is refused on reuse', async () => {
  const pushed = await push();
  await completeFlow(world.confidential.clientId, pushed);
  assertRefusedRequestUri(await firstAnswer(authorizationUrl(world.confidential.clientId, pushed.requestUri)));
});

test('attack: two flows started from one request_uri yield one code', async () => {
  const pushed = await push();
  const url = authorizationUrl(world.confidential.clientId, pushed.requestUri);
  const stopAt = outside(t.url);
  // RFC 9126 section 4 lets a reload reuse the request_uri; both browsers reach the sign-in.
  const browsers = [new Browser(), new Browser()];
  const pages = await Promise.all(browsers.map((browser) => browser.open(url, { stopAt })));
  for (const page of pages) assert.match(page.html, /name="password"/);
  const ends = [];
  for (const [index, browser] of browsers.entries()) {
    let page = await browser.submit(pages[index]!, { email: world.email, password: PASSWORD }, { stopAt });
    if (page.html.includes('name="decision"')) page = await browser.submit(page, shareMainWrite(world), { stopAt });
    ends.push(page);
  }
  const codes = ends.map((page) => (page.status === 0 ? new URL(page.url).searchParams.get('code') : null));
  assert.equal(codes.filter(Boolean).length, 1, ends.map((page) => `${page.status} ${page.url}`).join('\n'));
});

test("attack: another client's request_uri is refused", async () => {
  const pushed = await push();
  const answer = await firstAnswer(authorizationUrl(world.clientId, pushed.requestUri));
  // The pushed request names its client (its issuer); the redirect URI is unknown here, so a page.
  assert.equal(answer.status, 400, answer.location);
  assert.match(answer.html, /invalid_request_object/);
});

test('attack: an expired request_uri is refused', async (context: TestContext) => {
  const pushed = await push();
  const now = Date.now();
  // Server and test share the process: move its clock past the lifetime (storage keeps the row).
  context.mock.method(Date, 'now', () => now + (PAR_TTL_SECONDS + 1) * 1000);
  assertRefusedRequestUri(await firstAnswer(authorizationUrl(world.confidential.clientId, pushed.requestUri)));
  // The same request_uri within its lifetime was good: the expiry refused it.
  context.mock.restoreAll();
  assert.match((await firstAnswer(authorizationUrl(world.confidential.clientId, pushed.requestUri))).location, /\/interaction\//);
});

test('attack: parameters sent beside the request_uri are ignored: only the pushed ones count (RFC 9126 section 4)', async () => {
  const pushed = await push(world.confidential.clientId, world.confidential.secret, { scope: 'portfolio:read' });
  const forged = { scope: 'portfolio:read portfolio:write', redirect_uri: 'https://evil.example/callback', state: 'forged', code_challenge: 'A'.repeat(43), response_type: 'code' };
  const { request, callback } = await completeFlow(world.confidential.clientId, pushed, forged);
  const returned = new URL(callback.url);
  assert.equal(`${returned.origin}${returned.pathname}`, REDIRECT_URI);
  assert.equal(returned.searchParams.get('state'), pushed.state);
  // The pushed code_challenge is the one checked: the pushed verifier redeems the code.
  const tokens = await exchangeCode(world, callback.url, request, world.confidential.clientId, oauth.ClientSecretBasic(world.confidential.secret));
  assert.equal(tokens.scope, 'portfolio:read');
});

test('attack: pushing without the client credentials, or with another client id in the body, is refused', async () => {
  await assert.rejects(push(world.confidential.clientId, null), isInvalidClient);
  await assert.rejects(push(world.confidential.clientId, 'wrong-secret'), isInvalidClient);
  const response = await fetch(`${t.url}/oauth2/par`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${world.confidential.clientId}:${world.confidential.secret}`).toString('base64')}` },
    body: new URLSearchParams({ client_id: world.clientId, redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'portfolio:read', code_challenge: 'A'.repeat(43), code_challenge_method: 'S256' }),
  });
  assert.equal(response.status, 400);
  assert.equal((await response.json()).error, 'invalid_request');
});

test('attack: a request_uri inside a pushed request is refused (RFC 9126 section 2.1)', async () => {
  const pushed = await push();
  const nested = await fetch(`${t.url}/oauth2/par`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${world.confidential.clientId}:${world.confidential.secret}`).toString('base64')}` },
    body: new URLSearchParams({ client_id: world.confidential.clientId, request_uri: pushed.requestUri }),
  });
  assert.equal(nested.status, 400);
  assert.equal((await nested.json()).error, 'request_uri_not_supported');
});
