import { PROBLEM_MESSAGES, PROBLEM_OUTCOME_TEXTS } from '@vr/contracts';
import { describe, expect, it } from 'vitest';
import { api, buyCredits, createAccount, creditBalance } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { DESKTOP, MOBILE } from '../support/browser.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { useBrowserSuite } from '../support/suite.ts';

const ADMIN_EMAIL = 'answers@example.com';
/** The sandbox's salvage-then-rebuilt story. */
const VIN = '1FTFW1ET9DFC10312';
const WORDS = 'The 2019 salvage title is not this truck: I have its clean title from that year.';
const REPLY = 'You are right: that record belongs to another vehicle. Your credit is back.';

const suite = useBrowserSuite({ ADMIN_EMAILS: ADMIN_EMAIL });

/** A mail's text with quoted-printable soft line breaks undone. */
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('report a problem', () => {
  it('goes from the customer to the admin and back: answered, refunded, the report still readable', async () => {
    const admin = await createAccount(suite.server, suite.inbox, ADMIN_EMAIL);
    const customer = await createAccount(suite.server, suite.inbox, 'reporter@example.com');
    expect(await buyCredits(suite.server, customer.token)).toBe('succeeded');
    const order = await api<{ id: string }>(suite.server, '/api/api/report-orders', {
      token: customer.token,
      body: { vin: VIN },
    });
    await suite.inbox.nextMatching(customer.email, /report is ready/);
    const paid = await creditBalance(suite.server, customer);

    // The customer reports the problem from the order in My VIN Lookups.
    const page = await suite.signedIn(customer, '/dashboard');
    await page
      .getByRole('button', { name: `Report a problem with the report for VIN ${VIN}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    await dialog.getByLabel('A record that is not this vehicle').check();
    await dialog.getByLabel('Describe what is wrong').fill(WORDS);
    await saveScreenshot(page, 'problem-dialog');
    await expectAccessible(page, 'Report a problem');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText(PROBLEM_MESSAGES.received).waitFor();
    await page.getByText('Problem reported: Open').waitFor();
    await saveScreenshot(page, 'problem-open');
    const receipt = unfolded(
      (await suite.inbox.nextMatching(customer.email, /received your problem report/)).raw,
    );
    expect(receipt).toContain(order.id);

    // The admin finds it in the Problems tab, beside the order, and answers with a refund.
    const mobileAdmin = await suite.signedIn(admin, '/admin', MOBILE);
    await mobileAdmin.getByRole('tab', { name: /^Problems/ }).click();
    await mobileAdmin.getByText(WORDS).waitFor();
    await saveScreenshot(mobileAdmin, 'admin-problems');
    const desk = await suite.signedIn(admin, '/admin', DESKTOP);
    await desk.getByRole('tab', { name: 'Problems (1)' }).click();
    const card = desk.getByRole('region', { name: /^Problem / });
    await card.getByText(WORDS).waitFor();
    await card.getByText(`Order ${order.id}`).waitFor();
    await card.getByLabel('Reply to the customer').fill(REPLY);
    await card.getByLabel('Refund the credit').check();
    await saveScreenshot(desk, 'admin-problems');
    await expectAccessible(desk, 'the Problems tab');
    await card.getByRole('button', { name: 'Send answer' }).click();
    await desk.getByText(PROBLEM_MESSAGES.resolved('refund')).waitFor();
    await desk.getByRole('tab', { name: 'Problems (0)' }).waitFor();

    const answer = unfolded(
      (await suite.inbox.nextMatching(customer.email, /answered your problem report/)).raw,
    );
    expect(answer).toContain('belongs to another vehicle');
    expect(await creditBalance(suite.server, customer)).toBe(paid + 1);

    // The customer sees the answer, the refund and the credit back, and still reads the report.
    for (const viewport of [DESKTOP, MOBILE]) {
      const mine = await suite.signedIn(customer, '/dashboard', viewport);
      await mine.getByText('Problem reported: Answered').waitFor();
      await mine.getByText(REPLY).waitFor();
      await mine.getByText(PROBLEM_OUTCOME_TEXTS.refund).waitFor();
      await mine.getByText('Refunded', { exact: true }).waitFor();
      await saveScreenshot(mine, 'problem-answered');
      await expectAccessible(mine, `the answered problem at ${viewport.width} px`);
      if (viewport === DESKTOP) {
        await mine.getByRole('link', { name: 'View Report' }).click();
        await mine.getByRole('heading', { name: 'Summary' }).waitFor();
        await mine.getByText(VIN).first().waitFor();
        // The report's page tells the same answer, and offers no second report of a problem.
        await mine.getByText('Problem reported: Answered').waitFor();
        expect(await mine.getByRole('button', { name: 'Report a problem' }).count()).toBe(0);
        expect(await mine.getByRole('button', { name: 'Create share link' }).count()).toBe(0);
        await saveScreenshot(mine, 'problem-report-page');
      }
    }
  });
});
