// The connected-apps page (/account) and deleted connections (issue #3, items 4 and 5): a
// session of its own; changes and disconnects apply at once to tokens already issued; a
// deleted connection's tokens answer state "deleted" with no permissions, refresh fails,
// reconnecting makes a new installation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { Browser, outside, type Page } from '../helpers/browser.ts';
import { authorizationRequest, authorize, createWorld, exchangeCode, introspect, shareMainWrite, PASSWORD, type World } from '../helpers/flow.ts';

let t: TestServer;

before(async () => {
  t = await startTestServer();
});
after(() => t?.close());

async function connectedWorld() {
  const world = await createWorld(t);
  const request = await authorizationRequest(t, world.clientId);
  const tokens = await exchangeCode(world, (await authorize(t, world, request, shareMainWrite(world))).url, request);
  return { world, tokens };
}

async function signIn(world: World): Promise<{ browser: Browser; page: Page }> {
  const browser = new Browser();
  const login = await browser.open(`${t.url}/account`);
  assert.match(login.url, /\/account\/login$/);
  const page = await browser.submit(login, { email: world.email, password: PASSWORD });
  return { browser, page };
}

function refresh(world: World, token: string) {
  const client = { client_id: world.clientId };
  return oauth.refreshTokenGrantRequest(world.as, client, oauth.None(), token, { [oauth.allowInsecureRequests]: true });
}

test('the account page needs its own sign-in and lists the connected app', async () => {
  const { world } = await connectedWorld();
  const anonymous = await new Browser().open(`${t.url}/account`);
  assert.match(anonymous.url, /\/account\/login$/);
  const { page } = await signIn(world);
  assert.equal(page.status, 200);
  assert.match(page.html, /Budget App/);
  assert.match(page.html, /Connected/);
  assert.match(page.html, new RegExp(`value="${world.portfolios.main}" checked`));
});

test('a wrong password on the account sign-in gets the generic message', async () => {
  const world = await createWorld(t);
  const browser = new Browser();
  const login = await browser.open(`${t.url}/account/login`);
  const page = await browser.submit(login, { email: world.email, password: 'not the password' });
  assert.equal(page.status, 401);
  assert.match(page.html, /role="alert"/);
});

test('changing the shared portfolios applies at once to tokens already issued', async () => {
  const { world, tokens } = await connectedWorld();
  const { browser, page } = await signIn(world);
  const saved = await browser.submit(page, { share: [world.portfolios.side], [`level:${world.portfolios.side}`]: 'read', create: [] }, { form: 1 });
  assert.match(saved.html, /role="status"/);
  assert.deepEqual((await introspect(world, tokens.access_token)).permissions,
    [{ action: 'read', resourceType: 'portfolio', resourceId: world.portfolios.side }]);
  const refreshed = await oauth.processRefreshTokenResponse(world.as, { client_id: world.clientId }, await refresh(world, tokens.refresh_token!));
  assert.equal(refreshed.scope, 'portfolio:read', 'the grant follows: refreshed tokens lose portfolio:write');
});

test('disconnecting: state deleted, no permissions, refresh refused, reconnect makes a new installation', async () => {
  const { world, tokens } = await connectedWorld();
  const before = await introspect(world, tokens.access_token);
  const { browser, page } = await signIn(world);
  const done = await browser.submit(page, {}, { form: 2 });
  assert.match(done.html, /disconnected/);
  assert.doesNotMatch(done.html, /Budget App/);

  const after = await introspect(world, tokens.access_token);
  assert.equal(after.active, true);
  assert.equal(after.state, 'deleted');
  assert.deepEqual(after.permissions, []);
  assert.equal(after.installation_id, before.installation_id);

  const refused = await refresh(world, tokens.refresh_token!);
  assert.equal(refused.status, 400);
  assert.equal((await refused.json()).error, 'invalid_grant');

  const request = await authorizationRequest(t, world.clientId);
  const again = await authorize(t, world, request, shareMainWrite(world));
  const fresh = await introspect(world, (await exchangeCode(world, again.url, request)).access_token);
  assert.equal(fresh.state, 'active');
  assert.notEqual(fresh.installation_id, before.installation_id);
});

test('signing out ends the server session', async () => {
  const world = await createWorld(t);
  const { browser, page } = await signIn(world);
  const out = await browser.submit(page, {}, { form: 0 });
  assert.match(out.url, /\/account\/login$/);
  const again = await browser.open(`${t.url}/account`);
  assert.match(again.url, /\/account\/login$/);
});

test('account forms without their CSRF token are refused', async () => {
  const { world } = await connectedWorld();
  const { browser, page } = await signIn(world);
  const action = /action="(\/account\/connections\/[^"]+\/disconnect)"/.exec(page.html)?.[1];
  const refused = await browser.post(`${t.url}${action}`, new URLSearchParams({}));
  assert.equal(refused.status, 403);
  const still = await browser.open(`${t.url}/account`);
  assert.match(still.html, /Budget App/);
});

test('another user cannot disconnect my connection', async () => {
  const { world } = await connectedWorld();
  const { page } = await signIn(world);
  const action = /action="(\/account\/connections\/[^"]+\/disconnect)"/.exec(page.html)?.[1]!;
  const intruder = await signIn(await createWorld(t));
  const csrf = /name="csrf" value="([^"]+)"/.exec(intruder.page.html)?.[1] ?? '';
  const attempt = await intruder.browser.post(`${t.url}${action}`, new URLSearchParams({ csrf }));
  assert.match(attempt.html, /no longer exists/);
  const mine = await signIn(world);
  assert.match(mine.page.html, /Budget App/);
});
