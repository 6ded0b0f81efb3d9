// Remembered and incremental consent (issue #3, items 1 and 2): same or fewer scopes skip the
// consent page and keep the permissions; a new scope asks again, pre-filled; prompt=consent
// always asks; un-sharing applies to tokens already issued.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { Browser, outside } from '../helpers/browser.ts';
import { authorizationRequest, authorize, createWorld, exchangeCode, introspect, shareMainWrite, type World } from '../helpers/flow.ts';

let t: TestServer;

before(async () => {
  t = await startTestServer();
});
after(() => t?.close());

async function connect(world: World, browser: Browser, overrides: Record<string, string> = {}, consent = shareMainWrite(world)) {
  const request = await authorizationRequest(t, world.clientId, overrides);
  const page = await authorize(t, world, request, consent, browser);
  return { request, page };
}

test('re-authorizing for the same or fewer scopes skips consent and keeps the permissions', async () => {
  const world = await createWorld(t);
  const browser = new Browser();
  const first = await connect(world, browser);
  const firstInfo = await introspect(world, (await exchangeCode(world, first.page.url, first.request)).access_token);

  for (const scope of ['portfolio:read portfolio:write', 'portfolio:read']) {
    const request = await authorizationRequest(t, world.clientId, { scope });
    const callback = await browser.open(request.url, { stopAt: outside(t.url) });
    assert.equal(callback.status, 0, `no page in between for scope ${scope}`);
    const tokens = await exchangeCode(world, callback.url, request);
    const info = await introspect(world, tokens.access_token);
    assert.equal(info.installation_id, firstInfo.installation_id);
    assert.deepEqual(info.permissions, firstInfo.permissions);
    assert.equal(tokens.scope, scope === 'portfolio:read' ? 'portfolio:read' : 'portfolio:read portfolio:write');
  }
});

test('a new scope shows the consent page again with the current choices pre-filled', async () => {
  const world = await createWorld(t);
  const browser = new Browser();
  await connect(world, browser, { scope: 'portfolio:read' }, { decision: 'approve', share: [world.portfolios.side] });
  const request = await authorizationRequest(t, world.clientId, { scope: 'portfolio:read portfolio:write' });
  const consent = await browser.open(request.url, { stopAt: outside(t.url) });
  assert.match(consent.html, /name="decision"/);
  assert.match(consent.html, new RegExp(`value="${world.portfolios.side}" checked`));
  assert.doesNotMatch(consent.html, new RegExp(`value="${world.portfolios.main}" checked`));
});

test('prompt=consent always shows the consent page', async () => {
  const world = await createWorld(t);
  const browser = new Browser();
  await connect(world, browser);
  const request = await authorizationRequest(t, world.clientId, { prompt: 'consent' });
  const page = await browser.open(request.url, { stopAt: outside(t.url) });
  assert.match(page.html, /name="decision"/);
});

test('un-sharing on the consent page shrinks the permissions of tokens already issued', async () => {
  const world = await createWorld(t);
  const browser = new Browser();
  const first = await connect(world, browser, {}, {
    decision: 'approve', share: [world.portfolios.main, world.portfolios.side], [`level:${world.portfolios.main}`]: 'write',
  });
  const tokens = await exchangeCode(world, first.page.url, first.request);
  assert.equal((await introspect(world, tokens.access_token) as { permissions: unknown[] }).permissions.length, 3);
  await connect(world, browser, { prompt: 'consent' }, { decision: 'approve', share: [world.portfolios.side] });
  assert.deepEqual((await introspect(world, tokens.access_token)).permissions,
    [{ action: 'read', resourceType: 'portfolio', resourceId: world.portfolios.side }]);
});

test('allowing new portfolios alone grants portfolio:write with no portfolio shared', async () => {
  const world = await createWorld(t);
  const { page, request } = await connect(world, new Browser(), {}, { decision: 'approve', create: 'yes' });
  const tokens = await exchangeCode(world, page.url, request);
  assert.equal(tokens.scope, 'portfolio:read portfolio:write');
  assert.deepEqual((await introspect(world, tokens.access_token)).permissions, []);
});

test('the consent page shows the redirect host, the homepage and a locally served logo', async () => {
  const world = await createWorld(t, { homepageUri: 'https://budget.example.com/about', logo: true });
  const request = await authorizationRequest(t, world.clientId);
  const browser = new Browser();
  let page = await browser.open(request.url, { stopAt: outside(t.url) });
  page = await browser.submit(page, { email: world.email, password: 'correct horse battery staple' }, { stopAt: outside(t.url) });
  assert.match(page.html, /127\.0\.0\.1:9/);
  assert.match(page.html, /href="https:\/\/budget\.example\.com\/about"/);
  const logo = /<img src="([^"]+)"/.exec(page.html)?.[1];
  assert.ok(logo?.startsWith('/client-logos/'));
  const image = await fetch(`${t.url}${logo}`);
  assert.equal(image.status, 200);
  assert.equal(image.headers.get('content-type'), 'image/png');
  assert.equal(image.headers.get('x-content-type-options'), 'nosniff');
});
