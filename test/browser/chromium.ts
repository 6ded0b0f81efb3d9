// Launches Debian's Chromium (/usr/bin/chromium) headless for the browser tests: never a
// downloaded browser build. Where it is not installed, every browser test reports itself
// skipped with `chromiumMissing` as the reason instead of failing.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The skip reason when Chromium is not installed, else undefined (run). */
export const chromiumMissing: string | undefined = existsSync(CHROMIUM_PATH)
  ? undefined
  : `Chromium not found at ${CHROMIUM_PATH}: apt-get install chromium`;

// No GPU, no QUIC, and none of the browser's own calls home: the only traffic is to the test server.
const ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Fails fast on a missing element instead of Playwright's 30 s default. */
const ACTION_TIMEOUT_MS = 10_000;

export const DESKTOP = { width: 1280, height: 800 } as const;
/** The narrowest width the pages must work at (WCAG 1.4.10 reflow). */
export const NARROW = { width: 320, height: 640 } as const;

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}

/** A fresh context (cookies, storage) in English unless told otherwise. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: DESKTOP, ...options });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return context;
}
