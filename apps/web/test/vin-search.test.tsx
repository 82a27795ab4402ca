import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOOKUP_MESSAGES } from '@vr/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../src/app/SessionProvider.tsx';
import { LandingPage } from '../src/features/landing/LandingPage.tsx';
import { toVinInput } from '../src/components/lookup/VinSearchForm.tsx';
import { setToken } from '../src/lib/token.ts';
import {
  CATALOG,
  jsonResponse,
  renderWithProviders,
  setSignedInFlag,
  stubFetch,
  vpic,
} from './support.tsx';

const HONDA = '1HGCM82633A004352';

function landing(decode: (path: string) => Response | Promise<Response>) {
  const stub = stubFetch({
    '/api/api/stripe-credit/credit-packages': () =>
      jsonResponse({ success: true, packages: CATALOG }),
    '/api/vehicles/DecodeVinValues/': decode,
  });
  renderWithProviders(<LandingPage />);
  const input = screen.getByLabelText('VIN');
  const button = screen.getByRole('button', { name: 'Search' });
  return { stub, input: input as HTMLInputElement, button: button as HTMLButtonElement };
}

describe('VIN input rules', () => {
  it('upper-cases, drops spaces and keeps at most 17 characters', () => {
    expect(toVinInput('1hgcm82633a004352')).toBe(HONDA);
    expect(toVinInput(' 1HGCM 82633A004352 ')).toBe(HONDA);
    expect(toVinInput(`${HONDA}XYZ`)).toBe(HONDA);
  });

  it('forces upper case while typing and stops at 17 characters', async () => {
    const user = userEvent.setup();
    const { input } = landing(() => jsonResponse(vpic(null)));
    await user.type(input, 'km8k2cab4pu001140abc');
    expect(input.value).toBe('KM8K2CAB4PU001140');
    expect(input.maxLength).toBe(17);
  });

  it('enables Search only at exactly 17 characters', async () => {
    const user = userEvent.setup();
    const { input, button } = landing(() => jsonResponse(vpic(null)));
    expect(button.disabled).toBe(true);
    await user.type(input, HONDA.slice(0, 16));
    expect(button.disabled).toBe(true);
    await user.type(input, HONDA.slice(16));
    expect(button.disabled).toBe(false);
    await user.type(input, '{Backspace}');
    expect(button.disabled).toBe(true);
  });
});

