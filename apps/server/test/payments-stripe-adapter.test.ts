import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient, stripeApi } from '../src/adapters/payments/stripe-api.ts';
import { addCard, startStripeDouble, type StripeDouble } from './support/stripe-double.ts';

describe('stripe adapter calls against a local Stripe double', () => {
  let double: StripeDouble;
  let api: ReturnType<typeof stripeApi>;

  beforeAll(async () => {
    double = await startStripeDouble();
    api = stripeApi(
      createStripeClient({ STRIPE_SECRET_KEY: 'sk_test_double', STRIPE_API_BASE: double.baseUrl }),
    );
  });
  afterAll(() => double.close());

  it('creates one customer per user (idempotent) and attaches a card to it', async () => {
    const first = await api.createCustomer('user-1', 'a@example.com');
    const again = await api.createCustomer('user-1', 'a@example.com');
    expect(again).toBe(first);
    expect(double.customers.size).toBe(1);
    const pm = addCard(double);
    const attached = await api.attachPaymentMethod(pm, first);
    expect(attached).toMatchObject({
      id: pm,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect(await api.retrievePaymentMethod(pm)).toEqual({ id: pm, customerId: first });
  });

  it('creates an unconfirmed, card-only intent with an idempotency key; a retry is the same intent', async () => {
    const customerId = await api.createCustomer('user-2', 'b@example.com');
    const pm = addCard(double);
    await api.attachPaymentMethod(pm, customerId);
    const input = {
      customerId,
      paymentMethodId: pm,
      amountCents: 500,
      currency: 'usd',
      idempotencyKey: 'purchase-abc',
      metadata: { packageId: 'credits_5' },
    };
    const intent = await api.createIntent(input);
    const retry = await api.createIntent(input);
    expect(retry.id).toBe(intent.id);
    expect(intent.status).toBe('requires_confirmation');
    const sent = double.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(sent.at(-1)?.idempotencyKey).toBe('purchase-abc');
    const form = sent.at(-1)!.form;
    expect(form.get('confirm')).toBe('false');
    expect(form.get('automatic_payment_methods[enabled]')).toBe('false');
    expect(form.get('allowed_payment_method_types[0]')).toBe('card');
    expect(form.get('amount')).toBe('500');
  });

  it('confirms, retrieves and cancels, with the provider message on a decline', async () => {
    const customerId = await api.createCustomer('user-3', 'c@example.com');
    const good = addCard(double);
    const bad = addCard(double, '0002');
    double.outcomes.set(bad, 'declined');
    const base = { customerId, amountCents: 1000, currency: 'usd', metadata: {} };
    const ok = await api.createIntent({ ...base, paymentMethodId: good, idempotencyKey: 'k-ok' });
    expect((await api.confirmIntent(ok.id)).status).toBe('succeeded');
    expect((await api.retrieveIntent(ok.id)).status).toBe('succeeded');
    await expect(api.cancelIntent(ok.id)).rejects.toThrow(/cannot cancel/);

    const declined = await api.createIntent({
      ...base,
      paymentMethodId: bad,
      idempotencyKey: 'k-bad',
    });
    const result = await api.confirmIntent(declined.id);
    expect(result).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: 'Your card was declined.',
    });
    expect((await api.cancelIntent(declined.id)).status).toBe('canceled');
    await expect(api.retrieveIntent('pi_missing')).rejects.toThrow(/No such payment_intent/);
  });
});
