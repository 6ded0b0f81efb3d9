// The login and consent forms work with the keyboard alone (issue #3, item 8; WCAG 2.1.1),
// and the focused control always shows it (WCAG 2.4.7): Tab moves, typing fills, Space
// ticks, Enter submits; the focused element's computed outline is never 'none'.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { authorizationRequest, createWorld, PASSWORD } from '../helpers/flow.ts';
import { chromiumMissing, newContext } from './chromium.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { answerForIntegration, callbackAfter } from './flow-steps.ts';

const suite = useBrowserSuite();

interface Focused { readonly id: string; readonly tag: string; readonly type: string; readonly outline: string; readonly outlineWidth: string }

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement & { type?: string };
    const style = getComputedStyle(element);
    return { id: element.id, tag: element.tagName, type: element.type ?? '', outline: style.outlineStyle, outlineWidth: style.outlineWidth };
  });
}

/** Presses Tab until `matches` holds for the focused element; fails after a page's worth of stops. */
async function tabTo(page: Page, matches: (f: Focused) => boolean, what: string): Promise<Focused> {
  const MAX_TAB_STOPS = 30;
  for (let stop = 0; stop < MAX_TAB_STOPS; stop += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    assert.notEqual(now.outline, 'none', `focus is visible on ${now.tag}#${now.id}`);
    assert.notEqual(now.outlineWidth, '0px', `focus is visible on ${now.tag}#${now.id}`);
    if (matches(now)) return now;
  }
  throw new Error(`Tab never reached ${what}`);
}

test('sign in and approve with the keyboard only; focus is always visible', { skip: chromiumMissing }, async () => {
  const t = suite().server;
  const world = await createWorld(t);
  const page = await (await newContext(suite().browser)).newPage();
  await answerForIntegration(page);
  const request = await authorizationRequest(t, world.clientId);
  await page.goto(request.url);

  const first = await focused(page);
  assert.equal(first.id, 'email', 'the email field has the focus on arrival');
  assert.notEqual(first.outline, 'none');
  await page.keyboard.type(world.email);
  await tabTo(page, (f) => f.id === 'password', 'the password field');
  await page.keyboard.type(PASSWORD);
  await tabTo(page, (f) => f.tag === 'BUTTON', 'the sign-in button');
  await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
  assert.match(page.url(), /\/interaction\//);

  await tabTo(page, (f) => f.id === `share-${world.portfolios.side}`, 'the second portfolio');
  await page.keyboard.press('Space');
  const approve = await tabTo(page, (f) => f.tag === 'BUTTON', 'the approve button');
  assert.equal(approve.type, 'submit');
  const callback = await callbackAfter(page, () => page.keyboard.press('Enter'));
  assert.ok(callback.searchParams.get('code'));
  await page.context().close();
});
