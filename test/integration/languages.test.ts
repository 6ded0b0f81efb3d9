// English and German (issue #3, item 7): ui_locales, then Accept-Language, then the user's
// stored language, for login, consent, account and error pages.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { addUser } from '../../src/accounts/user-service.ts';
import { addPortfolio } from '../../src/portfolios/portfolio-service.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { Browser, outside } from '../helpers/browser.ts';
import { authorizationRequest, createWorld, PASSWORD, type World } from '../helpers/flow.ts';

let t: TestServer;
let world: World;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
});
after(() => t?.close());

const lang = (html: string) => /<html lang="([a-z]+)"/.exec(html)?.[1];

test('ui_locales=de gives a German login page', async () => {
  const request = await authorizationRequest(t, world.clientId, { ui_locales: 'de-DE en' });
  const page = await new Browser().open(request.url, { stopAt: outside(t.url) });
  assert.equal(lang(page.html), 'de');
  assert.match(page.html, /Passwort/);
  assert.equal(page.headers.get('content-language'), 'de');
});

test('ui_locales wins over Accept-Language', async () => {
  const request = await authorizationRequest(t, world.clientId, { ui_locales: 'en' });
  const page = await new Browser({ 'accept-language': 'de' }).open(request.url, { stopAt: outside(t.url) });
  assert.equal(lang(page.html), 'en');
  const german = await new Browser({ 'accept-language': 'de' }).open((await authorizationRequest(t, world.clientId)).url, { stopAt: outside(t.url) });
  assert.equal(lang(german.html), 'de');
});

test('Accept-Language de gives German pages, including the error page', async () => {
  const response = await fetch(`${t.url}/account/login`, { headers: { 'accept-language': 'de-CH, en;q=0.5' } });
  assert.equal(lang(await response.text()), 'de');
  const unknownClient = await authorizationRequest(t, 'cl_unknown');
  const error = await fetch(unknownClient.url, { headers: { 'accept-language': 'de' } });
  const html = await error.text();
  assert.equal(error.status, 400);
  assert.equal(lang(html), 'de');
  assert.match(html, /Etwas ist schiefgelaufen/);
  assert.match(html, /nicht registriert/, 'our own German sentence leads, the library detail follows');
});

test("without ui_locales or a supported Accept-Language, consent speaks the user's stored language", async () => {
  const email = `de-${Date.now()}@example.com`;
  await addUser(t.db.pool, { email, password: PASSWORD, locale: 'de' });
  await addPortfolio(t.db.pool, { userEmail: email, name: 'Depot', currency: 'EUR' });
  const request = await authorizationRequest(t, world.clientId);
  const browser = new Browser();
  const login = await browser.open(request.url, { stopAt: outside(t.url) });
  assert.equal(lang(login.html), 'en', 'before sign-in nobody knows the user');
  const consent = await browser.submit(login, { email, password: PASSWORD }, { stopAt: outside(t.url) });
  assert.equal(lang(consent.html), 'de');
  assert.match(consent.html, /Erlauben/);
});
