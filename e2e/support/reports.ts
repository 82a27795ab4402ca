import { API_PREFIX } from '@vr/contracts';
import type { Locator } from 'playwright-core';

/** An order's signed report link: `${API_PREFIX}/report-orders/:id/report?expires=…&sig=…`. */
const REPORT_LINK = new RegExp(`^${API_PREFIX}/report-orders/[^/]+/report$`);

export interface OpenedReportTab {
  /** The signed link the new tab navigated to. */
  url: string;
  /** What the tab's navigation was answered with. */
  status: number;
  contentType: string | undefined;
  /** The same link fetched again outside the browser: its headers and first bytes. */
  fetched: { status: number; contentType: string | null; head: string };
}

/**
 * Clicks `button` ("View Report"), which opens the report's signed link in a new tab, and tells
 * what that tab was served. The response listener sits on the context and is attached before the
 * click. One attached to the popup after its 'popup' event raced the tab: when both events reach
 * the test in one batch (a busy machine) the navigation is already past, and what the listener
 * sees is whatever the tab (its PDF viewer) loads next. The link is also fetched directly, so its
 * headers are checked whatever the browser's PDF viewer does.
 */
export async function openReportTab(button: Locator): Promise<OpenedReportTab> {
  const navigation = button
    .page()
    .context()
    .waitForEvent('response', (r) => {
      const { pathname } = new URL(r.url());
      return r.request().isNavigationRequest() && REPORT_LINK.test(pathname);
    });
  await button.click();
  const response = await navigation;
  const direct = await fetch(response.url());
  const bytes = Buffer.from(await direct.arrayBuffer());
  return {
    url: response.url(),
    status: response.status(),
    contentType: (await response.headerValue('content-type')) ?? undefined,
    fetched: {
      status: direct.status,
      contentType: direct.headers.get('content-type'),
      head: bytes.subarray(0, 5).toString('latin1'),
    },
  };
}
