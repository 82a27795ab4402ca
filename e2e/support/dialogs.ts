import type { Page } from 'playwright-core';
import { PASSWORD } from './accounts.ts';

/**
 * From the open Welcome Back dialog, fills and sends the registration form; resolves at the
 * Verify Email step with the dialog.
 */
export async function startRegistration(page: Page, email: string, fullName = 'Ann Marie Lee') {
  const signIn = page.getByRole('dialog', { name: 'Welcome Back' });
  await signIn.getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Full name').fill(fullName);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify Email' });
  await verify.getByText(`Enter the 6-digit code sent to ${email}`).waitFor();
  return verify;
}

/** On Buy Credits, buys the package of `credits` with the default card, through both dialogs. */
export async function buyPackageInDashboard(page: Page, credits: number) {
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
