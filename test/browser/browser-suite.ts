// One real server and one Chromium per test file (a new context per test keeps tests apart
// at a fraction of a browser's start-up cost). Registers the before/after hooks itself.
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { chromiumMissing, launchChromium } from './chromium.ts';

export interface BrowserSuite {
  readonly server: TestServer;
  readonly browser: Browser;
}

/** Call at the top level of a test file; read `suite()` inside the tests. */
export function useBrowserSuite(): () => BrowserSuite {
  let current: BrowserSuite | undefined;
  before(async () => {
    if (chromiumMissing) return;
    const server = await startTestServer();
    try {
      current = { server, browser: await launchChromium() };
    } catch (error) {
      await server.close();
      throw error;
    }
  });
  after(async () => {
    await current?.browser.close();
    await current?.server.close();
  });
  return () => {
    if (!current) throw new Error('the browser suite did not start');
    return current;
  };
}
