import { describe, expect, it } from 'vitest';
import { createPaymentGateway } from '../src/adapters/payments/index.ts';
import {
  CARD_MESSAGES,
  CardError,
  cardBrand,
  checkCard,
} from '../src/adapters/payments/sandbox-cards.ts';
import { parseConfig } from '../src/config.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const card = (
  number: string,
  extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) => checkCard({ number, expMonth: 12, expYear: 2030, cvc: '123', ...extra }, NOW);

describe('sandbox cards', () => {
  it("maps Stripe's test cards to their outcomes", () => {
    expect(card('4242424242424242')).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      outcome: 'succeeds',
    });
    expect(card('4000002760003184').outcome).toBe('requires_action');
    expect(card('4000000000000002').outcome).toBe('declined');
    expect(card('4000000000009995').outcome).toBe('insufficient_funds');
    expect(card('4242 4242 4242 4242').last4).toBe('4242');
  });

  it('lets any other Luhn-valid number succeed, with its brand', () => {
    expect(card('5555555555554444')).toMatchObject({ brand: 'mastercard', outcome: 'succeeds' });
    expect(card('378282246310005', { cvc: '1234' })).toMatchObject({ brand: 'amex' });
    expect(card('6011111111111117').brand).toBe('discover');
    expect(cardBrand('9999')).toBe('unknown');
  });

  it('takes a Luhn-valid number of 12 to 19 digits, as the card form does, and no other length', () => {
    expect(card('411111111117').last4).toBe('1117');
    expect(card('4111111111111111110').last4).toBe('1110');
    const refused = (number: string) =>
      expect(() => card(number)).toThrow(CARD_MESSAGES.invalidNumber);
    refused('41111111112');
    refused('41111111111111111115');
  });

  it('refuses a failed Luhn check, a past or bad expiry and a bad CVC', () => {
    const refused = (fn: () => unknown, message: string) => {
      expect(fn).toThrow(CardError);
      expect(fn).toThrow(message);
    };
    refused(() => card('4242424242424241'), CARD_MESSAGES.invalidNumber);
    refused(() => card('abcd'), CARD_MESSAGES.invalidNumber);
    refused(() => card(''), CARD_MESSAGES.invalidNumber);
    refused(() => card('4242424242424242', { expMonth: 10, expYear: 2026 }), CARD_MESSAGES.expired);
    refused(() => card('4242424242424242', { expMonth: 13 }), CARD_MESSAGES.invalidExpiry);
    refused(() => card('4242424242424242', { expMonth: 0 }), CARD_MESSAGES.invalidExpiry);
    refused(() => card('4242424242424242', { cvc: '12' }), CARD_MESSAGES.invalidCvc);
    refused(() => card('4242424242424242', { cvc: '12a' }), CARD_MESSAGES.invalidCvc);
    refused(() => card('378282246310005', { cvc: '123' }), CARD_MESSAGES.invalidCvc);
    // This month still counts; a two-digit year is 20xx.
    expect(card('4242424242424242', { expMonth: 11, expYear: 26 }).expYear).toBe(2026);
  });
});

describe('sandbox gateway', () => {
  const gateway = createPaymentGateway(parseConfig({}));
  const confirm = (outcome: string) =>
    gateway.confirm({
      intentId: 'pi_1',
      amountCents: 800,
      currency: 'usd',
      paymentMethod: { id: 'pm_1', sandboxOutcome: outcome },
    });

  it('is the default provider', async () => {
    expect(gateway.provider).toBe('sandbox');
    const user = { id: 'u1', email: 'u1@example.com' };
    expect(await gateway.createCustomer(user)).toMatch(/^cus_sandbox_[0-9a-f]{16}$/);
    expect(await gateway.createCustomer(user)).toBe(await gateway.createCustomer(user));
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow('PAYMENT_PROVIDER');
  });

  it("follows Stripe's state machine", async () => {
    expect(await confirm('succeeds')).toEqual({ status: 'succeeded', failureMessage: null });
    expect(await confirm('requires_action')).toEqual({
      status: 'requires_action',
      failureMessage: null,
    });
    expect(await confirm('declined')).toEqual({
      status: 'requires_payment_method',
      failureMessage: 'Your card was declined.',
    });
    expect(await confirm('insufficient_funds')).toEqual({
      status: 'requires_payment_method',
      failureMessage: 'Your card has insufficient funds.',
    });
    const pm = { id: 'pm_1', sandboxOutcome: 'requires_action' };
    expect(
      (await gateway.completeAction({ intentId: 'pi', paymentMethod: pm, passed: true })).status,
    ).toBe('succeeded');
    const failed = await gateway.completeAction({
      intentId: 'pi',
      paymentMethod: pm,
      passed: false,
    });
    expect(failed.status).toBe('requires_payment_method');
    expect(failed.failureMessage).toBe(CARD_MESSAGES.authenticationFailed);
  });
});
