import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on what the page shows now and fails with the list of
 * serious and critical violations.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) {
    // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') refuses an
    // inline script tag, rightly.
    await page.evaluate(AXE_SOURCE);
  }
  // Let entrance transitions end: axe measures colours as they are painted.
  await page.waitForTimeout(400);
  const violations = (await page.evaluate(`axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
    .then((r) => r.violations)`)) as Violation[];
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const lines = bad.map(
    (v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(lines, `axe on ${what}`).toEqual([]);
}
