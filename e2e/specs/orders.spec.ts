import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ORDER_MESSAGES, REPEAT_ORDER_WINDOW_DAYS, REPORT_PREVIEW_MESSAGES } from '@vr/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COMPILED_CLI } from '../../apps/server/test/support/compiled.ts';
import { api, buyCredits, createAccount, creditBalance } from '../support/accounts.ts';
import { MOBILE } from '../support/browser.ts';
import { makePdf } from '../support/pdf.ts';
import { openPdfLink } from '../support/reports.ts';
import { useBrowserSuite } from '../support/suite.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

const suite = useBrowserSuite();

/** Follows the report page's Download PDF link (its href, signed: no session needed). */
async function searchPlate(page: Page, state: string, plate: string) {
  await page.getByRole('tab', { name: 'License Plate' }).first().click();
  const form = page.getByRole('form', { name: 'License plate search' }).first();
  await form.getByLabel('State').selectOption(state);
  await form.getByRole('textbox', { name: 'License Plate' }).fill(plate);
  await form.getByRole('button', { name: 'Search' }).click();
}

describe('plate lookup and report orders', () => {
  it('orders from a landing plate search automatically; an attached report opens as a PDF', async () => {
    const account = await createAccount(suite.server, suite.inbox, 'orders@example.com');
    expect(await buyCredits(suite.server, account.token)).toBe('succeeded');
    const page = await suite.signedIn(account, '/dashboard');
    await page.goto(`${suite.server.url}/`);
    await page.getByRole('button', { name: 'Dashboard' }).first().waitFor();
    await searchPlate(page, 'CA', '7ABC123');
    await page.waitForURL(`${suite.server.url}/dashboard`);
    await page.getByText(/Report ordered for 2003 HONDA Accord/).waitFor();
    const item = page.getByText('1HGCM82633A004352', { exact: true }).last();
    await item.waitFor();
    await page.getByText('Processing', { exact: true }).waitFor();
    expect(await creditBalance(suite.server, account)).toBe(2);

    const [order] = await api<{ id: string }[]>(suite.server, '/api/api/report-orders/my-orders', {
      token: account.token,
    });
    const pdfPath = join(suite.server.dataDir, 'cli-report.pdf');
    await suite.inbox.nextMatching(account.email, /received your report order/);
    writeFileSync(pdfPath, makePdf('Vehicle history report for 1HGCM82633A004352'));
    // The embedded database belongs to one process at a time: the operator stops the server.
    const dataDir = await suite.stopServerKeepingData();
    const cli = await run(
      process.execPath,
      [...COMPILED_CLI, 'attach-report', order!.id, pdfPath],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: suite.inbox.url },
      },
    );
    expect(cli.stdout).toContain(`Report attached to order ${order!.id}; the order is Completed.`);
    // The CLI queues the customer's mail; the restarted server's worker delivers it.
    await suite.startServerAgain({ DATA_DIR: dataDir });
    await suite.inbox.nextMatching(account.email, /report is ready/);

    await page.goto(`${suite.server.url}/dashboard`);
    await page.getByText('Completed', { exact: true }).waitFor();
    // View Report opens the report's page (a PDF only: uploaded); its Download PDF is the PDF.
    await page.getByRole('link', { name: 'View Report' }).click();
    const response = await openPdfLink(page, `/report-orders/${order!.id}/report?`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
  });

  it('generates the report of a plate search (preview, order, Completed without reload, the PDF opens); a repeated search charges nothing', async () => {
    const account = await createAccount(suite.server, suite.inbox, 'generated@example.com');
    expect(await buyCredits(suite.server, account.token)).toBe('succeeded');
    const before = await creditBalance(suite.server, account);
    const page = await suite.signedIn(account, '/dashboard');
    await searchPlate(page, 'TX', 'FORD150');
    await page.getByText(REPORT_PREVIEW_MESSAGES.records).waitFor();
    await page.getByText(/Report ordered for 2013 FORD F-150/).waitFor();
    // The worker generates it; the list polls while it is open.
    await page.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    // View Report opens the report's page; its Download PDF is the PDF.
    await page.getByRole('link', { name: 'View Report' }).click();
    await page.getByRole('heading', { name: 'Summary' }).waitFor();
    const response = await openPdfLink(page, '/report?');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(await creditBalance(suite.server, account)).toBe(before - 1);

    // The preview names the report the customer has: no automatic order, nothing charged.
    await page.getByRole('link', { name: 'My VIN Lookups' }).click();
    await searchPlate(page, 'TX', 'FORD150');
    await page
      .getByText(REPORT_PREVIEW_MESSAGES.existingCompleted(REPEAT_ORDER_WINDOW_DAYS))
      .waitFor();
    await page.getByRole('button', { name: 'Order a Fresh Report (1 credit)' }).waitFor();
    expect(await page.getByText('Ordering its report for 1 credit…').count()).toBe(0);
    expect(await creditBalance(suite.server, account)).toBe(before - 1);
  });

  it('warns without credit and offers Buy Credits; not-found plates say so', async () => {
    const account = await createAccount(suite.server, suite.inbox, 'broke@example.com');
    const page = await suite.signedIn(account, '/dashboard');
    await searchPlate(page, 'TX', 'FORD150');
    await page.getByText(ORDER_MESSAGES.insufficientCredits).waitFor();
    await page.getByText('2013 FORD F-150').waitFor();
    await searchPlate(page, 'TX', 'NOSUCH1');
    await page
      .getByText(
        'No vehicle found for this license plate. Please verify the plate number and state.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Buy Credits' }).first().click();
    await page.getByRole('heading', { name: 'Buy Credits' }).waitFor();
  });

  it('opens the mobile menu at 390 px with Sign Out going home', async () => {
    const account = await createAccount(suite.server, suite.inbox, 'mobile@example.com');
    const page = await suite.signedIn(account, '/dashboard', MOBILE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Dashboard sections' });
    await menu.getByRole('button', { name: 'Purchase History' }).click();
    await page.getByRole('heading', { name: 'Purchase History' }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${suite.server.url}/`);
  });
});
