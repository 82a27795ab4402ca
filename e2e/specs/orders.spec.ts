import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ORDER_MESSAGES } from '@vr/contracts';
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

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

let server: RunningServer;
let browser: Browser;
let inbox: Inbox;
let context: BrowserContext | undefined;
/** Data directories the suite kept across a server restart, removed at the end. */
const keptDirs: string[] = [];

beforeAll(async () => {
  inbox = new Inbox();
  await inbox.start();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: inbox.url }), launchBrowser()]);
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
  for (const dir of keptDirs) rmSync(dir, { recursive: true, force: true });
});

async function signedIn(
  account: Account,
  path: string,
  viewport: { width: number; height: number } = DESKTOP,
) {
  context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInInBrowser(page, server, path, account);
  return page;
}

async function searchPlate(page: Page, state: string, plate: string) {
  await page.getByRole('tab', { name: 'License Plate' }).first().click();
  const form = page.getByRole('form', { name: 'License plate search' }).first();
  await form.getByLabel('State').selectOption(state);
  await form.getByRole('textbox', { name: 'License Plate' }).fill(plate);
  await form.getByRole('button', { name: 'Search' }).click();
}

describe('plate lookup and report orders', () => {
  it('orders from a landing plate search automatically; an attached report opens as a PDF', async () => {
    const account = await createAccount(server, inbox, 'orders@example.com');
    expect(await buyCredits(server, account.token)).toBe('succeeded');
    const page = await signedIn(account, '/dashboard');
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Dashboard' }).first().waitFor();
    await searchPlate(page, 'CA', '7ABC123');
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByText(/Report ordered for 2003 HONDA Accord/).waitFor();
    const item = page.getByText('1HGCM82633A004352', { exact: true }).last();
    await item.waitFor();
    await page.getByText('Processing', { exact: true }).waitFor();
    expect(
      (
        await api<{ creditBalance: number }>(server, '/api/api/user/credit', {
          token: account.token,
        })
      ).creditBalance,
    ).toBe(2);

    const [order] = await api<{ id: string }[]>(server, '/api/api/report-orders/my-orders', {
      token: account.token,
    });
    const pdfPath = join(server.dataDir, 'cli-report.pdf');
    await inbox.nextMatching(account.email, /received your report order/);
    writeFileSync(pdfPath, makePdf('Vehicle history report for 1HGCM82633A004352'));
    // The embedded database belongs to one process at a time: the operator stops the server.
    const dataDir = server.dataDir;
    await server.stop({ keepData: true });
    keptDirs.push(dataDir);
    const cli = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'attach-report', order!.id, pdfPath],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: inbox.url },
      },
    );
    expect(cli.stdout).toContain(`Report attached to order ${order!.id}; the order is Completed.`);
    // The CLI queues the customer's mail; the restarted server's worker delivers it.
    server = await startServer({ SMTP_URL: inbox.url, DATA_DIR: dataDir });
    await inbox.nextMatching(account.email, /report is ready/);

    await page.goto(`${server.url}/dashboard`);
    await page.getByText('Completed', { exact: true }).waitFor();
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'View Report' }).click();
    const report = await popup;
    const response = await report.waitForResponse((r) =>
      r.url().includes(`/report-orders/${order!.id}/report`),
    );
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
  });

  it('warns without credit and offers Buy Credits; not-found plates say so', async () => {
    const account = await createAccount(server, inbox, 'broke@example.com');
    const page = await signedIn(account, '/dashboard');
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
    const account = await createAccount(server, inbox, 'mobile@example.com');
    const page = await signedIn(account, '/dashboard', MOBILE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Dashboard sections' });
    await menu.getByRole('button', { name: 'Purchase History' }).click();
    await page.getByRole('heading', { name: 'Purchase History' }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${server.url}/`);
  });
});
