// One test per rule of the authorization and token endpoints (issue #2, item 5 and 9).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { Browser, outside } from '../helpers/browser.ts';
import { authorizationRequest, authorize, createWorld, exchangeCode, introspect, shareMainWrite, REDIRECT_URI, PASSWORD, type World } from '../helpers/flow.ts';

let t: TestServer;
let world: World;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
});
after(() => t?.close());

async function codeFor(request = undefined as Awaited<ReturnType<typeof authorizationRequest>> | undefined) {
  const req = request ?? await authorizationRequest(t, world.clientId);
  const callback = await authorize(t, world, req, shareMainWrite(world));
  return { request: req, callback: new URL(callback.url) };
}

function tokenRequest(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${t.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
}

function codeFields(callback: URL, verifier: string, clientId = world.clientId) {
  return { grant_type: 'authorization_code', client_id: clientId, code: callback.searchParams.get('code')!, redirect_uri: REDIRECT_URI, code_verifier: verifier };
}

/** The error redirect the browser is sent to, before any login. */
async function authorizationError(overrides: Record<string, string | undefined>) {
  const request = await authorizationRequest(t, world.clientId, overrides);
  const page = await new Browser().open(request.url, { stopAt: outside(t.url) });
  return { page, returned: page.status === 0 ? new URL(page.url) : undefined, request };
}

test('a request without PKCE is refused, redirected with iss and state', async () => {
  const { returned, request } = await authorizationError({ code_challenge: undefined, code_challenge_method: undefined });
  assert.equal(returned?.searchParams.get('error'), 'invalid_request');
  assert.equal(returned?.searchParams.get('state'), request.state);
  assert.equal(returned?.searchParams.get('iss'), t.url);
});

test('code_challenge_method=plain is refused', async () => {
  const { returned } = await authorizationError({ code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) });
  assert.equal(returned?.searchParams.get('error'), 'invalid_request');
});

test('response_type=token is unsupported_response_type', async () => {
  const { returned } = await authorizationError({ response_type: 'token' });
  // The error of an implicit request travels in the fragment (OAuth 2.0 Multiple Response Types).
  const fragment = new URLSearchParams(returned?.hash.slice(1));
  assert.equal(fragment.get('error'), 'unsupported_response_type');
  assert.equal(fragment.get('iss'), t.url);
});

test('grant_type=password is unsupported_grant_type', async () => {
  const response = await tokenRequest({ grant_type: 'password', client_id: world.clientId, username: world.email, password: PASSWORD });
  assert.equal(response.status, 400);
  assert.equal((await response.json()).error, 'unsupported_grant_type');
});

for (const [label, redirect] of [['an added trailing slash', `${REDIRECT_URI}/`], ['a removed trailing slash', 'http://127.0.0.1:9/callback'.replace('/callback', '')], ['another path', 'http://127.0.0.1:9/other']] as const) {
  test(`a redirect URI with ${label} gets an error page, never a redirect`, async () => {
    const { page } = await authorizationError({ redirect_uri: redirect });
    assert.equal(page.status, 400);
    assert.match(page.html, /redirect_uri/);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
  });
}

test('an unknown client gets an error page, never a redirect', async () => {
  const { page } = await authorizationError({ client_id: 'cl_unknown' });
  assert.equal(page.status, 400);
  assert.match(page.html, /invalid_client/);
});

test('a wrong PKCE verifier is invalid_grant', async () => {
  const { callback } = await codeFor();
  const response = await tokenRequest(codeFields(callback, oauth.generateRandomCodeVerifier()));
  assert.equal(response.status, 400);
  assert.equal((await response.json()).error, 'invalid_grant');
});

test('a code redeemed twice fails and revokes the tokens of the first redemption', async () => {
  const { request, callback } = await codeFor();
  const first = await tokenRequest(codeFields(callback, request.verifier));
  assert.equal(first.status, 200);
  const { access_token: accessToken } = await first.json();
  const second = await tokenRequest(codeFields(callback, request.verifier));
  assert.equal(second.status, 400);
  assert.equal((await second.json()).error, 'invalid_grant');
  assert.deepEqual(await introspect(world, accessToken), { active: false });
});

test('20 parallel redemptions of one code: exactly one succeeds', async () => {
  const { request, callback } = await codeFor();
  const responses = await Promise.all(Array.from({ length: 20 }, () => tokenRequest(codeFields(callback, request.verifier))));
  const statuses = responses.map((response) => response.status);
  assert.equal(statuses.filter((status) => status === 200).length, 1, `statuses: ${statuses}`);
  assert.equal(statuses.filter((status) => status === 400).length, 19, `statuses: ${statuses}`);
  for (const response of responses.filter((r) => r.status === 400)) assert.equal((await response.json()).error, 'invalid_grant');
});

test('deny redirects with access_denied, state and iss', async () => {
  const request = await authorizationRequest(t, world.clientId);
  const page = await authorize(t, world, request, { decision: 'deny' });
  const returned = new URL(page.url);
  assert.equal(returned.searchParams.get('error'), 'access_denied');
  assert.equal(returned.searchParams.get('state'), request.state);
  assert.equal(returned.searchParams.get('iss'), t.url);
  assert.equal(returned.searchParams.get('code'), null);
});

test('approving with nothing selected is not an approval', async () => {
  const request = await authorizationRequest(t, world.clientId, { prompt: 'consent' });
  const page = await authorize(t, world, request, { decision: 'approve' });
  assert.equal(page.status, 400);
  assert.match(page.html, /Select at least one portfolio/);
});

