// The screenshot script (screenshots.ts) still runs end to end and writes every picture at
// its width. It writes into a temporary folder here; `node test/browser/screenshots.ts`
// regenerates docs/screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { chromiumMissing } from './chromium.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { SCREENSHOT_NAMES, SCREENSHOT_SIZES, takeScreenshots } from './screenshots.ts';

const suite = useBrowserSuite();

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The IHDR chunk's width field: signature (8), chunk length (4), chunk type (4). */
const PNG_WIDTH_OFFSET = 16;

test('screenshots of login, consent and connected apps at desktop width and 320 px', { skip: chromiumMissing }, async () => {
  const outDir = await mkdtemp(join(tmpdir(), 'connect-auth-screenshots-'));
  try {
    const written = await takeScreenshots(suite().browser, suite().server, outDir);
    const expected = SCREENSHOT_NAMES.flatMap((name) => Object.keys(SCREENSHOT_SIZES).map((size) => `${name}-${size}.png`));
    assert.deepEqual(written.map((path) => basename(path)).sort(), expected.sort());
    for (const path of written) {
      const png = await readFile(path);
      assert.deepEqual(png.subarray(0, PNG_SIGNATURE.length), PNG_SIGNATURE, `${path} is a PNG`);
      const size = basename(path, '.png').split('-').pop() as keyof typeof SCREENSHOT_SIZES;
      assert.equal(png.readUInt32BE(PNG_WIDTH_OFFSET), SCREENSHOT_SIZES[size].width, `${path} width`);
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
});
