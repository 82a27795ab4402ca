import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient, stripeApi } from '../src/adapters/payments/stripe-api.ts';
import { creditLedger, paymentIntents } from '../src/db/schema.ts';
import { getBalance } from '../src/modules/credits/credits.repo.ts';
import { createPaymentGateway } from '../src/adapters/payments/index.ts';
import { createPaymentIntentsService } from '../src/modules/payments/payment-intents.service.ts';
import { createVerifiedUser, type SignedIn } from './auth-support.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { addCard, startStripeDouble, type StripeDouble } from './support/stripe-double.ts';

describe.each(testDatabases())('status check against the Stripe double on $name', (testDb) => {
  let t: TestApp;
  let double: StripeDouble;
  let api: ReturnType<typeof stripeApi>;
  let alice: SignedIn;
  let keyCounter = 0;

  beforeAll(async () => {
    double = await startStripeDouble();
    api = stripeApi(
      createStripeClient({ STRIPE_SECRET_KEY: 'sk_test_double', STRIPE_API_BASE: double.baseUrl }),
    );
    t = await createTestApp(testDb);
    alice = await createVerifiedUser(t.app, t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await double.close();
  });

  /** An intent created at the double and recorded pending in our database. */
  async function pendingIntent(): Promise<string> {
    const customerId = await api.createCustomer(alice.userId, alice.email);
    const pm = addCard(double);
    await api.attachPaymentMethod(pm, customerId);
    const remote = await api.createIntent({
      customerId,
      paymentMethodId: pm,
      amountCents: 500,
      currency: 'usd',
      idempotencyKey: `reconcile-${(keyCounter += 1)}`,
      metadata: {},
    });
    await t.database.db.insert(paymentIntents).values({
      id: remote.id,
      userId: alice.userId,
      packageId: 'credits_5',
      description: '5 credits',
      amountCents: 500,
      currency: 'usd',
      credits: 5,
      status: 'requires_confirmation',
      clientSecret: remote.clientSecret,
    });
    return remote.id;
  }

  /** The status check of GET /payment-intent/{id} in stripe mode. */
  const checkStatus = (id: string) =>
    createPaymentIntentsService({
      db: t.database.db,
      jobs: t.jobs,
      gateway: createPaymentGateway({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_double',
        STRIPE_API_BASE: double.baseUrl,
      }),
    }).checkStatus(alice.userId, id);

  it('credits once a success the server missed before its ledger write', async () => {
    const id = await pendingIntent();
    const before = await getBalance(t.database.db, alice.userId);
    // The gateway succeeded; the server died before writing: our row is still pending.
    await api.confirmIntent(id);
    const results = await Promise.all(Array.from({ length: 5 }, () => checkStatus(id)));
    expect(results.every((r) => r.status === 'succeeded')).toBe(true);
    expect(await checkStatus(id)).toMatchObject({
      status: 'succeeded',
    });
    expect(await getBalance(t.database.db, alice.userId)).toBe(before + 5);
    const rows = await t.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reference, id));
    expect(rows).toHaveLength(1);
  });

  it('takes a decline without crediting and leaves a pending intent pending', async () => {
    const before = await getBalance(t.database.db, alice.userId);
    const pending = await pendingIntent();
    expect((await checkStatus(pending)).status).toBe('requires_confirmation');
    const declined = await pendingIntent();
    const pm = String(double.paymentIntents.get(declined)?.payment_method);
    double.outcomes.set(pm, 'declined');
    await api.confirmIntent(declined);
    const row = await checkStatus(declined);
    expect(row).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: 'Your card was declined.',
    });
    expect(await getBalance(t.database.db, alice.userId)).toBe(before);
  });
});
