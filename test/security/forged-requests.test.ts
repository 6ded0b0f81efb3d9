// Attacks with forged request context: cross-site form posts to the interaction routes (CSRF)
// and spoofed X-Forwarded-* headers sent straight to the server, which must be ignored unless
// the operator declared a trusted proxy (TRUST_PROXY).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { Browser, outside } from '../helpers/browser.ts';
import { authorizationRequest, createWorld, PASSWORD, type World } from '../helpers/flow.ts';

let t: TestServer;
let proxied: TestServer;
let world: World;
let proxiedWorld: World;

before(async () => {
  t = await startTestServer();
  proxied = await startTestServer({ TRUST_PROXY: 'true' });
  world = await createWorld(t);
  proxiedWorld = await createWorld(proxied);
});
after(async () => {
  await t?.close();
  await proxied?.close();
});

async function loginPage(server = t, browser = new Browser(), who = world) {
  const request = await authorizationRequest(server, who.clientId);
  const page = await browser.open(request.url, { stopAt: outside(server.url) });
  const uid = /\/interaction\/([^/]+)\/login/.exec(page.html)?.[1];
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.html)?.[1] ?? '';
  return { browser, page, uid, csrf };
}

test('attack (CSRF): a login post from another site is refused even with a valid token', async () => {
  const { browser, uid, csrf } = await loginPage();
  const page = await browser.post(`${t.url}/interaction/${uid}/login`, new URLSearchParams({ csrf, email: world.email, password: PASSWORD }),
    undefined, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
  assert.equal(page.status, 403);
});

test('attack (CSRF): a consent post without the interaction cookie is refused', async () => {
  const { uid, csrf } = await loginPage();
  const page = await new Browser().post(`${t.url}/interaction/${uid}/consent`, new URLSearchParams({ csrf, decision: 'approve', share: world.portfolios.main }));
  assert.equal(page.status, 400);
  assert.doesNotMatch(page.html, /code=/);
});

test('attack (CSRF): a token from another interaction is refused', async () => {
  const first = await loginPage();
  const second = await loginPage(t, first.browser);
  const page = await first.browser.post(`${t.url}/interaction/${second.uid}/login`, new URLSearchParams({ csrf: first.csrf, email: world.email, password: PASSWORD }));
  assert.equal(page.status, 403);
});

async function loginWithHeaders(server: TestServer, who: World, headers: Record<string, string>) {
  const browser = new Browser(headers);
  const { page } = await loginPage(server, browser, who);
  await browser.submit(page, { email: who.email, password: 'a wrong password' });
  const { rows } = await server.db.pool.query(
    `SELECT ip FROM audit_events WHERE type = 'login.failed' AND details->>'email' = $1 ORDER BY id DESC LIMIT 1`, [who.email]);
  return rows[0]?.ip as string;
}

test('attack: a spoofed X-Forwarded-For sent directly is ignored', async () => {
  const ip = await loginWithHeaders(t, world, { 'x-forwarded-for': '203.0.113.9' });
  assert.match(ip, /127\.0\.0\.1|::1/);
});

test('behind a trusted proxy (TRUST_PROXY=true) X-Forwarded-For is the client address', async () => {
  const ip = await loginWithHeaders(proxied, proxiedWorld, { 'x-forwarded-for': '203.0.113.9' });
  assert.equal(ip, '203.0.113.9');
});

test('attack: spoofed X-Forwarded-Host and -Proto do not change the issuer or endpoints', async () => {
  const headers = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: new URL(t.url).host };
  const metadata = await (await fetch(`${t.url}/.well-known/oauth-authorization-server`, { headers })).json();
  assert.equal(metadata.issuer, t.url);
  assert.equal(JSON.stringify(metadata).includes('evil.example'), false);
  const request = await authorizationRequest(t, world.clientId);
  const response = await fetch(request.url, { headers, redirect: 'manual' });
  assert.equal((response.headers.get('location') ?? '').includes('evil.example'), false);
});
