import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { outbox, paymentIntents, profiles } from '../src/db/schema.ts';
import { getBalance } from '../src/modules/credits/credits.repo.ts';
import { createVerifiedUser, type SignedIn } from './auth-support.ts';
import { api } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { settleJobs } from './support/jobs.ts';
import {
  addCard,
  startStripeDouble,
  stripeModeEnv,
  type StripeDouble,
} from './support/stripe-double.ts';

describe.each(testDatabases())('stripe mode through the routes on $name', (testDb) => {
  let double: StripeDouble;
  let t: TestApp;
  let db: Db;
  let alice: SignedIn;

  beforeAll(async () => {
    double = await startStripeDouble();
    t = await createTestApp(testDb, {
      slaJob: false,
      env: stripeModeEnv(double),
    });
    db = t.database.db;
    alice = await createVerifiedUser(t.app, db);
    await api(t.app, 'POST', '/api/api/register', alice.token, {});
  });
  afterAll(async () => {
    await t.close();
    await double.close();
  });

  async function saveCard(last4 = '4242', isDefault = false) {
    const pm = addCard(double, last4);
    const res = await api(t.app, 'POST', '/api/api/user/payment-methods', alice.token, {
      paymentMethodId: pm,
      cardBrand: 'forged',
      last4: '0000',
      expMonth: '01',
      expYear: '2020',
      isDefault,
    });
    expect(res.statusCode).toBe(200);
    return { pm, body: res.json() };
  }

  async function purchase(pm: string, packageId = 'credits_3') {
    const res = await api(t.app, 'POST', '/api/api/stripe-credit/credit-purchase', alice.token, {
      packageId,
      paymentMethodId: pm,
      confirmImmediately: false,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      paymentIntentId: string;
      clientSecret: string;
      status: string;
      amount: number;
    };
  }

  it('keeps one Stripe customer per user and reads cards from Stripe, not from the client', async () => {
    const first = (await api(t.app, 'GET', '/api/api/user/getCustomerId', alice.token)).json();
    const again = (await api(t.app, 'GET', '/api/api/user/getCustomerId', alice.token)).json();
    expect(first.customerId).toMatch(/^cus_/);
    expect(again.customerId).toBe(first.customerId);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, alice.userId));
    expect(profile?.stripeCustomerId).toBe(first.customerId);

    const { pm, body } = await saveCard('4242', true);
    expect(body.data).toMatchObject({
      paymentMethodId: pm,
      cardBrand: 'visa',
      last4: '4242',
      expMonth: '12',
      expYear: '2034',
      isDefault: true,
      cardholderName: 'Stripe Customer',
    });
    expect(double.paymentMethods.get(pm)?.customer).toBe(first.customerId);
    expect(double.customers.get(first.customerId)?.invoice_settings).toEqual({
      default_payment_method: pm,
    });

    const removed = await api(t.app, 'DELETE', `/api/api/user/payment-methods/${pm}`, alice.token);
    expect(removed.statusCode).toBe(200);
    expect(double.paymentMethods.get(pm)?.customer).toBeNull();
  });

  it('buys at Stripe with the catalog amount and credits once on confirm', async () => {
    const { pm } = await saveCard();
    const intent = await purchase(pm);
    expect(intent.paymentIntentId).toMatch(/^pi_/);
    expect(intent.amount).toBe(1500);
    const created = double.requests.find((r) => r.path === '/v1/payment_intents');
    expect(created?.form.get('amount')).toBe('1500');
    expect(created?.form.get('confirm')).toBe('false');
    expect(created?.idempotencyKey).toBeTruthy();
    const before = await getBalance(db, alice.userId);
    const confirm = await api(
      t.app,
      'POST',
      `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}/confirm`,
      alice.token,
      {},
    );
    expect(confirm.json()).toMatchObject({ success: true, status: 'succeeded' });
    await api(
      t.app,
      'POST',
      `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}/confirm`,
      alice.token,
      {},
    );
    expect(await getBalance(db, alice.userId)).toBe(before + 3);
  });

  it('credits a 3-D Secure payment on the status check after Stripe.js finished it', async () => {
    const { pm } = await saveCard('3184');
    double.outcomes.set(pm, 'requires_action');
    const intent = await purchase(pm);
    const confirm = await api(
      t.app,
      'POST',
      `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}/confirm`,
      alice.token,
      {},
    );
    expect(confirm.json()).toMatchObject({ success: false, status: 'requires_action' });
    const before = await getBalance(db, alice.userId);
    // The browser's confirmCardPayment completes the challenge at Stripe.
    double.paymentIntents.get(intent.paymentIntentId)!.status = 'succeeded';
    const checks = await Promise.all(
      Array.from({ length: 5 }, () =>
        api(
          t.app,
          'GET',
          `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}`,
          alice.token,
        ),
      ),
    );
    expect(checks.every((c) => c.json().status === 'succeeded')).toBe(true);
    expect(await getBalance(db, alice.userId)).toBe(before + 3);
  });

  it('credits once and mails one receipt when confirm, 10 duplicate webhook deliveries and status checks report one success at once', async () => {
    const { pm } = await saveCard();
    const intent = await purchase(pm, 'credits_5');
    const before = await getBalance(db, alice.userId);
    const payload = JSON.stringify({
      id: `evt_flow_${intent.paymentIntentId}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: { id: intent.paymentIntentId, object: 'payment_intent', status: 'succeeded' },
      },
    });
    const signature = new Stripe('sk_test_double').webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_double',
    });
    const base = `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}`;
    const attempts = [
      ...Array.from({ length: 10 }, () => api(t.app, 'POST', `${base}/confirm`, alice.token, {})),
      ...Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/api/stripe-credit/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        }),
      ),
      ...Array.from({ length: 30 }, () => api(t.app, 'GET', base, alice.token)),
    ];
    const answers = await Promise.all(attempts);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    expect(await getBalance(db, alice.userId)).toBe(before + 5);
    const [row] = await db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, intent.paymentIntentId));
    expect(row?.status).toBe('succeeded');
    await settleJobs(db);
    const mails = await db.select().from(outbox).where(eq(outbox.to, alice.email));
    const receipts = mails.filter((m) => m.text.includes(intent.paymentIntentId));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toContain('receipt for 5 credits');
  });

  it("shows Stripe's decline message and cancels at Stripe", async () => {
    const { pm } = await saveCard('0002');
    double.outcomes.set(pm, 'declined');
    const intent = await purchase(pm, 'credits_1');
    const confirm = await api(
      t.app,
      'POST',
      `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}/confirm`,
      alice.token,
      {},
    );
    expect(confirm.json()).toMatchObject({
      success: false,
      status: 'requires_payment_method',
      message: 'Your card was declined.',
    });
    const cancel = await api(
      t.app,
      'POST',
      `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}/cancel`,
      alice.token,
      {},
    );
    expect(cancel.json()).toEqual({ success: true, status: 'canceled' });
    expect(double.paymentIntents.get(intent.paymentIntentId)?.status).toBe('canceled');
    const [row] = await db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, intent.paymentIntentId));
    expect(row?.status).toBe('canceled');
  });

  it('tells the browser to use Stripe.js with the publishable key, and lets Stripe.js load', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/api/stripe-credit/config' });
    expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_double' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('https://api.stripe.com');
  });

  it('answers an unknown card with 400 and the 3-D Secure sandbox route does not exist', async () => {
    const res = await api(t.app, 'POST', '/api/api/user/payment-methods', alice.token, {
      paymentMethodId: 'pm_nope',
      isDefault: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('No such PaymentMethod');
    const sandbox = await api(t.app, 'POST', '/api/api/sandbox/payment-methods', alice.token, {});
    expect(sandbox.statusCode).toBe(404);
  });
});
