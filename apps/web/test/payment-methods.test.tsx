import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CARD_FIELD_MESSAGES, PAYMENT_MESSAGES } from '@vr/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AddPaymentMethodDialog } from '../src/features/payments/AddPaymentMethodDialog.tsx';
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
    let answerGateway = () => undefined as void;
    const gatewayAnswered = new Promise<void>((resolve) => (answerGateway = resolve));
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/stripe-credit/config'))
        return jsonResponse({ provider: 'sandbox', publishableKey: null });
      bodies.push({ url, ...(JSON.parse(String(init?.body)) as object) });
      if (url.endsWith('/sandbox/payment-methods')) {
        await gatewayAnswered;
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
    type(box, 'Postal code', '94110');
    expect(add).toHaveProperty('disabled', false);
    fireEvent.click(add);
    expect(await within(box).findByText(PAYMENT_MESSAGES.cardholderRequired)).toBeTruthy();
    type(box, /^Cardholder name/, ' Ann Lee ');
    await waitFor(() =>
      expect(within(box).queryByText(PAYMENT_MESSAGES.cardholderRequired)).toBeNull(),
    );
    fireEvent.click(add);
    // While the gateway works, neither Add Card nor Cancel can be pressed.
    const processing = await within(box).findByRole('button', { name: 'Processing...' });
    expect(processing).toHaveProperty('disabled', true);
    expect(within(box).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    answerGateway();
    expect(await screen.findByText(PAYMENT_MESSAGES.cardAdded)).toBeTruthy();
    // Saved: the button stays disabled until the dialog closes.
    expect(within(box).getByRole('button', { name: 'Add Card' })).toHaveProperty('disabled', true);
    expect(onAdded).toHaveBeenCalled();
    expect(bodies[0]).toMatchObject({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2031,
      cvc: '123',
      billingDetails: { name: 'Ann Lee', email: 'ann@example.com' },
    });
    expect(bodies[0]).toMatchObject({
      billingDetails: { address: { postal_code: '94110', country: 'US' } },
    });
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
    type(box, 'Card number', '4000000000000002');
    type(box, 'Expiry', '1231');
    type(box, 'CVC', '123');
    type(box, 'Postal code', '94110');
    fireEvent.click(within(box).getByRole('button', { name: 'Add Card' }));
    expect(await within(box).findByText('Your card number is incorrect.')).toBeTruthy();
  });
});

describe('Add Payment Method: inline card errors', () => {
  it('names what is wrong with a field when the customer leaves it, and only then', async () => {
    stubFetch({
      '/api/api/stripe-credit/config': () =>
        jsonResponse({ provider: 'sandbox', publishableKey: null }),
    });
    const { box } = dialog();
    const leave = (label: string, value: string) => {
      type(box, label, value);
      fireEvent.blur(within(box).getByLabelText(label));
    };
    // Each message appears, and goes once the field is right: the checks run as the form validates.
    const shown = (text: string) => within(box).findByText(text);
    const gone = (text: string) => waitFor(() => expect(within(box).queryByText(text)).toBeNull());
    type(box, 'Card number', '4242424242424241');
    type(box, 'Expiry', '0120');
    await waitFor(() =>
      expect(within(box).getByLabelText('Card number')).toHaveProperty(
        'value',
        '4242 4242 4242 4241',
      ),
    );
    expect(within(box).queryByText(CARD_FIELD_MESSAGES.numberInvalid)).toBeNull();
    expect(within(box).queryByText(CARD_FIELD_MESSAGES.expiryPast)).toBeNull();
    fireEvent.blur(within(box).getByLabelText('Card number'));
    expect(await shown(CARD_FIELD_MESSAGES.numberInvalid)).toBeTruthy();
    // Only the field left shows its message; the expiry, not yet left, does not.
    expect(within(box).queryByText(CARD_FIELD_MESSAGES.expiryPast)).toBeNull();
    leave('Card number', '4242');
    expect(await shown(CARD_FIELD_MESSAGES.numberIncomplete)).toBeTruthy();
    leave('Card number', '4242424242424242');
    await gone(CARD_FIELD_MESSAGES.numberIncomplete);
    // The gateway's rule: 12 to 19 digits with a valid checksum (docs/product-rules.md).
    leave('Card number', '41111111112');
    expect(await shown(CARD_FIELD_MESSAGES.numberIncomplete)).toBeTruthy();
    leave('Card number', '411111111117');
    await gone(CARD_FIELD_MESSAGES.numberIncomplete);
    expect(within(box).queryByText(CARD_FIELD_MESSAGES.numberInvalid)).toBeNull();
    leave('Card number', '411111111118');
    expect(await shown(CARD_FIELD_MESSAGES.numberInvalid)).toBeTruthy();

    leave('Expiry', '0120');
    expect(await shown(CARD_FIELD_MESSAGES.expiryPast)).toBeTruthy();
    leave('Expiry', '1399');
    expect(await shown(CARD_FIELD_MESSAGES.expiryInvalid)).toBeTruthy();
    leave('Expiry', '1299');
    await gone(CARD_FIELD_MESSAGES.expiryInvalid);

    leave('CVC', '12');
    expect(await shown(CARD_FIELD_MESSAGES.cvcIncomplete)).toBeTruthy();
    leave('Postal code', '9');
    expect(await shown(CARD_FIELD_MESSAGES.postalCodeIncomplete)).toBeTruthy();
    // One postal-code field: the billing address has none of its own.
    expect(within(box).getAllByLabelText(/postal code/i)).toHaveLength(1);
  });

  it('asks for the cardholder only on submit, not on leaving the field', async () => {
    stubFetch({
      '/api/api/stripe-credit/config': () =>
        jsonResponse({ provider: 'sandbox', publishableKey: null }),
    });
    const { box } = dialog();
    const name = within(box).getByLabelText(/^Cardholder name/);
    fireEvent.focus(name);
    fireEvent.blur(name);
    type(box, 'Card number', '4242');
    fireEvent.blur(within(box).getByLabelText('Card number'));
    // The card number's check ran after the name was left, and the name says nothing.
    expect(await within(box).findByText(CARD_FIELD_MESSAGES.numberIncomplete)).toBeTruthy();
    expect(within(box).queryByText(PAYMENT_MESSAGES.cardholderRequired)).toBeNull();
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
