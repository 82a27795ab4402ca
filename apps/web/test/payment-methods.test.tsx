import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_MESSAGES } from '@vr/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AddPaymentMethodDialog } from '../src/features/dashboard/payments/AddPaymentMethodDialog.tsx';
import { STRIPE_LOAD_MESSAGES } from '../src/lib/stripe.ts';
import { setToken } from '../src/lib/token.ts';
import { jsonResponse, renderWithProviders, stubFetch } from './support.tsx';

beforeEach(() => setToken('token'));

function dialog() {
  const onAdded = vi.fn();
  renderWithProviders(
    <AddPaymentMethodDialog
      open
      email="ann@example.com"
      onClose={() => undefined}
      onAdded={onAdded}
    />,
  );
  return { onAdded, box: screen.getByRole('dialog', { name: 'Add Payment Method' }) };
}

const type = (box: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(box).getByLabelText(label), { target: { value } });

describe('Add Payment Method (sandbox card fields)', () => {
  it('enables Add Card only for a complete card, asks for the cardholder, and saves the card', async () => {
    const bodies: Record<string, unknown>[] = [];
    const { fetchMock } = stubFetch({
      '/api/api/stripe-credit/config': () =>
        jsonResponse({ provider: 'sandbox', publishableKey: null }),
    });
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/stripe-credit/config'))
        return jsonResponse({ provider: 'sandbox', publishableKey: null });
      bodies.push({ url, ...(JSON.parse(String(init?.body)) as object) });
      if (url.endsWith('/sandbox/payment-methods')) {
        return jsonResponse({
          id: 'pm_1',
          brand: 'visa',
          last4: '4242',
          expMonth: 12,
          expYear: 2031,
        });
      }
      return jsonResponse({ success: true, data: {} });
    });
    const { onAdded, box } = dialog();
    expect(within(box).getByLabelText('Email (optional)')).toHaveProperty(
      'value',
      'ann@example.com',
    );
    const add = within(box).getByRole('button', { name: 'Add Card' });
    expect(add).toHaveProperty('disabled', true);
    type(box, 'Card number', '4242424242424242');
    expect(within(box).getByLabelText('Card number')).toHaveProperty(
      'value',
      '4242 4242 4242 4242',
    );
    type(box, 'Expiry', '1231');
    type(box, 'CVC', '123');
    expect(add).toHaveProperty('disabled', true);
    type(box, 'ZIP', '94110');
    expect(add).toHaveProperty('disabled', false);
    fireEvent.click(add);
    expect(await within(box).findByText(PAYMENT_MESSAGES.cardholderRequired)).toBeTruthy();
    type(box, /^Cardholder name/, ' Ann Lee ');
    fireEvent.click(add);
    expect(await screen.findByText(PAYMENT_MESSAGES.cardAdded)).toBeTruthy();
    expect(onAdded).toHaveBeenCalled();
    expect(bodies[0]).toMatchObject({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2031,
      cvc: '123',
      billingDetails: { name: 'Ann Lee', email: 'ann@example.com' },
    });
    expect(bodies[0]).not.toHaveProperty('billingDetails.address');
    expect(bodies[1]).toMatchObject({
      paymentMethodId: 'pm_1',
      cardBrand: 'visa',
      last4: '4242',
      expMonth: '12',
      expYear: '2031',
      isDefault: false,
    });
  });

  it("shows the gateway's refusal of a card", async () => {
    stubFetch({
      '/api/api/stripe-credit/config': () =>
        jsonResponse({ provider: 'sandbox', publishableKey: null }),
      '/api/api/sandbox/payment-methods': () =>
        jsonResponse({ message: 'Your card number is incorrect.' }, 400),
    });
    const { box } = dialog();
    type(box, /^Cardholder name/, 'Ann');
    type(box, 'Card number', '4242424242424241');
    type(box, 'Expiry', '1231');
    type(box, 'CVC', '123');
    type(box, 'ZIP', '94110');
    fireEvent.click(within(box).getByRole('button', { name: 'Add Card' }));
    expect(await within(box).findByText('Your card number is incorrect.')).toBeTruthy();
  });
});

describe('Add Payment Method (stripe mode)', () => {
  it("uses Stripe's card element, and says so when Stripe.js cannot load", async () => {
    stubFetch({
      '/api/api/stripe-credit/config': () =>
        jsonResponse({ provider: 'stripe', publishableKey: 'pk_test_1' }),
    });
    const append = vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      for (const node of nodes) {
        if (node instanceof HTMLScriptElement)
          queueMicrotask(() => node.onerror?.(new Event('error')));
      }
    });
    const { box } = dialog();
    expect(await within(box).findByText(STRIPE_LOAD_MESSAGES.failed)).toBeTruthy();
    expect(append).toHaveBeenCalled();
    const script = append.mock.calls[0]?.[0] as HTMLScriptElement;
    expect(script.src).toBe('https://js.stripe.com/v3/');
    expect(within(box).queryByLabelText('Card number')).toBeNull();
    await waitFor(() =>
      expect(within(box).getByRole('button', { name: 'Add Card' })).toHaveProperty(
        'disabled',
        true,
      ),
    );
  });
});
