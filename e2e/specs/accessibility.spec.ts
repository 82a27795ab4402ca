import { beforeAll, describe, it } from 'vitest';
import { api, buyCredits, createAccount, type Account } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { useBrowserSuite } from '../support/suite.ts';

const ADMIN_EMAIL = 'a11y-admin@example.com';
const suite = useBrowserSuite({ ADMIN_EMAILS: ADMIN_EMAIL });

let customer: Account;
let admin: Account;
beforeAll(async () => {
  [customer, admin] = await Promise.all([
    createAccount(suite.server, suite.inbox, 'a11y-customer@example.com'),
    createAccount(suite.server, suite.inbox, ADMIN_EMAIL),
  ]);
  await buyCredits(suite.server, customer.token);
});

describe('accessibility (axe-core: no serious or critical violation)', () => {
  it('the landing page and its dialogs', async () => {
    const page = await suite.open('/');
    await page.getByRole('button', { name: 'Search' }).waitFor();
    await expectAccessible(page, 'the landing page');

    await page.getByRole('button', { name: 'Terms of Service' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms of Service' });
    await terms.waitFor();
    await expectAccessible(page, 'Terms of Service');
    await terms.getByRole('button', { name: 'I Understand' }).click();

    await page.getByRole('button', { name: 'View Sample Data' }).click();
    const sample = page.getByRole('dialog', { name: 'Sample Vehicle History Data' });
    await sample.waitFor();
    await expectAccessible(page, 'Sample Vehicle History Data');
    await page.keyboard.press('Escape');
    await sample.waitFor({ state: 'detached' });

    await page.getByRole('textbox', { name: 'VIN' }).fill('1HGCM82633A004352');
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('dialog', { name: 'Vehicle Found' });
    await found.waitFor();
    await expectAccessible(page, 'Vehicle Found');
    await page.keyboard.press('Escape');
    await found.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('dialog', { name: 'Welcome Back' }).waitFor();
    await expectAccessible(page, 'the sign-in dialog');
  });

  it('the dashboard sections and their dialogs', async () => {
    const page = await suite.signedIn(customer, '/dashboard');
    const nav = (name: string) =>
      page
        .getByRole('navigation', { name: 'Dashboard sections' })
        .getByRole('button', { name })
        .click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expectAccessible(page, 'VIN Records');

    await nav('Recall Alerts');
    await page.getByRole('heading', { name: 'Recall Alerts' }).waitFor();
    await expectAccessible(page, 'Recall Alerts');

    await nav('Payment Info');
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await page.getByRole('dialog', { name: 'Add Payment Method' }).waitFor();
    await expectAccessible(page, 'Add Payment Method');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expectAccessible(page, 'Payment Info');

    await nav('Buy Credits');
    await page.getByRole('button', { name: 'Buy 3', exact: true }).click();
    await page.getByRole('dialog', { name: 'Select Payment Method' }).waitFor();
    await expectAccessible(page, 'Select Payment Method');
    await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
    await page.getByRole('dialog', { name: 'Order Details' }).waitFor();
    await expectAccessible(page, 'Order Details');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectAccessible(page, 'Buy Credits');

    await nav('Purchase History');
    await page.getByRole('table', { name: 'Purchase History' }).waitFor();
    await expectAccessible(page, 'Purchase History');
  });

  it('the admin tabs and the upload dialog', async () => {
    await buyCredits(suite.server, customer.token);
    await api(suite.server, '/api/api/report-orders', {
      token: customer.token,
      body: { vin: '1HGCM82633A004352', vehicle: '2003 HONDA Accord' },
    });
    const page = await suite.signedIn(admin, '/admin');
    await page.getByRole('heading', { name: 'Vehicle Records Admin Dashboard' }).waitFor();
    await page.getByRole('table', { name: 'All Users' }).waitFor();
    await expectAccessible(page, 'User Management');
    for (const tab of ['Credit Purchases', 'Report Orders', 'License Plate Test']) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await page.getByRole('tabpanel').waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, tab);
    }
    await page.getByRole('tab', { name: /^Report Orders/ }).click();
    await page
      .getByRole('button', { name: /^Upload report for order / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Upload Report' }).waitFor();
    await expectAccessible(page, 'Upload Report');
  });
});
