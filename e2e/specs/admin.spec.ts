import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ADMIN_MESSAGES } from '@vr/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  buyCredits,
  createAccount,
  creditBalance,
  type Account,
} from '../support/accounts.ts';
import { DESKTOP, MOBILE } from '../support/browser.ts';
import { makePdf } from '../support/pdf.ts';
import { openPdfLink } from '../support/reports.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { useBrowserSuite, type Viewport } from '../support/suite.ts';

const ADMIN_EMAIL = 'boss@example.com';
const VIN = '1HGCM82633A004352';
/** The sandbox provider's demo VIN whose history never arrives (README, demo VINs). */
const FAILING_VIN = 'WBA3A5C53CF256789';
/** Another demo VIN (the sandbox's theft and recovery), so the table test places an order of its own. */
const TABLES_VIN = '1C4RJFAG6FC123456';

const suite = useBrowserSuite({ ADMIN_EMAILS: ADMIN_EMAIL });
let admin: Account;
let customer: Account;

beforeAll(async () => {
  admin = await createAccount(suite.server, suite.inbox, ADMIN_EMAIL);
  customer = await createAccount(suite.server, suite.inbox, 'customer@example.com');
});

async function adminPage(viewport: Viewport = DESKTOP): Promise<Page> {
  const page = await suite.signedIn(admin, '/admin', viewport);
  await page.getByRole('heading', { name: 'Vehicle Records Admin Dashboard' }).waitFor();
  return page;
}

const balance = (account: Account) => creditBalance(suite.server, account);

