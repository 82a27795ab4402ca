import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents } from '../src/db/schema.ts';
import { creditPurchase, spend } from '../src/modules/credits/credit-ledger.ts';
import { createVerifiedUser, type SignedIn } from './auth-support.ts';
import { get } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

describe.each(testDatabases())('credit endpoints on $name', (testDb) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(testDb);
    alice = await createVerifiedUser(t.app, t.database.db);
    bob = await createVerifiedUser(t.app, t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 without a token', async () => {
    for (const url of ['/api/api/user/credit', '/api/api/user/credit-history']) {
      const res = await get(t.app, url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('starts at a zero balance and an empty history', async () => {
    const credit = await get(t.app, '/api/api/user/credit', { token: alice.token });
    expect(credit.statusCode).toBe(200);
    expect(credit.json()).toEqual({ creditBalance: 0 });
    const history = await get(t.app, '/api/api/user/credit-history', { token: alice.token });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual({ success: true, data: [] });
  });

  it("shows the ledger balance and only the user's own purchases", async () => {
    const db = t.database.db;
    const piId = `pi_${randomUUID()}`;
    await db.insert(paymentIntents).values([
      {
        id: piId,
        userId: alice.userId,
        packageId: 'pkg_5',
        description: '5 Credits',
        amountCents: 2400,
        currency: 'usd',
        credits: 5,
        status: 'succeeded',
        clientSecret: `${piId}_secret`,
      },
      {
        id: `pi_${randomUUID()}`,
        userId: bob.userId,
        packageId: 'pkg_1',
        description: '',
        amountCents: 800,
        currency: 'usd',
        credits: 1,
        status: 'requires_action',
        clientSecret: 'secret',
      },
    ]);
    await creditPurchase(db, { userId: alice.userId, paymentIntentId: piId, credits: 5 });
    await spend(db, { userId: alice.userId, credits: 2, reference: `order_${randomUUID()}` });

    const credit = await get(t.app, '/api/api/user/credit', { token: alice.token });
    expect(credit.json()).toEqual({ creditBalance: 3 });

    const history = await get(t.app, '/api/api/user/credit-history', { token: alice.token });
    const body = history.json();
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      id: piId,
      description: '5 Credits',
      credit: 5,
      amount: 2400,
      status: 'succeeded',
    });
    expect(Number.isNaN(Date.parse(body.data[0].createdAt))).toBe(false);

    const bobs = (await get(t.app, '/api/api/user/credit-history', { token: bob.token })).json();
    expect(bobs.data).toHaveLength(1);
    expect(bobs.data[0]).toMatchObject({
      description: 'Credit Purchase',
      status: 'requires_action',
    });
    const bobCredit = await get(t.app, '/api/api/user/credit', { token: bob.token });
    expect(bobCredit.json()).toEqual({ creditBalance: 0 });
  });
});
