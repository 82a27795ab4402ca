import { REPORT_VIEW_MESSAGES } from '@vr/contracts';
import { describe, expect, it } from 'vitest';
import { api, buyCredits, createAccount, signInInBrowser } from '../support/accounts.ts';
import { DESKTOP, MOBILE } from '../support/browser.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { useBrowserSuite } from '../support/suite.ts';

/** The sandbox's salvage-then-rebuilt story: red marks, tables and recalls to show. */
const SALVAGE_VIN = '1FTFW1ET9DFC10312';

const suite = useBrowserSuite();

/** A mail's text with quoted-printable soft line breaks undone. */
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '');

describe('the report as a page, and shared', () => {
  it('opens the web view from the ready mail, shares it to a signed-out browser, and revokes it', async () => {
    const account = await createAccount(suite.server, suite.inbox, 'viewer@example.com');
    expect(await buyCredits(suite.server, account.token)).toBe('succeeded');
    const order = await api<{ id: string }>(suite.server, '/api/api/report-orders', {
      token: account.token,
      body: { vin: SALVAGE_VIN },
    });

    const received = unfolded(
      (await suite.inbox.nextMatching(account.email, /received your report order/)).raw,
    );
    expect(received).toContain('usually ready in under a minute');
    const ready = await suite.inbox.nextMatching(account.email, /report is ready/);
    const link = /Open your report: (\S+)/.exec(unfolded(ready.raw))?.[1];
    const path = new URL(link!).pathname;
    expect(path).toBe(`/dashboard/reports/${order.id}`);
    expect(ready.raw).toMatch(/Content-Type: application\/pdf/i);
    expect(ready.raw).toContain(`report-${order.id}-${SALVAGE_VIN}.pdf`);

    // The mail's link, signed out: the page asks to sign in, then shows the report.
    let shareUrl = '';
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await suite.newPage(viewport);
      await signInInBrowser(page, suite.server, path, account);
      await page.getByRole('heading', { name: 'Summary' }).waitFor();
      await page.getByText(SALVAGE_VIN).first().waitFor();
      expect(await page.locator('li[data-level="red"]').count()).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Download PDF' }).first().waitFor();
      if (!shareUrl) {
        await page.getByRole('button', { name: 'Create share link' }).click();
        shareUrl = await page.getByTestId('share-url').inputValue();
        await page.getByText(/A link is live until/).waitFor();
      }
      await saveScreenshot(page, 'report-view');
    }
    expect(shareUrl).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
    const sharedPath = new URL(shareUrl).pathname;

    // A fresh browser context: no account, no cookie.
    for (const viewport of [DESKTOP, MOBILE]) {
      const visitor = await suite.newPage(viewport);
      const res = await visitor.goto(`${suite.server.url}${sharedPath}`);
      expect(res?.status()).toBe(200);
      expect(res?.headers()['x-robots-tag']).toContain('noindex');
      expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toContain(
        'noindex',
      );
      await visitor.getByRole('heading', { name: 'Summary' }).waitFor();
      await visitor.getByText(/A snapshot made/).waitFor();
      expect(await visitor.content()).not.toContain(account.email);
      await saveScreenshot(visitor, 'shared-report');
    }
    const status = await api<{ shared: boolean; opens: number }>(
      suite.server,
      `/api/api/report-orders/${order.id}/share`,
      { token: account.token },
    );
    expect(status).toMatchObject({ shared: true, opens: 2 });

    // Revoked from the owner's page: the link is a 404 at once.
    const owner = await suite.newPage();
    await signInInBrowser(owner, suite.server, path, account);
    await owner.getByRole('button', { name: 'Revoke link' }).click();
    await owner.getByRole('button', { name: 'Create share link' }).waitFor();
    const visitor = await suite.newPage();
    const gone = await visitor.goto(`${suite.server.url}${sharedPath}`);
    expect(gone?.status()).toBe(404);
    await visitor.getByText(REPORT_VIEW_MESSAGES.shareNotFound).waitFor();
  });
});
