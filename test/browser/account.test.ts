// The connected-apps page in a real browser (issue #3, items 4 and 8): sign in at /account,
// disconnect the app; the page says so and no longer lists it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { authorizationRequest, authorize, createWorld, shareMainWrite, PASSWORD } from '../helpers/flow.ts';
import { chromiumMissing, newContext } from './chromium.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { foreignRequests, recordRequests, signIn, submitAndWait } from './flow-steps.ts';

const suite = useBrowserSuite();

test('sign in at /account, disconnect the app: it is no longer listed', { skip: chromiumMissing }, async () => {
  const t = suite().server;
  const world = await createWorld(t, { logo: true });
  await authorize(t, world, await authorizationRequest(t, world.clientId), shareMainWrite(world));
  const page = await (await newContext(suite().browser)).newPage();
  const requests = recordRequests(page);

  await page.goto(`${t.url}/account`);
  assert.equal(new URL(page.url()).pathname, '/account/login', 'signing in comes first');
  await signIn(page, world.email, PASSWORD);
  assert.equal(new URL(page.url()).pathname, '/account');
  const app = page.getByRole('region', { name: 'Budget App' });
  assert.equal(await app.count(), 1);
  assert.equal(await app.getByRole('checkbox', { name: /Main/ }).isChecked(), true);

  await submitAndWait(page, app.getByRole('button', { name: 'Disconnect Budget App' }));
  assert.match(await page.getByRole('status').innerText(), /disconnected/);
  assert.equal(await page.getByRole('region', { name: 'Budget App' }).count(), 0);
  assert.match(await page.locator('main').innerText(), /No app is connected/);
  assert.deepEqual(foreignRequests(requests, t.url), []);
  await page.context().close();
});
