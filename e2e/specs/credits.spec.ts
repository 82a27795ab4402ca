import { PAYMENT_MESSAGES } from '@vr/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, createAccount, signInInBrowser, type Account } from '../support/accounts.ts';
import { DESKTOP, launchBrowser } from '../support/browser.ts';
import { Inbox } from '../support/inbox.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let inbox: Inbox;
let context: BrowserContext | undefined;
let counter = 0;

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
});

async function dashboard(): Promise<{ page: Page; account: Account }> {
  counter += 1;
  const account = await createAccount(server, inbox, `buyer${counter}@example.com`);
  context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInInBrowser(page, server, '/dashboard', account);
  return { page, account };
}

const nav = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('button', { name })
    .click();

async function addCard(page: Page, number: string, name = 'Test Buyer') {
  await nav(page, 'Payment Info');
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await dialog.getByLabel('Cardholder name').fill(name);
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry').fill(`12${String((new Date().getFullYear() + 3) % 100)}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('ZIP').fill('94110');
  await dialog.getByRole('button', { name: 'Add Card' }).click();
  await page.getByText(PAYMENT_MESSAGES.cardAdded).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

async function buy(page: Page, credits: number) {
  await nav(page, 'Buy Credits');
  await page.getByRole('button', { name: `Buy ${credits}`, exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Select Payment Method' })
    .getByRole('button', { name: 'Next' })
    .click();
  await page
    .getByRole('dialog', { name: 'Order Details' })
    .getByRole('button', { name: 'Confirm Payment' })
    .click();
}

const balance = (account: Account) =>
  api<{ creditBalance: number }>(server, '/api/api/user/credit', { token: account.token }).then(
    (b) => b.creditBalance,
  );

describe('credits and card payments in the sandbox', () => {
  it('adds a card, buys with 4242: header balance and history update', async () => {
    const { page, account } = await dashboard();
    await addCard(page, '4242 4242 4242 4242');
    await page.getByRole('article').or(page.getByLabel('Visa ending in 4242')).first().waitFor();
    await buy(page, 3);
    await page.getByText('Payment successful! 3 credits were added to your balance.').waitFor();
    await page.getByLabel('Credit balance: 3').waitFor();
    expect(await balance(account)).toBe(3);
    await nav(page, 'Purchase History');
    const table = page.getByRole('table', { name: 'Purchase History' });
    await table.getByRole('cell', { name: 'Completed' }).waitFor();
    await table.getByRole('cell', { name: '$15.00' }).waitFor();
  });

  it('completes and fails the 3-D Secure challenge of 4000002760003184', async () => {
    const { page, account } = await dashboard();
    await addCard(page, '4000002760003184');
    await buy(page, 1);
    const challenge = page.getByRole('dialog', { name: 'Verify your card' });
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByText('Payment successful! 1 credits were added to your balance.').waitFor();
    expect(await balance(account)).toBe(1);

    await buy(page, 1);
    await challenge.getByRole('button', { name: 'Fail authentication' }).click();
    await page.getByText(/^3D Secure verification failed: /).waitFor();
    await page
      .getByRole('dialog', { name: 'Order Details' })
      .getByRole('button', { name: 'Cancel Order' })
      .click();
    expect(await balance(account)).toBe(1);
  });

  it('shows the decline and insufficient funds messages of 0002 and 9995', async () => {
    const { page, account } = await dashboard();
    await addCard(page, '4000000000000002', 'Declined Card');
    await buy(page, 1);
    await page.getByText('Payment confirmation failed: Your card was declined.').waitFor();
    await page.getByRole('button', { name: 'Cancel Order' }).click();

    await nav(page, 'Payment Info');
    await page.getByLabel('Visa ending in 0002').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this card?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByLabel('Visa ending in 0002').waitFor({ state: 'detached' });

    await addCard(page, '4000000000009995', 'Poor Card');
    await buy(page, 1);
    await page
      .getByText('Payment confirmation failed: Your card has insufficient funds.')
      .waitFor();
    expect(await balance(account)).toBe(0);
  });

  it('keeps a payment awaiting verification as pending, checks it and cancels it; sets a default card', async () => {
    const { page } = await dashboard();
    await addCard(page, '4242424242424242', 'First Card');
    await addCard(page, '4000002760003184', 'Second Card');
    const second = page.getByLabel('Visa ending in 3184');
    await second.getByRole('button', { name: 'Set as default' }).click();
    await second.getByText('Default').waitFor();

    await buy(page, 1);
    await page
      .getByRole('dialog', { name: 'Verify your card' })
      .getByRole('button', { name: 'Later' })
      .click();
    await nav(page, 'Payment Info');
    const pending = page.getByText('Requires Additional Verification');
    await pending.waitFor();
    await page.getByRole('button', { name: 'Check Status' }).click();
    await page.getByText('This payment still needs additional verification.').waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText('The payment was canceled.').waitFor();
    await pending.waitFor({ state: 'detached' });
  });
});
