// Response headers (issue #4, item 5) on every kind of page and error page, on token and
// introspection responses and on the internal API: CSP with per-response nonces and no
// unsafe-inline, no framing, no referrer, no sniffing, HSTS only over https, no-store where
// secrets or personal data travel, and no CORS on the authorization endpoint.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { Browser, outside, type Page } from '../helpers/browser.ts';
import { authorizationRequest, createWorld, PASSWORD, REDIRECT_URI, shareMainWrite, type World } from '../helpers/flow.ts';

let t: TestServer;
let world: World;

before(async () => {
  t = await startTestServer({ LOGIN_ACCOUNT_FREE_ATTEMPTS: '1' });
  world = await createWorld(t);
});
after(() => t?.close());

interface Response { readonly headers: Headers; readonly html?: string }

function assertSecurityHeaders(label: string, response: Response, options: { noStore?: boolean } = {}): void {
  const { headers } = response;
  const csp = headers.get('content-security-policy') ?? '';
  assert.match(csp, /default-src 'none'/, label);
  assert.match(csp, /frame-ancestors 'none'/, label);
  assert.match(csp, /script-src 'nonce-[A-Za-z0-9+/=]{20,}'/, label);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/, label);
  assert.equal(headers.get('x-frame-options'), 'DENY', label);
  assert.equal(headers.get('referrer-policy'), 'no-referrer', label);
  assert.equal(headers.get('x-content-type-options'), 'nosniff', label);
  assert.equal(headers.get('strict-transport-security'), null, `${label}: no HSTS over http`);
  if (options.noStore ?? true) assert.equal(headers.get('cache-control'), 'no-store', label);
}

/** Every inline script or style of the page carries the response's nonce. */
function assertInlineCodeHasNonce(label: string, page: Page): void {
  const nonce = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
  for (const [tag] of page.html.matchAll(/<(script|style)\b[^>]*>/g)) {
    assert.ok(tag.includes(`nonce="${nonce}"`), `${label}: ${tag} has no nonce`);
  }
}

async function pages(): Promise<Record<string, Page>> {
  const browser = new Browser();
  const stop = outside(t.url);
  const login = await browser.open((await authorizationRequest(t, world.clientId)).url, { stopAt: stop });
  const consent = await browser.submit(login, { email: world.email, password: PASSWORD }, { stopAt: stop });
  const account = new Browser();
  const accountLogin = await account.open(`${t.url}/account/login`);
  const accountPage = await account.submit(accountLogin, { email: world.email, password: PASSWORD });
  const guesser = new Browser();
  const guessForm = await guesser.open(`${t.url}/account/login`);
  await guesser.submit(guessForm, { email: 'headers-guess@example.com', password: 'wrong password' });
  const throttled = await guesser.submit(guessForm, { email: 'headers-guess@example.com', password: 'wrong password' });
  assert.deepEqual([login, consent, accountLogin, accountPage, throttled].map((p) => p.status), [200, 200, 200, 200, 429]);
  return { login, consent, accountLogin, accountPage, throttled };
}

async function errorPages(): Promise<Record<string, Page>> {
  const browser = new Browser();
  const notFound = await browser.open(`${t.url}/no-such-page`);
  const unknownClient = await browser.open((await authorizationRequest(t, 'no-such-client')).url);
  const badRedirect = await browser.open((await authorizationRequest(t, world.clientId, { redirect_uri: 'https://evil.example/cb' })).url);
  const expired = await browser.open(`${t.url}/interaction/no-such-interaction`);
  const crossSite = await browser.post(`${t.url}/account/login`, new URLSearchParams({ email: 'x@example.com' }), undefined, { origin: 'https://evil.example' });
  assert.deepEqual([notFound, unknownClient, badRedirect, expired, crossSite].map((p) => p.status), [404, 400, 400, 400, 403]);
  return { notFound, unknownClient, badRedirect, expired, crossSite };
}

test('attack: framing, inline script injection and referrer leaks: every page carries the full set of headers', async () => {
  const all = await pages();
  for (const [label, page] of Object.entries(all)) {
    assertSecurityHeaders(label, page);
    assertInlineCodeHasNonce(label, page);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/, label);
  }
  const nonces = Object.values(all).map((page) => /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy')!)![1]);
  assert.equal(new Set(nonces).size, nonces.length, 'a new nonce for every response');
});

