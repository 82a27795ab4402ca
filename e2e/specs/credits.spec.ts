import { CARD_FIELD_MESSAGES, PAYMENT_MESSAGES } from '@vr/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, creditBalance, type Account } from '../support/accounts.ts';
import { MOBILE } from '../support/browser.ts';
import { buyPackageInDashboard } from '../support/dialogs.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { useBrowserSuite } from '../support/suite.ts';

const suite = useBrowserSuite();
let counter = 0;

async function dashboard(): Promise<{ page: Page; account: Account }> {
  counter += 1;
  const account = await createAccount(suite.server, suite.inbox, `buyer${counter}@example.com`);
  const page = await suite.signedIn(account, '/dashboard');
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
  await dialog.getByLabel('Postal code').fill('94110');
  await dialog.getByRole('button', { name: 'Add Card' }).click();
  // The previous card's toast may still show: the dialog closing is this card's saving.
  await page.getByText(PAYMENT_MESSAGES.cardAdded).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

async function buy(page: Page, credits: number) {
  await nav(page, 'Buy Credits');
  await buyPackageInDashboard(page, credits);
}

const balance = (account: Account) => creditBalance(suite.server, account);

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
    await page.getByText('Payment successful! 1 credit was added to your balance.').waitFor();
    expect(await balance(account)).toBe(1);

    await buy(page, 1);
    await challenge.getByRole('button', { name: 'Fail authentication' }).click();
    const refused = page.getByRole('dialog', { name: 'Payment not completed' });
    await refused.getByText(/^3D Secure verification failed: /).waitFor();
    await refused.getByRole('button', { name: 'Close' }).click();
    expect(await balance(account)).toBe(1);
  });

  it('shows the decline and insufficient funds messages of 0002 and 9995', async () => {
    const { page, account } = await dashboard();
    await addCard(page, '4000000000000002', 'Declined Card');
    await buy(page, 1);
    const refused = page.getByRole('dialog', { name: 'Payment not completed' });
    await refused.getByText('Payment confirmation failed: Your card was declined.').waitFor();
    // The dialog offers another card; the only one here is the declined card.
    await refused.getByRole('button', { name: 'Use another card' }).click();
    await page
      .getByRole('dialog', { name: 'Select Payment Method' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await nav(page, 'Purchase History');
    const history = page.getByRole('table', { name: 'Purchase History' });
    await history.getByRole('cell', { name: 'Declined Your card was declined.' }).waitFor();

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

  it('keeps a payment awaiting verification across a reload and completes its verification later', async () => {
    const { page, account } = await dashboard();
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
    await buy(page, 3);
    await page
      .getByRole('dialog', { name: 'Verify your card' })
      .getByRole('button', { name: 'Later' })
      .click();

    await page.reload();
    await nav(page, 'Payment Info');
    const one = page.getByRole('group', {
      name: /^1 Vehicle Report Credit.*Awaiting verification$/,
    });
    const three = page.getByRole('group', {
      name: /^3 Vehicle Report Credits.*Awaiting verification$/,
    });
    await one.getByRole('button', { name: 'Check Status' }).click();
    await page.getByText(PAYMENT_MESSAGES.stillNeedsVerification).waitFor();
    await one.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText(PAYMENT_MESSAGES.paymentCanceled).waitFor();
    await one.waitFor({ state: 'detached' });

    await three.getByRole('button', { name: 'Complete verification' }).click();
    await page
      .getByRole('dialog', { name: 'Verify your card' })
      .getByRole('button', { name: 'Complete authentication' })
      .click();
    await page.getByText(PAYMENT_MESSAGES.paymentSucceeded).waitFor();
    await three.waitFor({ state: 'detached' });
    expect(await balance(account)).toBe(3);

    await nav(page, 'Purchase History');
    const history = page.getByRole('table', { name: 'Purchase History' });
    await history.getByRole('cell', { name: 'Completed' }).waitFor();
    await history.getByRole('cell', { name: 'Canceled' }).waitFor();
    await saveScreenshot(page, 'purchase-history');
    // On a phone the history is a list of cards with the same labels.
    await page.setViewportSize(MOBILE);
    await page.getByText('Awaiting verification').or(page.getByText('Canceled')).first().waitFor();
    await page.getByText('Completed', { exact: true }).waitFor();
    await saveScreenshot(page, 'purchase-history');
  });

  it('names what is wrong with a card field when the customer leaves it', async () => {
    const { page } = await dashboard();
    await nav(page, 'Payment Info');
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4241');
    await dialog.getByLabel('Expiry').fill('0120');
    await dialog.getByLabel('CVC').fill('12');
    await dialog.getByLabel('Postal code').focus();
    await dialog.getByText(CARD_FIELD_MESSAGES.numberInvalid).waitFor();
    await dialog.getByText(CARD_FIELD_MESSAGES.expiryPast).waitFor();
    await dialog.getByText(CARD_FIELD_MESSAGES.cvcIncomplete).waitFor();
    expect(await dialog.getByRole('button', { name: 'Add Card' }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'card-form-errors');
    await page.setViewportSize(MOBILE);
    await dialog.getByText(CARD_FIELD_MESSAGES.expiryPast).waitFor();
    await saveScreenshot(page, 'card-form-errors');
  });
});
