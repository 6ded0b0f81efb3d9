// axe-core finds no violation on any page people see (login, consent, connected apps, the
// account sign-in, an error page), at desktop width and at 320 px (issue #3, item 9); at
// 320 px nothing scrolls sideways (WCAG 1.4.10 reflow), and no page loads anything from
// another origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { authorizationRequest, createWorld, PASSWORD } from '../helpers/flow.ts';
import { chromiumMissing, DESKTOP, NARROW, newContext } from './chromium.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { describeViolations, findAxeViolations } from './axe.ts';
import { answerForIntegration, callbackAfter, foreignRequests, recordRequests, signIn, submitAndWait } from './flow-steps.ts';

const suite = useBrowserSuite();

interface PageReport { readonly name: string; readonly violations: string; readonly scrollWidth: number }

async function inspect(page: Page, name: string): Promise<PageReport> {
  const violations = describeViolations(await findAxeViolations(page));
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  return { name, violations, scrollWidth };
}

/** Walks every page a person meets, in one browser context of the given size. */
async function visitEveryPage(viewport: { width: number; height: number }): Promise<{ reports: PageReport[]; foreign: string[] }> {
  const t = suite().server;
  const world = await createWorld(t, { logo: true, homepageUri: 'https://budget.example.com' });
  const page = await (await newContext(suite().browser, { viewport })).newPage();
  await answerForIntegration(page);
  const requests = recordRequests(page);
  const reports: PageReport[] = [];

  await page.goto((await authorizationRequest(t, 'cl_unknown')).url);
  reports.push(await inspect(page, 'error'));
  await page.goto((await authorizationRequest(t, world.clientId)).url);
  reports.push(await inspect(page, 'login'));
  await signIn(page, world.email, PASSWORD);
  reports.push(await inspect(page, 'consent'));
  await page.locator(`#share-${world.portfolios.main}`).check();
  await callbackAfter(page, () => page.getByRole('button', { name: 'Approve' }).click());

  await page.goto(`${t.url}/account`);
  reports.push(await inspect(page, 'account sign-in'));
  await signIn(page, world.email, PASSWORD);
  reports.push(await inspect(page, 'connected apps'));
  await submitAndWait(page, page.getByRole('button', { name: /^Save changes/ }));
  reports.push(await inspect(page, 'connected apps, saved'));
  await page.context().close();
  return { reports, foreign: foreignRequests(requests, t.url) };
}

for (const [label, viewport] of [['desktop', DESKTOP], ['320 px', NARROW]] as const) {
  test(`no axe violations, no sideways scrolling, nothing external: ${label}`, { skip: chromiumMissing }, async () => {
    const { reports, foreign } = await visitEveryPage(viewport);
    assert.deepEqual(reports.map((r) => r.name), ['error', 'login', 'consent', 'account sign-in', 'connected apps', 'connected apps, saved']);
    for (const report of reports) {
      assert.equal(report.violations, '', `axe on the ${report.name} page at ${label}`);
      assert.ok(report.scrollWidth <= viewport.width, `the ${report.name} page is ${report.scrollWidth} px wide at ${label}`);
    }
    assert.deepEqual(foreign, []);
  });
}
