// The authorization flow in a real browser (issue #3, item 8): sign in, share one portfolio
// read-only, land at the integration's callback with code, state and iss; deny; a second
// authorization in the same browser goes straight to the callback. Every request the pages
// make goes to this server (no external resources).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { authorizationRequest, createWorld, exchangeCode, introspect, PASSWORD, type World } from '../helpers/flow.ts';
import { chromiumMissing, newContext } from './chromium.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { answerForIntegration, callbackAfter, foreignRequests, recordRequests, signIn } from './flow-steps.ts';

const suite = useBrowserSuite();

async function openFlowPage(): Promise<Page> {
  const page = await (await newContext(suite().browser)).newPage();
  await answerForIntegration(page);
  return page;
}

/** Signs in and shares `main` read-only (write is asked, not given); returns the callback URL. */
async function shareMainReadOnly(page: Page, world: World, url: string): Promise<URL> {
  await page.goto(url);
  await signIn(page, world.email, PASSWORD);
  await page.locator(`#share-${world.portfolios.main}`).check();
  await page.locator(`#read-${world.portfolios.main}`).check();
  return callbackAfter(page, () => page.getByRole('button', { name: 'Approve' }).click());
}

test('sign in, share one portfolio read-only: the callback carries code, state and iss; the token reads that portfolio only', { skip: chromiumMissing }, async () => {
  const t = suite().server;
  const world = await createWorld(t, { logo: true, homepageUri: 'https://budget.example.com' });
  const page = await openFlowPage();
  const requests = recordRequests(page);
  const request = await authorizationRequest(t, world.clientId);

  const callback = await shareMainReadOnly(page, world, request.url);
  assert.ok(callback.searchParams.get('code'));
  assert.equal(callback.searchParams.get('state'), request.state);
  assert.equal(callback.searchParams.get('iss'), t.url);

  const tokens = await exchangeCode(world, callback.toString(), request);
  assert.equal(tokens.scope, 'portfolio:read');
  const info = await introspect(world, tokens.access_token);
  assert.deepEqual(info.permissions, [{ action: 'read', resourceType: 'portfolio', resourceId: world.portfolios.main }]);

  assert.ok(requests.some((url) => url.startsWith(`${t.url}/client-logos/`)), 'the logo comes from this server');
  assert.deepEqual(foreignRequests(requests, t.url), [], 'no request leaves the server but to the integration');
  await page.context().close();
});

test('deny: the callback carries error=access_denied with state and iss', { skip: chromiumMissing }, async () => {
  const t = suite().server;
  const world = await createWorld(t);
  const page = await openFlowPage();
  const request = await authorizationRequest(t, world.clientId);
  await page.goto(request.url);
  await signIn(page, world.email, PASSWORD);
  const callback = await callbackAfter(page, () => page.getByRole('button', { name: 'Deny' }).click());
  assert.equal(callback.searchParams.get('error'), 'access_denied');
  assert.equal(callback.searchParams.get('state'), request.state);
  assert.equal(callback.searchParams.get('iss'), t.url);
  assert.equal(callback.searchParams.get('code'), null);
  await page.context().close();
});

test('authorizing again in the same browser goes straight to the callback, no page in between', { skip: chromiumMissing }, async () => {
  const t = suite().server;
  const world = await createWorld(t);
  const page = await openFlowPage();
  const first = await authorizationRequest(t, world.clientId);
  const firstCallback = await shareMainReadOnly(page, world, first.url);
  const firstInfo = await introspect(world, (await exchangeCode(world, firstCallback.toString(), first)).access_token);

  const documents: string[] = [];
  page.on('request', (r) => { if (r.isNavigationRequest()) documents.push(r.url()); });
  const again = await authorizationRequest(t, world.clientId);
  const callback = await callbackAfter(page, () => page.goto(again.url));
  assert.deepEqual(documents.filter((url) => url.includes('/interaction/')), [], 'neither login nor consent shown');
  assert.equal(callback.searchParams.get('state'), again.state);
  const info = await introspect(world, (await exchangeCode(world, callback.toString(), again)).access_token);
  assert.equal(info.installation_id, firstInfo.installation_id);
  assert.deepEqual(info.permissions, firstInfo.permissions);
  await page.context().close();
});