describe('admin panel', () => {
  it('finds a customer by e-mail and sets their credit', async () => {
    const page = await adminPage();
    await page.getByLabel('Search user by email').fill(customer.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const result = page.getByLabel('Search result');
    await result.getByText(customer.email).waitFor();
    await result.getByLabel(`New credit for ${customer.email}`).fill('4');
    await result.getByRole('button', { name: 'Update' }).click();
    await result.getByText(/4 credits/).waitFor();
    expect(await balance(customer)).toBe(4);
    const table = page.getByRole('table', { name: 'All Users' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = table.getByRole('row').filter({ hasText: customer.email });
    await row.getByRole('cell', { name: '4', exact: true }).waitFor();
  });

  it('overrides a report whose generation keeps failing with an upload, the customer opens it; regenerates a generated one', async () => {
    expect(await buyCredits(suite.server, customer.token)).toBe('succeeded');
    // The sandbox's provider always fails for this VIN: the worker retries, the order stays open.
    const order = await api<{ id: string }>(suite.server, '/api/api/report-orders', {
      token: customer.token,
      body: { vin: FAILING_VIN },
    });

    const page = await adminPage();
    await page.getByRole('tab', { name: /Report Orders/ }).click();
    await page.getByRole('button', { name: /^Processing \(\d+\)$/ }).click();
    await page.getByText('Currently showing: Processing').waitFor();
    let row = page.getByRole('row').filter({ hasText: order.id });
    // The worker's failed attempt shows with its error and the next try.
    for (let i = 0; i < 30 && !(await row.getByText(/1 failed/).count()); i += 1) {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(1000);
      row = page.getByRole('row').filter({ hasText: order.id });
    }
    await row.getByText(/1 failed \(.+\); next try/).waitFor();
    expect(await row.getByRole('button', { name: /Download report/ }).isDisabled()).toBe(true);

    await row.getByRole('button', { name: /Upload report/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Report' });
    await dialog.getByText(order.id).waitFor();
    const pdfPath = join(suite.server.dataDir, 'upload-test.pdf');
    writeFileSync(pdfPath, makePdf(`Vehicle history report for ${FAILING_VIN}`));
    await dialog.getByLabel('Report PDF').setInputFiles(pdfPath);
    await dialog.getByText(/upload-test\.pdf \(0\.00 MB\)/).waitFor();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /^Completed \(\d+\)$/ }).click();
    const done = page.getByRole('row').filter({ hasText: order.id });
    await done.getByText('Uploaded', { exact: true }).waitFor();
    expect(await done.getByRole('button', { name: /Regenerate report/ }).isDisabled()).toBe(true);
    const download = page.waitForEvent('download');
    await done.getByRole('button', { name: /Download report/ }).click();
    expect((await download).suggestedFilename()).toBe(`report-${order.id}-${FAILING_VIN}.pdf`);

    const mail = await suite.inbox.nextMatching(customer.email, /report is ready/);
    expect(mail.raw).toContain(FAILING_VIN);
    const customerPage = await suite.signedIn(customer, '/dashboard');
    await customerPage.getByText(FAILING_VIN).first().waitFor();
    // View Report opens the report's page (a PDF only: uploaded); its Download PDF is the PDF.
    await customerPage.getByRole('link', { name: 'View Report' }).first().click();
    const response = await openPdfLink(customerPage, '/report?');
    expect(response.headers()['content-type']).toContain('application/pdf');

    // A report the worker made can be made again, without a second charge.
    const generated = await api<{ id: string }>(suite.server, '/api/api/report-orders', {
      token: customer.token,
      body: { vin: VIN },
    });
    const creditsAfterOrders = await balance(customer);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const made = page.getByRole('row').filter({ hasText: generated.id });
    for (
      let i = 0;
      i < 30 && !(await made.getByText('Generated', { exact: true }).count());
      i += 1
    ) {
      await page.waitForTimeout(1000);
      await page.getByRole('button', { name: 'Refresh' }).click();
    }
    await made.getByRole('button', { name: /Regenerate report/ }).click();
    await page.getByText(ADMIN_MESSAGES.regenerateQueued).waitFor();
    expect(await balance(customer)).toBe(creditsAfterOrders);
  });

  it('fits the panel into 390 px with scrollable tabs, the recent plate searches included', async () => {
    await api(suite.server, '/api/api/license-plate/search/7ABC123/CA', { token: customer.token });
    const page = await adminPage(MOBILE);
    await page.getByRole('tab', { name: 'License Plate Test' }).click();
    await page.getByRole('button', { name: 'Test License Plate API' }).waitFor();
    const searches = page.getByRole('list', { name: 'Recent plate searches' });
    await searches.getByText('CA 7ABC123 · Provider').waitFor();
    await searches.getByText(customer.email, { exact: false }).waitFor();
    const width = await page.evaluate('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'admin-license-plate-test');
    await page.setViewportSize(DESKTOP);
    await searches
      .or(page.getByRole('table', { name: 'Recent plate searches' }))
      .first()
      .waitFor();
    await saveScreenshot(page, 'admin-license-plate-test');
  });

  it("fits the Users, Credit Purchases and Report Orders tables into 1280 px with the user's e-mail, and shows cards at 390 px", async () => {
    expect(await buyCredits(suite.server, customer.token)).toBe('succeeded');
    await api(suite.server, '/api/api/report-orders', {
      token: customer.token,
      body: { vin: TABLES_VIN },
    });
    const tabs = [
      ['User Management', 'All Users'],
      ['Credit Purchases', 'Credit Purchases'],
      ['Report Orders', 'Report Orders'],
    ] as const;

    const page = await adminPage(DESKTOP);
    for (const [tab, label] of tabs) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      const table = page.getByRole('table', { name: label });
      await table.getByText(customer.email).first().waitFor();
      const box = page.getByRole('region', { name: `${label} table` });
      // The e2e sources are type-checked without the DOM library: the element is described here.
      const [scroll, client] = await box.evaluate((el) => {
        const { scrollWidth, clientWidth } = el as unknown as Record<
          'scrollWidth' | 'clientWidth',
          number
        >;
        return [scrollWidth, clientWidth];
      });
      expect(scroll, `${label} needs no horizontal scrolling`).toBeLessThanOrEqual(client);
      await saveScreenshot(page, `admin-${tab.replace(/ /g, '-').toLowerCase()}`);
    }

    const phone = await adminPage(MOBILE);
    for (const [tab, label] of tabs) {
      await phone.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      const cards = phone.getByRole('list', { name: label });
      await cards.getByText(customer.email).first().waitFor();
      expect(await phone.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        MOBILE.width,
      );
      await saveScreenshot(phone, `admin-${tab.replace(/ /g, '-').toLowerCase()}`);
    }
  });
});
