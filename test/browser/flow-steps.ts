// What a person does in the browser during the flow, as steps the tests share.
// The integration (REDIRECT_URI's origin, port 9) has nobody listening, so the page answers
// for it with a tiny page and the test reads the callback URL as the browser got it. This
// goes through the DevTools protocol's Fetch domain, not page.route: the callback always
// arrives as a redirect, and Playwright never routes a redirect's hop (by design,
// microsoft/playwright#2617), so the browser would hit the closed port instead.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { REDIRECT_URI } from '../helpers/flow.ts';

/** Our forms answer a successful post with 303 See Other. */
const SEE_OTHER = 303;
const INTEGRATION_ORIGIN = new URL(REDIRECT_URI).origin;
const INTEGRATION_PAGE = '<!DOCTYPE html><html lang="en"><title>Budget App</title><p>Back at the integration.</p></html>';

interface PausedRequest { readonly requestId: string }

/** From now on, every request of `page` to the integration's origin gets INTEGRATION_PAGE. */
export async function answerForIntegration(page: Page, origin = INTEGRATION_ORIGIN): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Fetch.requestPaused', (event: PausedRequest) => {
    cdp.send('Fetch.fulfillRequest', {
      requestId: event.requestId,
      responseCode: 200,
      responseHeaders: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }],
      body: Buffer.from(INTEGRATION_PAGE).toString('base64'),
    }).catch(() => { /* the page closed meanwhile */ });
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: `${origin}/*` }] });
}

export function isIntegration(url: URL): boolean {
  return url.origin === INTEGRATION_ORIGIN;
}

/** Does `action` and resolves with the callback URL once the browser is there. */
export async function callbackAfter(page: Page, action: () => Promise<unknown>, origin = INTEGRATION_ORIGIN): Promise<URL> {
  await Promise.all([page.waitForURL((url) => url.origin === origin), action()]);
  return new URL(page.url());
}

/** Fills and submits a sign-in form; a sign-in that is not answered by a redirect fails with the page's text. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/email|e-mail/i).fill(email);
  await page.getByLabel(/password|passwort/i).fill(password);
  const status = await submitAndWait(page, page.locator('form button[type="submit"]'));
  assert.equal(status, SEE_OTHER, `signing in was answered ${status}: ${await page.locator('main').innerText()}`);
}

/** Clicks a submit button, waits for the next document; returns the status that answered the post. */
export async function submitAndWait(page: Page, button: Locator): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.request().isNavigationRequest()),
    page.waitForEvent('load'),
    button.click(),
  ]);
  return response.status();
}

/** Every URL the page asks for, in order (documents, styles, images, each redirect's hop). */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** The recorded URLs that go neither to `origin` nor to the integration. */
export function foreignRequests(urls: readonly string[], origin: string): string[] {
  return urls.filter((url) => {
    const parsed = new URL(url);
    return parsed.origin !== origin && !isIntegration(parsed);
  });
}
