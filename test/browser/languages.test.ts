// German in a real browser (issue #3, items 7 and 8): ui_locales=de in the authorization
// request gives a login page that is German to the browser (<html lang="de">, German
// text from locales/de.json), whatever language the browser itself prefers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { authorizationRequest, createWorld } from '../helpers/flow.ts';
import { chromiumMissing, newContext } from './chromium.ts';
import { useBrowserSuite } from './browser-suite.ts';

const suite = useBrowserSuite();

function germanText(): Record<string, string> {
  return JSON.parse(readFileSync(new URL('../../locales/de.json', import.meta.url), 'utf8'));
}

test('ui_locales=de: the login page is German', { skip: chromiumMissing }, async () => {
  const t = suite().server;
  const world = await createWorld(t);
  const de = germanText();
  const page = await (await newContext(suite().browser, { locale: 'en-GB' })).newPage();
  await page.goto((await authorizationRequest(t, world.clientId, { ui_locales: 'de' })).url);

  assert.equal(await page.locator('html').getAttribute('lang'), 'de');
  assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), de['login.title']);
  assert.equal(await page.getByLabel(de['login.password']!).count(), 1, 'the password field is labelled in German');
  assert.equal(await page.getByRole('button', { name: de['login.submit'] }).count(), 1);
  assert.match(await page.title(), new RegExp(`^${de['login.title']}`));
  await page.context().close();
});