test('sharing read only yields a portfolio:read token whatever was asked', async () => {
  const request = await authorizationRequest(t, world.confidential.clientId);
  const page = await authorize(t, world, request, { decision: 'approve', share: [world.portfolios.side], [`level:${world.portfolios.side}`]: 'read' });
  const tokens = await exchangeCode(world, page.url, request, world.confidential.clientId, oauth.ClientSecretBasic(world.confidential.secret));
  assert.equal(tokens.scope, 'portfolio:read');
  const info = await introspect(world, tokens.access_token);
  assert.deepEqual(info.permissions, [{ action: 'read', resourceType: 'portfolio', resourceId: world.portfolios.side }]);
});

test('a wrong client secret is 401 invalid_client', async () => {
  const { request, callback } = await codeFor(await authorizationRequest(t, world.confidential.clientId));
  const basic = Buffer.from(`${world.confidential.clientId}:wrong-secret`).toString('base64');
  const response = await tokenRequest(codeFields(callback, request.verifier, world.confidential.clientId), { authorization: `Basic ${basic}` });
  assert.equal(response.status, 401);
  assert.equal((await response.json()).error, 'invalid_client');
});

test('a public client cannot introspect, even its own token', async () => {
  const { request, callback } = await codeFor();
  const { access_token: token } = await (await tokenRequest(codeFields(callback, request.verifier))).json();
  const response = await fetch(`${t.url}/oauth2/introspect`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: world.clientId }),
  });
  assert.equal(response.status, 401);
  assert.equal((await response.json()).error, 'invalid_client');
});

test('a confidential integration cannot introspect either', async () => {
  const basic = Buffer.from(`${world.confidential.clientId}:${world.confidential.secret}`).toString('base64');
  const response = await fetch(`${t.url}/oauth2/introspect`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    body: new URLSearchParams({ token: 'whatever' }),
  });
  assert.equal(response.status, 401);
  assert.equal((await response.json()).error, 'invalid_client');
});

test('a resource server with a wrong secret is 401 invalid_client', async () => {
  await assert.rejects(introspect(world, 'whatever', { ...world.resourceServer, secret: 'wrong' }), (error: Error & { status?: number; error?: string }) => {
    return error.status === 401 || /401/.test(String(error.message)) || error.error === 'invalid_client';
  });
});

test('introspecting an unknown token answers active false and nothing else', async () => {
  assert.deepEqual(await introspect(world, 'not-a-token'), { active: false });
});

test('a login form posted without its CSRF token is refused', async () => {
  const request = await authorizationRequest(t, world.clientId);
  const browser = new Browser();
  const login = await browser.open(request.url, { stopAt: outside(t.url) });
  const uid = /\/interaction\/([^/]+)\/login/.exec(login.html)?.[1];
  const page = await browser.post(`${t.url}/interaction/${uid}/login`, new URLSearchParams({ email: world.email, password: PASSWORD }));
  assert.equal(page.status, 403);
});

test('a login form posted from another site is refused', async () => {
  const request = await authorizationRequest(t, world.clientId);
  const browser = new Browser();
  const login = await browser.open(request.url, { stopAt: outside(t.url) });
  const csrf = /name="csrf" value="([^"]+)"/.exec(login.html)?.[1] ?? '';
  const uid = /\/interaction\/([^/]+)\/login/.exec(login.html)?.[1];
  const page = await browser.post(`${t.url}/interaction/${uid}/login`, new URLSearchParams({ csrf, email: world.email, password: PASSWORD }), undefined, { origin: 'https://evil.example' });
  assert.equal(page.status, 403);
});

test('a wrong password and an unknown email get the same message', async () => {
  const pages = [];
  for (const email of [world.email, 'nobody@example.com']) {
    const request = await authorizationRequest(t, world.clientId);
    const browser = new Browser();
    const login = await browser.open(request.url, { stopAt: outside(t.url) });
    pages.push(await browser.submit(login, { email, password: 'wrong password!' }));
  }
  assert.deepEqual(pages.map((p) => p.status), [401, 401]);
  const message = (html: string) => /role="alert">([^<]+)</.exec(html)?.[1];
  assert.equal(message(pages[0]!.html), message(pages[1]!.html));
});

test('a consent form cannot be posted while the interaction is at login', async () => {
  const request = await authorizationRequest(t, world.clientId);
  const browser = new Browser();
  const login = await browser.open(request.url, { stopAt: outside(t.url) });
  const uid = /\/interaction\/([^/]+)\/login/.exec(login.html)?.[1];
  const csrf = /name="csrf" value="([^"]+)"/.exec(login.html)?.[1] ?? '';
  const page = await browser.post(`${t.url}/interaction/${uid}/consent`, new URLSearchParams({ csrf, decision: 'approve', share: world.portfolios.main }));
  assert.equal(page.status, 400);
});

test('requests with openid also work and get an ES256 id_token', async () => {
  const request = await authorizationRequest(t, world.clientId, { scope: 'openid portfolio:read', prompt: 'consent', nonce: 'n-1' });
  const page = await authorize(t, world, request, { decision: 'approve', share: [world.portfolios.main] });
  const response = await tokenRequest(codeFields(new URL(page.url), request.verifier));
  const body = await response.json();
  assert.equal(response.status, 200, JSON.stringify(body));
  const header = JSON.parse(Buffer.from(body.id_token.split('.')[0], 'base64url').toString());
  assert.equal(header.alg, 'ES256');
  assert.equal(body.scope.split(' ').includes('portfolio:read'), true);
});
