import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditPurchase } from '../src/modules/credits/credit-ledger.ts';
import { getBalance } from '../src/modules/credits/credits.repo.ts';
import { createVerifiedUser, type SignedIn } from './auth-support.ts';
import { get, post } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import {
  addCard,
  startStripeDouble,
  stripeModeEnv,
  type StripeDouble,
} from './support/stripe-double.ts';

const VIN = '1HGCM82633A004352';
const CONFIRMS = 12;

/**
 * No database transaction or row lock waits on Stripe: while Stripe holds the answers of 12
 * confirmations, health, the catalog and another customer's order are answered, on PGlite (one
 * connection: a transaction waiting on Stripe would stop every query) as on PostgreSQL (a pool
 * of 10 connections: 12 held transactions would exhaust it).
 */
describe.each(testDatabases())('Stripe calls outside transactions on $name', (testDb) => {
  let double: StripeDouble;
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    double = await startStripeDouble();
    t = await createTestApp(testDb, {
      slaJob: false,
      env: stripeModeEnv(double),
    });
    alice = await createVerifiedUser(t.app, t.database.db);
    bob = await createVerifiedUser(t.app, t.database.db);
    await creditPurchase(t.database.db, {
      userId: bob.userId,
      paymentIntentId: 'pi_seed',
      credits: 1,
    });
  });
  afterAll(async () => {
    // The double first: closing it answers whatever it still holds, so the app can close.
    await double.close();
    await t.close();
  });

  it('answers health, the catalog and another order while Stripe holds 12 confirmations', async () => {
    const pm = addCard(double);
    const saved = await post(
      t.app,
      '/api/api/user/payment-methods',
      {
        paymentMethodId: pm,
        cardBrand: 'visa',
        last4: '4242',
        expMonth: '12',
        expYear: '2034',
        isDefault: true,
      },
      { token: alice.token },
    );
    expect(saved.statusCode).toBe(200);
    const intents: string[] = [];
    for (let i = 0; i < CONFIRMS; i += 1) {
      const res = await post(
        t.app,
        '/api/api/stripe-credit/credit-purchase',
        {
          packageId: 'credits_1',
          paymentMethodId: pm,
          confirmImmediately: false,
        },
        { token: alice.token },
      );
      expect(res.statusCode).toBe(200);
      intents.push((res.json() as { paymentIntentId: string }).paymentIntentId);
    }

    const held = double.hold(/\/confirm$/);
    const confirms = intents.map((id) =>
      post(
        t.app,
        `/api/api/stripe-credit/payment-intent/${id}/confirm`,
        {},
        { token: alice.token },
      ),
    );
    await held.arrived(CONFIRMS);

    // Every confirmation is now waiting on Stripe; these must not wait on them.
    const health = await get(t.app, '/api/api/health');
    expect(health.statusCode).toBe(200);
    const catalog = await get(t.app, '/api/api/stripe-credit/credit-packages');
    expect(catalog.statusCode).toBe(200);
    const order = await post(t.app, '/api/api/report-orders', { vin: VIN }, { token: bob.token });
    expect(order.statusCode).toBe(201);

    held.release();
    const answers = await Promise.all(confirms);
    expect(answers.map((r) => r.statusCode)).toEqual(intents.map(() => 200));
    expect(await getBalance(t.database.db, alice.userId)).toBe(CONFIRMS);
  });
});
