import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Saves a full-page PNG named `name` into E2E_SCREENSHOT_DIR when it is set, so a person can
 * look at what a spec saw; does nothing otherwise.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const { width } = page.viewportSize() ?? { width: 0 };
  await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
}
