// Runs axe-core (its source from node_modules) in the page under test. Our CSP allows no
// inline script, so the source goes in through page.evaluate (DevTools protocol), not a
// <script> tag; nothing is fetched from anywhere.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

export async function findAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<AxeResults> } }).axe;
    const results = await axe.run();
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}

/** A readable assertion message: one line per violation with the elements concerned. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(', ')}`).join('\n');
}

interface AxeResults {
  readonly violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}
