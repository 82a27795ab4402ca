import { CREDITS_NEVER_EXPIRE, USED_CREDITS_REFUNDS } from '@vr/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE } from '../support/browser.ts';
import { useBrowserSuite } from '../support/suite.ts';

const suite = useBrowserSuite();

/** The label/value pairs of a definition list, e.g. the Vehicle Found fields. */
async function fields(scope: Locator): Promise<Record<string, string>> {
  const terms = await scope.locator('dt').allTextContents();
  const values = await scope.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((term, i) => [term, values[i] ?? '']));
}

async function searchVin(page: Page, vin: string): Promise<void> {
  await page.getByRole('textbox', { name: 'VIN' }).fill(vin);
  await page.getByRole('button', { name: 'Search' }).click();
}

describe('landing page', () => {
  it('renders the header anchors, the search tabs and the pricing from the catalog', async () => {
    const page = await suite.open('/');
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const name of ['Home', 'Services', 'Pricing', 'Sample Data', 'Contact']) {
      await nav.getByRole('link', { name, exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();

    const search = page.getByRole('search', { name: 'Vehicle search' });
    expect(await search.getAttribute('data-layout')).toBe('desktop');
    await search.getByRole('tab', { name: 'VIN Search' }).waitFor();
    await search.getByRole('tab', { name: 'License Plate' }).waitFor();

    const pricing = page.getByRole('region', { name: 'Simple prepaid credits' });
    await pricing.getByText('from $3.50').waitFor();
    const cards = pricing.getByRole('article');
    await cards.nth(5).waitFor();
    expect(await cards.count()).toBe(6);
    const popular = pricing.getByRole('article', { name: '10 Lookups, $45.00' });
    expect(await popular.textContent()).toContain('POPULAR');
    expect(await popular.textContent()).toContain('$4.50 per lookup');
    expect(await popular.textContent()).toContain('Save 44%');
    const largest = await pricing
      .getByRole('article', { name: '100 Lookups, $350.00' })
      .textContent();
    expect(largest).toContain('$3.50 per lookup');

    await page.getByRole('button', { name: 'Sign In & Get Lookup' }).waitFor();
    const contact = page.getByRole('link', { name: 'support@localhost' });
    expect(await contact.getAttribute('href')).toBe('mailto:support@localhost');
    expect(await page.title()).toBe('Vehicle Records');
  });

  it('decodes a real VIN into the Vehicle Found modal; closing clears the VIN', async () => {
    const page = await suite.open('/');
    const vin = page.getByRole('textbox', { name: 'VIN' });
    await vin.fill('1hgcm82633a004352');
    expect(await vin.inputValue()).toBe('1HGCM82633A004352');
    await page.getByRole('button', { name: 'Search' }).click();

    const dialog = page.getByRole('dialog', { name: 'Vehicle Found' });
    await dialog.waitFor();
    await dialog.getByText('2003 HONDA Accord').waitFor();
    expect(await fields(dialog)).toEqual({
      VIN: '1HGCM82633A004352',
      Year: '2003',
      Make: 'HONDA',
      Model: 'Accord',
      Engine: '6 cyl J30A4',
      Transmission: 'Unknown',
      'Body Class': 'Coupe',
      'Fuel Type': 'Gasoline',
    });
    expect(await dialog.textContent()).toContain('from $3.50');
    await dialog.getByRole('button', { name: 'Sign In for Lookup' }).waitFor();

    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await vin.inputValue()).toBe('');

    await searchVin(page, 'KM8K2CAB4PU001140');
    await dialog.getByText('2023 HYUNDAI Kona').waitFor();
    const kona = await fields(dialog);
    expect(kona).toMatchObject({
      Year: '2023',
      Make: 'HYUNDAI',
      Model: 'Kona',
      Engine: '2.0L 4 cyl MPI Nu PE',
      'Body Class': 'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)',
      'Fuel Type': 'Gasoline',
    });
  });

  it('shows the decode error for a bad VIN and clears it on typing', async () => {
    const page = await suite.open('/');
    const search = page.getByRole('button', { name: 'Search' });
    await page.getByRole('textbox', { name: 'VIN' }).fill('1HGCM82635A00435');
    expect(await search.isDisabled()).toBe(true);
    // Position 9 should be 3: the check digit is wrong.
    await searchVin(page, '1HGCM82635A004352');
    const error = page.getByRole('alert').filter({ hasText: 'check digit' });
    await error.waitFor();
    expect(await error.textContent()).toBe(
      'The 9th character (check digit) does not match: please check the VIN.',
    );
    const vin = page.getByRole('textbox', { name: 'VIN' });
    await vin.press('End');
    await vin.press('Backspace');
    await error.waitFor({ state: 'detached' });
    expect(await vin.inputValue()).toBe('1HGCM82635A00435');
  });

  it('asks a signed-out visitor to sign in for a plate search', async () => {
    const page = await suite.open('/');
    await page.getByRole('tab', { name: 'License Plate' }).click();
    const submit = page.getByRole('button', { name: 'Search' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'State' }).selectOption('TX');
    await page.getByRole('textbox', { name: 'License Plate' }).fill('abc1234');
    expect(await page.getByRole('textbox', { name: 'License Plate' }).inputValue()).toBe('ABC1234');
    await submit.click();
    await page.getByRole('dialog', { name: 'Welcome Back' }).waitFor();
  });

  it('opens and closes the Terms of Service', async () => {
    const page = await suite.open('/');
    await page.getByRole('button', { name: 'Terms of Service' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms of Service' });
    await terms.waitFor();
    expect(await terms.locator('ol > li').count()).toBe(10);
    const text = (await terms.textContent()) ?? '';
    expect(text).toContain(CREDITS_NEVER_EXPIRE);
    expect(text).toContain(USED_CREDITS_REFUNDS);
    expect(text).toContain('the credit is returned to your account automatically');
    expect(text).toContain('compiles publicly accessible vehicle data');
    expect(text).toContain('not affiliated with');
    await terms.getByRole('button', { name: 'I Understand' }).click();
    await terms.waitFor({ state: 'hidden' });
  });

  it('opens the sample data, clearly labelled as sample', async () => {
    const page = await suite.open('/');
    await page.getByRole('button', { name: 'View Sample Data' }).click();
    const sample = page.getByRole('dialog', { name: 'Sample Vehicle History Data' });
    await sample.getByText('Sample data for illustration only', { exact: false }).waitFor();
    // The sample report is the real layout: a PDF the server renders from sandbox records.
    const link = sample.getByRole('link', { name: 'Open Sample Report (PDF)' });
    const pdf = await page.request.get(
      new URL((await link.getAttribute('href'))!, page.url()).href,
    );
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.keyboard.press('Escape');
    await sample.waitFor({ state: 'hidden' });
  });

  it('shows the search in the mobile card at 390 px wide', async () => {
    const page = await suite.open('/', MOBILE);
    const card = page.getByRole('search', { name: 'Vehicle search' });
    await card.waitFor();
    expect(await card.getAttribute('data-layout')).toBe('mobile');
    await card.getByRole('tab', { name: 'VIN Search' }).waitFor();
    await card.getByRole('tab', { name: 'License Plate' }).waitFor();
    const submit = card.getByRole('button', { name: 'Search' });
    await card.getByRole('textbox', { name: 'VIN' }).fill('KM8K2CAB4PU00114');
    expect(await submit.isDisabled()).toBe(true);
    await card.getByRole('textbox', { name: 'VIN' }).press('0');
    expect(await submit.isDisabled()).toBe(false);

    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(MOBILE.width);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Pricing' })
      .waitFor();
  });

  it('loads the first paint without zod and without MUI (decisions 0015 and 0027)', async () => {
    const html = await (await fetch(`${suite.server.url}/`)).text();
    const scripts = [
      ...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.js)"/g),
    ].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const path of scripts) {
      const code = await (await fetch(`${suite.server.url}${path}`)).text();
      // zod 4 keeps its internals under `_zod`; MUI styles through emotion.
      expect(code.includes('_zod'), `${path} holds zod`).toBe(false);
      expect(code.includes('emotion'), `${path} holds MUI's styling`).toBe(false);
    }
  });
});
