import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, paymentMethods } from '../src/db/schema.ts';
import { createVerifiedUser, type SignedIn } from './auth-support.ts';
import { api } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const CARD = { expMonth: 12, expYear: 2034, cvc: '123' };

describe.each(testDatabases())('card payments (sandbox) on $name', (testDb) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  async function addCard(user: SignedIn, number: string, isDefault = false): Promise<string> {
    const created = await api(t.app, 'POST', '/api/api/sandbox/payment-methods', user.token, {
      number,
      ...CARD,
      billingDetails: { name: 'Alice Example', address: { line1: '1 Main St', country: 'US' } },
    });
    expect(created.statusCode).toBe(200);
    const pm = created.json();
    const saved = await api(t.app, 'POST', '/api/api/user/payment-methods', user.token, {
      paymentMethodId: pm.id,
      cardBrand: pm.brand,
      last4: pm.last4,
      expMonth: '12',
      expYear: '2034',
      isDefault,
    });
    expect(saved.statusCode).toBe(200);
    return pm.id;
  }

  async function purchase(user: SignedIn, paymentMethodId: string, packageId = 'credits_5') {
    const res = await api(t.app, 'POST', '/api/api/stripe-credit/credit-purchase', user.token, {
      packageId,
      paymentMethodId,
      confirmImmediately: false,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  /** A purchase with the 3-D Secure test card, confirmed: its challenge awaits. */
  async function awaitingChallenge(user: SignedIn): Promise<string> {
    const pm = await addCard(user, '4000002760003184');
    const { paymentIntentId } = await purchase(user, pm, 'credits_1');
    const confirm = `/api/api/stripe-credit/payment-intent/${paymentIntentId}/confirm`;
    await api(t.app, 'POST', confirm, user.token);
    return paymentIntentId;
  }
  const completeChallenge = (user: SignedIn, id: string) =>
    api(t.app, 'POST', `/api/api/sandbox/payment-intent/${id}/3ds`, user.token, {
      result: 'complete',
    });
  const credit = async (user: SignedIn) =>
    (await api(t.app, 'GET', '/api/api/user/credit', user.token)).json().creditBalance;

  beforeAll(async () => {
    t = await createTestApp(testDb);
    alice = await createVerifiedUser(t.app, t.database.db);
    bob = await createVerifiedUser(t.app, t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs a signed-in user everywhere', async () => {
    const urls: ['GET' | 'POST', string][] = [
      ['GET', '/api/api/user/getCustomerId'],
      ['GET', '/api/api/user/payment-methods'],
      ['POST', '/api/api/user/payment-methods'],
      ['POST', '/api/api/sandbox/payment-methods'],
      ['POST', '/api/api/stripe-credit/credit-purchase'],
      ['GET', '/api/api/stripe-credit/payment-intent/pi_x'],
      ['GET', '/api/api/stripe-credit/pending-payments'],
      ['POST', '/api/api/stripe-credit/payment-intent/pi_x/confirm'],
    ];
    for (const [method, url] of urls) {
      const res = await api(t.app, method, url, undefined, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('tells the browser to use the sandbox card fields, and keeps Stripe out of the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/api/stripe-credit/config' });
    expect(res.json()).toEqual({ provider: 'sandbox', publishableKey: null });
    expect(String(res.headers['content-security-policy'])).not.toContain('stripe.com');
  });

  it('gives a stable customer id', async () => {
    const a = (await api(t.app, 'GET', '/api/api/user/getCustomerId', alice.token)).json();
    const b = (await api(t.app, 'GET', '/api/api/user/getCustomerId', alice.token)).json();
    expect(a.customerId).toMatch(/^cus_/);
    expect(a).toEqual(b);
  });

  it('refuses bad cards with 400 { message } and stores nothing', async () => {
    const bad = [
      [{ number: '4242424242424241', ...CARD }, 'Your card number is invalid.'],
      [{ number: '4242424242424242', ...CARD, expYear: 2020 }, 'Your card has expired.'],
      [{ number: '4242424242424242', ...CARD, cvc: '1' }, "Your card's security code is invalid."],
      [
        { number: '4242424242424242', ...CARD, expMonth: 13 },
        "Your card's expiration date is invalid.",
      ],
    ] as const;
    for (const [body, message] of bad) {
      const res = await api(t.app, 'POST', '/api/api/sandbox/payment-methods', alice.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    for (const body of [{}, { number: 42 }, 'x', { ...CARD, number: '4'.repeat(100) }]) {
      const res = await api(t.app, 'POST', '/api/api/sandbox/payment-methods', alice.token, body);
      expect(res.statusCode).toBe(400);
    }
    expect(await t.database.db.select().from(paymentMethods)).toHaveLength(0);
  });

  it('saves cards without the number or CVC, lists, defaults and deletes them', async () => {
    const first = await addCard(alice, '4242424242424242');
    const second = await addCard(alice, '5555555555554444', true);
    const list = (await api(t.app, 'GET', '/api/api/user/payment-methods', alice.token)).json();
    expect(list.success).toBe(true);
    expect(list.data).toHaveLength(2);
    expect(list.data[0]).toEqual({
      id: first,
      paymentMethodId: first,
      cardBrand: 'visa',
      last4: '4242',
      expMonth: '12',
      expYear: '2034',
      isDefault: false,
      cardholderName: 'Alice Example',
    });
    expect(list.data[1]).toMatchObject({ cardBrand: 'mastercard', isDefault: true });
    const stored = JSON.stringify(await t.database.db.select().from(paymentMethods));
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('"123"');

    const put = await api(t.app, 'PUT', `/api/api/user/payment-methods/${first}`, alice.token, {
      isDefault: true,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.isDefault).toBe(true);
    const after = (await api(t.app, 'GET', '/api/api/user/payment-methods', alice.token)).json();
    expect(after.data.filter((m: { isDefault: boolean }) => m.isDefault)).toHaveLength(1);

    // Bob reaches none of Alice's cards.
    expect(
      (
        await api(t.app, 'PUT', `/api/api/user/payment-methods/${first}`, bob.token, {
          isDefault: true,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await api(t.app, 'DELETE', `/api/api/user/payment-methods/${first}`, bob.token)).statusCode,
    ).toBe(404);
    const steal = await api(t.app, 'POST', '/api/api/user/payment-methods', bob.token, {
      paymentMethodId: first,
      isDefault: false,
    });
    expect(steal.statusCode).toBe(404);
    expect(
      (await api(t.app, 'GET', '/api/api/user/payment-methods', bob.token)).json().data,
    ).toEqual([]);

    const del = await api(t.app, 'DELETE', `/api/api/user/payment-methods/${second}`, alice.token);
    expect(del.statusCode).toBe(200);
    expect(
      (await api(t.app, 'DELETE', `/api/api/user/payment-methods/${second}`, alice.token))
        .statusCode,
    ).toBe(404);
  });

  it('4242: creates an intent at the catalog price, confirms, credits exactly once', async () => {
    const pm = await addCard(alice, '4242424242424242');
    const before = await credit(alice);
    const intent = await purchase(alice, pm, 'credits_5');
    expect(intent).toMatchObject({
      status: 'requires_confirmation',
      amount: 2400,
      currency: 'usd',
    });
    expect(intent.paymentIntentId).toMatch(/^pi_/);
    expect(intent.clientSecret).toContain(intent.paymentIntentId);

    const url = `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}/confirm`;
    const confirms = await Promise.all(
      Array.from({ length: 10 }, () => api(t.app, 'POST', url, alice.token)),
    );
    for (const res of confirms) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, status: 'succeeded' });
    }
    expect(await credit(alice)).toBe(before + 5);
    const rows = await t.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reference, intent.paymentIntentId));
    expect(rows).toHaveLength(1);

    const got = await api(
      t.app,
      'GET',
      `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}`,
      alice.token,
    );
    expect(got.json()).toMatchObject({ status: 'succeeded', amount: 2400 });
    const cancel = await api(
      t.app,
      'POST',
      `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}/cancel`,
      alice.token,
    );
    expect(cancel.statusCode).toBe(400);
    const history = (await api(t.app, 'GET', '/api/api/user/credit-history', alice.token)).json();
    expect(
      history.data.some(
        (h: { id: string; status: string }) =>
          h.id === intent.paymentIntentId && h.status === 'succeeded',
      ),
    ).toBe(true);

    // Bob sees none of it.
    expect(
      (
        await api(
          t.app,
          'GET',
          `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}`,
          bob.token,
        )
      ).statusCode,
    ).toBe(404);
    expect((await api(t.app, 'POST', url, bob.token)).statusCode).toBe(404);
  });

  it('3-D Secure card: requires_action, then complete credits and fail does not', async () => {
    const pm = await addCard(alice, '4000002760003184');
    const before = await credit(alice);
    const a = await purchase(alice, pm, 'credits_1');
    const confirmed = await api(
      t.app,
      'POST',
      `/api/api/stripe-credit/payment-intent/${a.paymentIntentId}/confirm`,
      alice.token,
    );
    expect(confirmed.json()).toMatchObject({ success: false, status: 'requires_action' });
    expect(
      (
        await api(
          t.app,
          'POST',
          `/api/api/sandbox/payment-intent/${a.paymentIntentId}/3ds`,
          bob.token,
          { result: 'complete' },
        )
      ).statusCode,
    ).toBe(404);
    const done = await api(
      t.app,
      'POST',
      `/api/api/sandbox/payment-intent/${a.paymentIntentId}/3ds`,
      alice.token,
      { result: 'complete' },
    );
    expect(done.json()).toMatchObject({ success: true, status: 'succeeded' });
    expect(await credit(alice)).toBe(before + 1);
    const again = await api(
      t.app,
      'POST',
      `/api/api/sandbox/payment-intent/${a.paymentIntentId}/3ds`,
      alice.token,
      { result: 'complete' },
    );
    expect(again.statusCode).toBe(400);
    expect(await credit(alice)).toBe(before + 1);

    const b = await purchase(alice, pm, 'credits_1');
    await api(
      t.app,
      'POST',
      `/api/api/stripe-credit/payment-intent/${b.paymentIntentId}/confirm`,
      alice.token,
    );
    const failed = await api(
      t.app,
      'POST',
      `/api/api/sandbox/payment-intent/${b.paymentIntentId}/3ds`,
      alice.token,
      { result: 'fail' },
    );
    expect(failed.json()).toMatchObject({ success: false, status: 'requires_payment_method' });
    expect(await credit(alice)).toBe(before + 1);
  });

  it.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
  ])('%s is refused with its message and credits nothing', async (number, message) => {
    const pm = await addCard(alice, number);
    const before = await credit(alice);
    const intent = await purchase(alice, pm, 'credits_10');
    expect(intent.amount).toBe(4500);
    const res = await api(
      t.app,
      'POST',
      `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}/confirm`,
      alice.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, status: 'requires_payment_method', message });
    expect(await credit(alice)).toBe(before);
    const cancel = await api(
      t.app,
      'POST',
      `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}/cancel`,
      alice.token,
    );
    expect(cancel.json()).toEqual({ success: true, status: 'canceled' });
    const confirmAfter = await api(
      t.app,
      'POST',
      `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}/confirm`,
      alice.token,
    );
    expect(confirmAfter.json()).toMatchObject({ success: false, status: 'canceled' });
    expect(await credit(alice)).toBe(before);
  });

  it('lists the purchases that can still be completed, and a declined card in the history', async () => {
    const carol = await createVerifiedUser(t.app, t.database.db);
    const pending = async (user: SignedIn) =>
      (await api(t.app, 'GET', '/api/api/stripe-credit/pending-payments', user.token)).json();
    const confirm = (id: string) =>
      api(t.app, 'POST', `/api/api/stripe-credit/payment-intent/${id}/confirm`, carol.token);
    expect(await pending(carol)).toEqual({ success: true, data: [] });

    const threeDs = await addCard(carol, '4000002760003184');
    const waiting = await purchase(carol, threeDs, 'credits_1');
    const verifying = await purchase(carol, threeDs, 'credits_3');
    await confirm(verifying.paymentIntentId);
    const declinedCard = await addCard(carol, '4000000000000002');
    const declined = await purchase(carol, declinedCard, 'credits_1');
    await confirm(declined.paymentIntentId);
    const canceled = await purchase(carol, threeDs, 'credits_1');
    await api(
      t.app,
      'POST',
      `/api/api/stripe-credit/payment-intent/${canceled.paymentIntentId}/cancel`,
      carol.token,
    );

    const list = await pending(carol);
    expect(list.data).toEqual([
      {
        paymentIntentId: verifying.paymentIntentId,
        clientSecret: verifying.clientSecret,
        status: 'requires_action',
        description: '3 Vehicle Report Credits',
        credits: 3,
        amount: 1500,
        currency: 'usd',
        createdAt: expect.any(String),
      },
      expect.objectContaining({
        paymentIntentId: waiting.paymentIntentId,
        status: 'requires_confirmation',
      }),
    ]);
    expect((await pending(bob)).data).toEqual(
      expect.not.arrayContaining([
        expect.objectContaining({ paymentIntentId: waiting.paymentIntentId }),
      ]),
    );

    // Verification completed later: the purchase leaves the list and is credited.
    const done = await api(
      t.app,
      'POST',
      `/api/api/sandbox/payment-intent/${verifying.paymentIntentId}/3ds`,
      carol.token,
      { result: 'complete' },
    );
    expect(done.json()).toMatchObject({ success: true, status: 'succeeded' });
    expect(
      (await pending(carol)).data.map((p: { paymentIntentId: string }) => p.paymentIntentId),
    ).toEqual([waiting.paymentIntentId]);
    expect(await credit(carol)).toBe(3);

    const history = (await api(t.app, 'GET', '/api/api/user/credit-history', carol.token)).json();
    const byId = (id: string) => history.data.find((h: { id: string }) => h.id === id);
    expect(byId(declined.paymentIntentId)).toMatchObject({
      status: 'requires_payment_method',
      message: 'Your card was declined.',
    });
    expect(byId(verifying.paymentIntentId)).toMatchObject({ status: 'succeeded' });
    expect(byId(canceled.paymentIntentId)).toMatchObject({ status: 'canceled', message: null });
  });

  it('confirmImmediately charges at once; a stranger can neither cancel nor see it', async () => {
    const pm = await addCard(bob, '4242424242424242');
    const before = await credit(bob);
    const res = await api(t.app, 'POST', '/api/api/stripe-credit/credit-purchase', bob.token, {
      packageId: 'credits_3',
      paymentMethodId: pm,
      confirmImmediately: true,
    });
    expect(res.json()).toMatchObject({ status: 'succeeded', amount: 1500 });
    expect(await credit(bob)).toBe(before + 3);
    const id = res.json().paymentIntentId;
    const cancel = await api(
      t.app,
      'POST',
      `/api/api/stripe-credit/payment-intent/${id}/cancel`,
      alice.token,
    );
    expect(cancel.statusCode).toBe(404);
    const history = (await api(t.app, 'GET', '/api/api/user/credit-history', alice.token)).json();
    expect(history.data.some((h: { id: string }) => h.id === id)).toBe(false);
  });

  it('lets exactly one of 10 concurrent completions complete a 3-D Secure challenge', async () => {
    const before = await credit(bob);
    const id = await awaitingChallenge(bob);
    const complete = () => completeChallenge(bob, id);
    const results = await Promise.all(Array.from({ length: 10 }, complete));
    const completed = results.filter((r) => r.statusCode === 200);
    expect(completed).toHaveLength(1);
    expect(completed[0]!.json()).toEqual({ success: true, status: 'succeeded' });
    // The others answer as a completion after the fact does: the intent is settled.
    const late = await complete();
    for (const res of [...results.filter((r) => r.statusCode !== 200), late]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The payment intent is succeeded, not awaiting verification');
    }
    expect(await credit(bob)).toBe(before + 1);
  });

  it('credits once when 3-D Secure completions and confirmations race', async () => {
    const before = await credit(bob);
    const id = await awaitingChallenge(bob);
    const confirm = `/api/api/stripe-credit/payment-intent/${id}/confirm`;
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => completeChallenge(bob, id)),
      ...Array.from({ length: 8 }, () => api(t.app, 'POST', confirm, bob.token)),
    ]);
    for (const res of results) expect(res.statusCode).toBeLessThan(500);
    expect(results.filter((r) => r.statusCode === 200 && r.json().success).length).toBeGreaterThan(
      0,
    );
    expect(await credit(bob)).toBe(before + 1);
    const rows = await t.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reference, id));
    expect(rows).toHaveLength(1);
  });

  it('takes amounts only from the catalog and answers bad input with 4xx', async () => {
    const pm = await addCard(bob, '4242424242424242');
    const cheat = await api(t.app, 'POST', '/api/api/stripe-credit/credit-purchase', bob.token, {
      packageId: 'credits_100',
      paymentMethodId: pm,
      amount: 1,
      credits: 1000,
    });
    expect(cheat.json()).toMatchObject({ amount: 35000 });
    const unknownPackage = await api(
      t.app,
      'POST',
      '/api/api/stripe-credit/credit-purchase',
      bob.token,
      {
        packageId: 'pkg_nope',
        paymentMethodId: pm,
      },
    );
    expect(unknownPackage.statusCode).toBe(404);
    const othersCard = await api(
      t.app,
      'POST',
      '/api/api/stripe-credit/credit-purchase',
      alice.token,
      {
        packageId: 'credits_1',
        paymentMethodId: pm,
      },
    );
    expect(othersCard.statusCode).toBe(404);
    for (const body of [{}, { packageId: 5 }, { packageId: '', paymentMethodId: pm }, null]) {
      const res = await api(
        t.app,
        'POST',
        '/api/api/stripe-credit/credit-purchase',
        bob.token,
        body,
      );
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const badPut = await api(t.app, 'PUT', `/api/api/user/payment-methods/${pm}`, bob.token, {
      isDefault: 'yes',
    });
    expect(badPut.statusCode).toBe(400);
    const bad3ds = await api(t.app, 'POST', '/api/api/sandbox/payment-intent/pi_x/3ds', bob.token, {
      result: 'maybe',
    });
    expect(bad3ds.statusCode).toBe(400);
    expect(
      (await api(t.app, 'GET', '/api/api/stripe-credit/payment-intent/pi_missing', bob.token))
        .statusCode,
    ).toBe(404);
  });
});
