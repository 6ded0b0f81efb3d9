// Screenshots of the pages people see (login, consent, connected apps) at desktop width and
// at 320 px, full page, over realistic data. `node test/browser/screenshots.ts` regenerates
// docs/screenshots/; screenshots.test.ts runs the same code into a temporary folder so the
// suite proves it still works without touching the tree.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as oauth from 'oauth4webapi';
import type { Browser, Page } from 'playwright-core';
import { addUser } from '../../src/accounts/user-service.ts';
import { addPortfolio } from '../../src/portfolios/portfolio-service.ts';
import { registerIntegration } from '../../src/clients/client-registry.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { authorizationRequest, discover, type AuthorizationRequest } from '../helpers/flow.ts';
import { DESKTOP, launchChromium, NARROW, newContext } from './chromium.ts';
import { answerForIntegration, callbackAfter, signIn, submitAndWait } from './flow-steps.ts';

export const SCREENSHOTS_DIR = new URL('../../docs/screenshots/', import.meta.url).pathname;
export const SCREENSHOT_NAMES = ['login', 'consent', 'account'] as const;
export const SCREENSHOT_SIZES = { desktop: DESKTOP, 320: NARROW } as const;

const INTEGRATION = 'https://budget.example.com';
const REDIRECT = `${INTEGRATION}/oauth/callback`;
const PERSON = { email: 'ana.lima@example.com', password: 'a long and private passphrase', name: 'Ana Lima' };
const LOGO_PX = 128;

interface Showcase { readonly clientId: string; readonly longTerm: string }

/** Writes `<page>-<size>.png` for every page and size into `outDir`; returns the paths. */
export async function takeScreenshots(browser: Browser, server: TestServer, outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const showcase = await seedShowcase(server, await renderLogo(browser));
  const page = await (await newContext(browser, { viewport: DESKTOP })).newPage();
  await answerForIntegration(page, INTEGRATION);
  const written: string[] = [];
  const shoot = async (name: (typeof SCREENSHOT_NAMES)[number]) => written.push(...await shootEverySize(page, outDir, name));

  const request = await authorizationRequest(server, showcase.clientId, { redirect_uri: REDIRECT });
  await page.goto(request.url);
  await shoot('login');
  await signIn(page, PERSON.email, PERSON.password);
  await page.locator(`#share-${showcase.longTerm}`).check();
  await page.locator(`#write-${showcase.longTerm}`).check();
  await shoot('consent');
  const callback = await callbackAfter(page, () => page.getByRole('button', { name: 'Approve' }).click(), INTEGRATION);
  await redeemCode(server, showcase.clientId, callback, request);

  await page.goto(`${server.url}/account`);
  await signIn(page, PERSON.email, PERSON.password);
  await shoot('account');
  await page.context().close();
  return written;
}

async function shootEverySize(page: Page, outDir: string, name: string): Promise<string[]> {
  const paths: string[] = [];
  for (const [size, viewport] of Object.entries(SCREENSHOT_SIZES)) {
    await page.setViewportSize(viewport);
    const path = join(outDir, `${name}-${size}.png`);
    await page.screenshot({ path, fullPage: true });
    paths.push(path);
  }
  await page.setViewportSize(DESKTOP);
  return paths;
}

async function seedShowcase(server: TestServer, logo: Buffer): Promise<Showcase> {
  const { pool } = server.db;
  await addUser(pool, { email: PERSON.email, password: PERSON.password, name: PERSON.name });
  const longTerm = await addPortfolio(pool, { userEmail: PERSON.email, name: 'Long-term investments', currency: 'EUR' });
  await addPortfolio(pool, { userEmail: PERSON.email, name: 'US brokerage', currency: 'USD' });
  const client = await registerIntegration(pool, server.feed, {
    name: 'Budget App', redirectUris: [REDIRECT], confidential: false, homepageUri: INTEGRATION,
    logo: { uri: `${INTEGRATION}/logo.png`, bytes: logo, type: 'image/png' },
  });
  return { clientId: client.client_id, longTerm: longTerm.id };
}

/** A plausible integration logo, drawn by the browser itself: nothing is downloaded. */
async function renderLogo(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: LOGO_PX, height: LOGO_PX } });
  await page.setContent(`<body style="margin:0"><div style="width:${LOGO_PX}px;height:${LOGO_PX}px;
    background:linear-gradient(135deg,#17a673,#0d6e8c);color:#fff;font:700 80px/${LOGO_PX}px sans-serif;
    text-align:center">B</div></body>`);
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: LOGO_PX, height: LOGO_PX } });
  await page.close();
  return png;
}

/** The integration redeems its code, so the connected-apps page has a "last used" time. */
async function redeemCode(server: TestServer, clientId: string, callback: URL, request: AuthorizationRequest): Promise<void> {
  const as = await discover(server.url);
  const client = { client_id: clientId };
  const params = oauth.validateAuthResponse(as, client, callback, request.state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, request.verifier, {
    [oauth.allowInsecureRequests]: true,
  });
  await oauth.processAuthorizationCodeResponse(as, client, response);
}

if (import.meta.main) {
  const server = await startTestServer();
  const browser = await launchChromium();
  try {
    for (const path of await takeScreenshots(browser, server, SCREENSHOTS_DIR)) console.log(path);
  } finally {
    await browser.close();
    await server.close();
  }
}