describe('VIN decode messages', () => {
  async function searchWith(decode: (path: string) => Response | Promise<Response>) {
    const user = userEvent.setup();
    const ctx = landing(decode);
    await user.type(ctx.input, HONDA);
    await user.click(ctx.button);
    return { user, ...ctx };
  }

  it("says vPIC's error as a person would when ErrorCode is not 0", async () => {
    await searchWith(() =>
      jsonResponse(
        vpic({
          ErrorCode: '1',
          ErrorText: '1 - Check Digit (9th position) does not calculate properly',
        }),
      ),
    );
    expect(
      await screen.findByText(
        'The 9th character (check digit) does not match: please check the VIN.',
      ),
    ).toBeTruthy();
  });

  it("keeps vPIC's text for a code it has no words for", async () => {
    await searchWith(() =>
      jsonResponse(vpic({ ErrorCode: '99', ErrorText: '99 - Something new' })),
    );
    expect(await screen.findByText('99 - Something new')).toBeTruthy();
  });

  it("falls back to 'Invalid VIN number' without error text", async () => {
    await searchWith(() => jsonResponse(vpic({ ErrorCode: '99', ErrorText: '' })));
    expect(await screen.findByText('Invalid VIN number')).toBeTruthy();
  });

  it('names the first problem it has words for among several codes', async () => {
    await searchWith(() =>
      jsonResponse(vpic({ ErrorCode: '8,400', ErrorText: '8 - ...; 400 - ...' })),
    );
    expect(
      await screen.findByText(
        'The VIN contains characters a VIN never has (such as I, O or Q): please check it.',
      ),
    ).toBeTruthy();
  });

  it('says so when there are no results', async () => {
    await searchWith(() => jsonResponse(vpic(null)));
    expect(await screen.findByText(LOOKUP_MESSAGES.noResults)).toBeTruthy();
  });

  it('reports a non-OK answer with its status', async () => {
    await searchWith(() => jsonResponse({ message: 'boom' }, 503, 'Service Unavailable'));
    expect(await screen.findByText('NHTSA API request failed: 503')).toBeTruthy();
  });

  it('shows the network message when the request fails', async () => {
    await searchWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByText(LOOKUP_MESSAGES.decodeNetwork)).toBeTruthy();
  });

  it('clears the error when the visitor types', async () => {
    const { user, input } = await searchWith(() => jsonResponse(vpic(null)));
    await screen.findByText(LOOKUP_MESSAGES.noResults);
    await user.type(input, '{Backspace}');
    expect(screen.queryByText(LOOKUP_MESSAGES.noResults)).toBeNull();
  });

  it('opens Vehicle Found with Unknown for missing fields; closing clears the VIN', async () => {
    const { user, input } = await searchWith(() =>
      jsonResponse(
        vpic({
          ErrorCode: '0',
          ErrorText: '0 - VIN decoded clean. Check Digit (9th position) is correct',
          Make: 'HONDA',
          Model: 'Accord',
          ModelYear: '2003',
          DisplacementL: '3.0',
          EngineCylinders: '6',
          EngineModel: 'J30A4',
          TransmissionStyle: '',
          BodyClass: 'Coupe',
          FuelTypePrimary: 'Gasoline',
        }),
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Vehicle Found' });
    expect(dialog.textContent).toContain('2003 HONDA Accord');
    expect(dialog.textContent).toContain(HONDA);
    expect(dialog.textContent).toContain('3.0L 6 cyl J30A4');
    expect(dialog.textContent).toContain('TransmissionUnknown');
    expect(dialog.textContent).toContain('Coupe');
    expect(dialog.textContent).toContain('Gasoline');
    expect(dialog.textContent).toContain('from $3.50');
    expect(screen.getByRole('button', { name: 'Sign In for Lookup' })).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(input.value).toBe('');
  });
});

describe('License Plate tab', () => {
  afterEach(() => setToken(null));

  it('needs a state and a plate, upper-cases the plate, and opens the sign-in dialog', async () => {
    const user = userEvent.setup();
    landing(() => jsonResponse(vpic(null)));
    await user.click(screen.getByRole('tab', { name: 'License Plate' }));
    const submit = screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement;
    const plate = screen.getByRole('textbox', { name: 'License Plate' }) as HTMLInputElement;
    expect(submit.disabled).toBe(true);
    await user.type(plate, 'abc1234xyz99');
    expect(plate.value).toBe('ABC1234XYZ');
    expect(submit.disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('State'), 'CA');
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('lists the 50 states plus DC by code', () => {
    landing(() => jsonResponse(vpic(null)));
    return userEvent
      .setup()
      .click(screen.getByRole('tab', { name: 'License Plate' }))
      .then(() => {
        const select = screen.getByLabelText('State') as HTMLSelectElement;
        const codes = [...select.options].map((o) => o.value).filter(Boolean);
        expect(codes).toHaveLength(51);
        expect(codes).toContain('DC');
        expect(select.querySelector('option[value="CA"]')?.textContent).toBe('CA — California');
      });
  });

  it('tells a signed-in customer over the hourly quota what the limit is and when to retry', async () => {
    setSignedInFlag();
    const message = LOOKUP_MESSAGES.plateUserQuota(30, 720);
    stubFetch({
      '/api/api/stripe-credit/credit-packages': () =>
        jsonResponse({ success: true, packages: CATALOG }),
      '/api/api/auth/refresh': () =>
        jsonResponse({
          token: 'tok-1',
          user: {
            id: 'u1',
            email: 'ann@example.com',
            firstName: 'Ann',
            lastName: 'Lee',
            role: 'USER',
          },
        }),
      '/api/api/license-plate/search/': () =>
        new Response(JSON.stringify({ message, retryAfterSeconds: 720 }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '720' },
        }),
    });
    renderWithProviders(
      <SessionProvider>
        <LandingPage />
      </SessionProvider>,
    );
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Dashboard' });
    await user.click(screen.getByRole('tab', { name: 'License Plate' }));
    await user.selectOptions(screen.getByLabelText('State'), 'CA');
    await user.type(screen.getByRole('textbox', { name: 'License Plate' }), '7ABC123');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(message).toContain('limit of 30 plate searches an hour');
    expect(message).toContain('Please try again in 12 minutes.');
  });
});