test('attack: framing and sniffing on error pages: 404, protocol errors, an expired interaction, a cross-site post', async () => {
  for (const [label, page] of Object.entries(await errorPages())) {
    assertSecurityHeaders(label, page);
    assertInlineCodeHasNonce(label, page);
  }
});

test('attack: token leakage through caches: token, introspection and internal API answers are no-store, errors too', async () => {
  const browser = new Browser();
  const request = await authorizationRequest(t, world.clientId);
  const login = await browser.open(request.url, { stopAt: outside(t.url) });
  const consent = await browser.submit(login, { email: world.email, password: PASSWORD }, { stopAt: outside(t.url) });
  const callback = new URL((await browser.submit(consent, shareMainWrite(world), { stopAt: outside(t.url) })).url);
  const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });
  const token = await fetch(`${t.url}/oauth2/token`, form({
    grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: REDIRECT_URI,
    code_verifier: request.verifier, client_id: world.clientId,
  }));
  const tokens = await token.json() as { access_token: string };
  assert.equal(token.status, 200);
  const tokenError = await fetch(`${t.url}/oauth2/token`, form({ grant_type: 'refresh_token', refresh_token: 'nope', client_id: world.clientId }));
  const basic = `Basic ${Buffer.from(`${world.resourceServer.clientId}:${world.resourceServer.secret}`).toString('base64')}`;
  const introspection = await fetch(`${t.url}/oauth2/introspect`, { ...form({ token: tokens.access_token }), headers: { authorization: basic } });
  assert.equal((await introspection.json() as { active: boolean }).active, true);
  const introspectionError = await fetch(`${t.url}/oauth2/introspect`, form({ token: tokens.access_token }));
  const internalError = await fetch(`${t.url}/internal/connections/no-such-connection`);
  assert.deepEqual([tokenError.status, introspectionError.status, internalError.status], [400, 401, 401]);
  const answers = { token, tokenError, introspection, introspectionError, internalError };
  for (const [label, response] of Object.entries(answers)) assertSecurityHeaders(label, response);
});

test('discovery and JWKS carry the headers too, and may be cached', async () => {
  for (const path of ['/.well-known/oauth-authorization-server', '/oauth2/jwks']) {
    const response = await fetch(`${t.url}${path}`);
    assert.equal(response.status, 200, path);
    assertSecurityHeaders(path, response, { noStore: false });
  }
});

test('attack: cross-origin reads of the authorization endpoint: no CORS headers, for a simple request or a preflight', async () => {
  const { url } = await authorizationRequest(t, world.clientId);
  const simple = await fetch(url, { redirect: 'manual', headers: { origin: 'https://evil.example' } });
  const preflight = await fetch(url, {
    method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });
  for (const [label, response] of Object.entries({ simple, preflight })) {
    for (const header of ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-allow-methods']) {
      assert.equal(response.headers.get(header), null, `${label}: ${header}`);
    }
  }
});

test('attack: inline script injection: oidc-provider\'s auto-submitting form runs only by its hash (response_mode=form_post)', async () => {
  const browser = new Browser();
  const request = await authorizationRequest(t, world.clientId, { response_mode: 'form_post', prompt: 'consent' });
  const login = await browser.open(request.url, { stopAt: outside(t.url) });
  const consent = await browser.submit(login, { email: world.email, password: PASSWORD }, { stopAt: outside(t.url) });
  const formPost = await browser.submit(consent, shareMainWrite(world), { stopAt: outside(t.url) });
  assert.equal(formPost.status, 200);
  assert.match(formPost.html, /<form method="post" action="http:\/\/127\.0\.0\.1:9\/callback">/);
  const script = /<script>([\s\S]*?)<\/script>/.exec(formPost.html)?.[1] ?? '';
  const hash = createHash('sha256').update(script).digest('base64');
  assertSecurityHeaders('form_post', formPost);
  assert.match(formPost.headers.get('content-security-policy')!, new RegExp(`script-src 'nonce-[^']+' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
});

test('HSTS is sent when the issuer is https, on pages and errors', async (s) => {
  const secure = await startTestServer({ ISSUER: 'https://auth.example.test' });
  s.after(() => secure.close());
  for (const path of ['/account/login', '/no-such-page', '/oauth2/authorize?client_id=nobody']) {
    const response = await fetch(`${secure.server.url}${path}`, { redirect: 'manual' });
    assert.equal(response.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains', path);
    assert.equal(response.headers.get('x-frame-options'), 'DENY', path);
  }
});
