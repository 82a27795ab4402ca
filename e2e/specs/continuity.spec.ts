import {
  AUTH_MESSAGES,
  ORDER_MESSAGES,
  REPEAT_ORDER_WINDOW_DAYS,
  REPORT_PREVIEW_MESSAGES,
} from '@vr/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addSandboxCard,
  buyCredits,
  createAccount,
  creditBalance,
  type Account,
} from '../support/accounts.ts';
import { MOBILE } from '../support/browser.ts';
import { buyPackageInDashboard, startRegistration } from '../support/dialogs.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { useBrowserSuite } from '../support/suite.ts';

const suite = useBrowserSuite();

/** Decodes `vin` on the landing page; resolves with the Vehicle Found dialog open. */
async function decodeOnLanding(page: Page, vin: string) {
  await page.getByRole('textbox', { name: 'VIN' }).first().fill(vin);
  await page.getByRole('button', { name: 'Search' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Vehicle Found' });
  await dialog.waitFor();
  return dialog;
}

async function signInThroughDialog(page: Page, account: Account) {
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

/** VIN Records holding `vin` found, its preview with records and exactly one order button. */
async function vehicleReadyToOrder(page: Page, vin: string) {
  await page.waitForURL(`${suite.server.url}/dashboard`);
  await page.getByLabel('Vehicle found').getByText(vin, { exact: true }).waitFor();
  await page.getByText(REPORT_PREVIEW_MESSAGES.records).waitFor();
  const order = page.getByRole('button', { name: 'Order Report (1 credit)' });
  await order.waitFor();
  expect(await order.count()).toBe(1);
  return order;
}

describe('a lookup that survives its detours', () => {
  it('takes a VIN decoded signed out through the sign-up to VIN Records, ready to order', async () => {
    const page = await suite.open('/', MOBILE);
    const email = 'detour-signup@example.com';
    const found = await decodeOnLanding(page, '1G1ZD5STXJF123456');
    await found.getByRole('button', { name: 'Sign In for Lookup' }).click();
    const verify = await startRegistration(page, email, 'Dee Tour');
    await verify.getByLabel('Verification Code').fill(await suite.inbox.nextCode(email));
    await verify.getByRole('button', { name: 'Verify Email' }).click();
    await verify.getByText(AUTH_MESSAGES.verifiedAndSignedIn).waitFor();
    await vehicleReadyToOrder(page, '1G1ZD5STXJF123456');
    // A new account has no credit: the order button says so instead of charging.
    await page.getByRole('button', { name: 'Order Report (1 credit)' }).click();
    await page.getByText(ORDER_MESSAGES.insufficientCredits).waitFor();
    await saveScreenshot(page, 'continuity-signup');
  });

  it('takes "Sign In for Lookup" and "Get Detailed Lookup" to the vehicle, and orders it', async () => {
    const account = await createAccount(suite.server, suite.inbox, 'detour-signin@example.com');
    expect(await buyCredits(suite.server, account.token)).toBe('succeeded');
    const page = await suite.open('/');
    const found = await decodeOnLanding(page, '1C4RJFAG6FC123456');
    await found.getByRole('button', { name: 'Sign In for Lookup' }).click();
    await signInThroughDialog(page, account);
    const order = await vehicleReadyToOrder(page, '1C4RJFAG6FC123456');
    await saveScreenshot(page, 'continuity-signin');
    await order.click();
    await page.getByText(/Report ordered for 2015 JEEP Grand Cherokee/i).waitFor();
    expect(await creditBalance(suite.server, account)).toBe(2);

    // Signed in, the landing's dialog goes straight to the dashboard with the vehicle.
    await page.goto(`${suite.server.url}/`);
    const again = await decodeOnLanding(page, 'KM8K2CAB4PU001140');
    await again.getByText(REPORT_PREVIEW_MESSAGES.records).waitFor();
    await again.getByRole('button', { name: 'Get Detailed Lookup' }).click();
    await vehicleReadyToOrder(page, 'KM8K2CAB4PU001140');
  });

  it('runs a signed-out plate search after the sign-in, announcing its order with Cancel', async () => {
    const account = await createAccount(suite.server, suite.inbox, 'detour-plate@example.com');
    expect(await buyCredits(suite.server, account.token)).toBe('succeeded');
    const page = await suite.open('/');
    await page.getByRole('tab', { name: 'License Plate' }).first().click();
    const form = page.getByRole('form', { name: 'License plate search' }).first();
    await form.getByLabel('State').selectOption('TX');
    await form.getByRole('textbox', { name: 'License Plate' }).fill('FORD150');
    await form.getByRole('button', { name: 'Search' }).click();
    await signInThroughDialog(page, account);
    await page.waitForURL(`${suite.server.url}/dashboard`);
    await page.getByText('Ordering its report for 1 credit…').waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('button', { name: 'Order Report (1 credit)' }).waitFor();
    await page
      .getByLabel('Vehicle found')
      .getByText('1FTFW1ET9DFC10312', { exact: true })
      .waitFor();
    expect(await page.getByText('Ordering its report for 1 credit…').count()).toBe(0);
    await page.getByText('No lookups yet', { exact: false }).waitFor();
    expect(await creditBalance(suite.server, account)).toBe(3);
  });

  it('returns to the vehicle after Buy Credits, and tells two orders of it apart', async () => {
    const account = await createAccount(suite.server, suite.inbox, 'detour-credits@example.com');
    await addSandboxCard(suite.server, account.token, { isDefault: true });
    const page = await suite.signedIn(account, '/dashboard');
    await page.getByRole('textbox', { name: 'VIN' }).first().fill('1HGCM82633A004352');
    await page.getByRole('button', { name: 'Search' }).first().click();
    await page.getByRole('button', { name: 'Order Report (1 credit)' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: ORDER_MESSAGES.insufficientCredits })
      .getByRole('button', { name: 'Buy Credits' })
      .click();
    await buyPackageInDashboard(page, 3);
    const order = await vehicleReadyToOrder(page, '1HGCM82633A004352');
    await order.click();
    await page.getByText(/Report ordered for 2003 HONDA Accord/).waitFor();

    // The report is made meanwhile; a fresh one is a second order, told apart by its number.
    await page.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Search' }).first().click();
    await page
      .getByText(REPORT_PREVIEW_MESSAGES.existingCompleted(REPEAT_ORDER_WINDOW_DAYS))
      .waitFor();
    await page.getByRole('button', { name: 'Order a Fresh Report (1 credit)' }).click();
    await page.getByText(/Report ordered for 2003 HONDA Accord/).waitFor();
    const numbers = page.getByText(/Order\s[0-9A-F]{8}/);
    await expect.poll(() => numbers.count()).toBe(2);
    const [first, second] = await numbers.allTextContents();
    expect(first!.match(/Order\s([0-9A-F]{8})/)![1]).not.toBe(
      second!.match(/Order\s([0-9A-F]{8})/)![1],
    );
    expect(await creditBalance(suite.server, account)).toBe(1);
    await saveScreenshot(page, 'continuity-two-orders');
  });
});
