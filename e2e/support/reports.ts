import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Follows the report page's Download PDF link the way the browser would, and answers what it was
 * served. The link is read and fetched rather than clicked: a click opens a tab whose response a
 * listener attached after the 'popup' event may already have missed on a busy machine.
 */
export async function openPdfLink(page: Page, expected: string) {
  const link = page.getByRole('link', { name: 'Download PDF' }).first();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toContain(expected);
  return page.request.get(new URL(href, page.url()).toString());
}
