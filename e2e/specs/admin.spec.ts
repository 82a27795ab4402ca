import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  buyCredits,
  createAccount,
  signInInBrowser,
  type Account,
} from '../support/accounts.ts';
import { DESKTOP, MOBILE, launchBrowser } from '../support/browser.ts';
import { Inbox } from '../support/inbox.ts';
import { makePdf } from '../support/pdf.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const ADMIN_EMAIL = 'boss@example.com';
const VIN = '1HGCM82633A004352';

let server: RunningServer;
let browser: Browser;
let inbox: Inbox;
let admin: Account;
let customer: Account;
let context: BrowserContext | undefined;

beforeAll(async () => {
  inbox = new Inbox();
  await inbox.start();
  [server, browser] = await Promise.all([
    startServer({ SMTP_URL: inbox.url, ADMIN_EMAILS: ADMIN_EMAIL }),
    launchBrowser(),
  ]);
  admin = await createAccount(server, inbox, ADMIN_EMAIL);
  customer = await createAccount(server, inbox, 'customer@example.com');
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

async function adminPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInInBrowser(page, server, '/admin', admin);
  await page.getByRole('heading', { name: 'Vehicle Records Admin Dashboard' }).waitFor();
  return page;
}

const balance = async (account: Account) =>
  (await api<{ creditBalance: number }>(server, '/api/api/user/credit', { token: account.token }))
    .creditBalance;

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

  it('filters orders, takes one as Processing, uploads a PDF, and the customer then opens the report', async () => {
    expect(await buyCredits(server, customer.token)).toBe('succeeded');
    const order = await api<{ id: string }>(server, '/api/api/report-orders', {
      token: customer.token,
      body: { vin: VIN, vehicle: '2003 HONDA Accord' },
    });

    const page = await adminPage();
    await page.getByRole('tab', { name: /Report Orders/ }).click();
    await page.getByRole('button', { name: /^Pending \(\d+\)$/ }).click();
    await page.getByText('Currently showing: Pending').waitFor();
    const row = page.getByRole('row').filter({ hasText: order.id });
    await row.getByText('Pending').waitFor();
    expect(await row.getByRole('button', { name: /Download report/ }).isDisabled()).toBe(true);

    await row.getByRole('button', { name: /as Processing$/ }).click();
    await page.getByText('The order is now Processing.').waitFor();
    await page.getByRole('button', { name: /^Processing \(\d+\)$/ }).click();
    const taken = page.getByRole('row').filter({ hasText: order.id });
    await taken.getByText('Processing', { exact: true }).waitFor();

    await taken.getByRole('button', { name: /Upload report/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Report' });
    await dialog.getByText(order.id).waitFor();
    const pdfPath = join(server.dataDir, 'upload-test.pdf');
    writeFileSync(pdfPath, makePdf(`Vehicle history report for ${VIN}`));
    await dialog.getByLabel('Report PDF').setInputFiles(pdfPath);
    await dialog.getByText(/upload-test\.pdf \(0\.00 MB\)/).waitFor();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /^Completed \(\d+\)$/ }).click();
    const done = page.getByRole('row').filter({ hasText: order.id });
    await done.getByText('Completed').waitFor();
    const download = page.waitForEvent('download');
    await done.getByRole('button', { name: /Download report/ }).click();
    expect((await download).suggestedFilename()).toBe(`report-${order.id}-${VIN}.pdf`);

    const mail = await inbox.nextMatching(customer.email, /report is ready/);
    expect(mail.raw).toContain(VIN);

    const customerContext = await browser.newContext({ viewport: DESKTOP });
    try {
      const customerPage = await customerContext.newPage();
      await signInInBrowser(customerPage, server, '/dashboard', customer);
      const item = customerPage.getByText(VIN).first();
      await item.waitFor();
      const popup = customerPage.waitForEvent('popup');
      await customerPage
        .getByRole('button', { name: /View Report|Open Report/i })
        .first()
        .click();
      const reportPage = await popup;
      const response = await reportPage.waitForResponse((r) => r.url().includes('/report'));
      expect(response.headers()['content-type']).toContain('application/pdf');
    } finally {
      await customerContext.close();
    }
  });

  it('fits the panel into 390 px with scrollable tabs, the recent plate searches included', async () => {
    await api(server, '/api/api/license-plate/search/7ABC123/CA', { token: customer.token });
    const page = await adminPage(MOBILE);
    await page.getByRole('tab', { name: 'License Plate Test' }).click();
    await page.getByRole('button', { name: 'Test License Plate API' }).waitFor();
    const searches = page.getByRole('list', { name: 'Recent plate searches' });
    await searches.getByText('CA 7ABC123 · Provider').waitFor();
    await searches.getByText(customer.email, { exact: false }).waitFor();
    const width = await page.evaluate('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(MOBILE.width);
  });
});
