import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { authUsers, creditLedger } from '../src/db/schema.ts';
import {
  adjustTo,
  creditPurchase,
  InsufficientCreditsError,
  refund,
  spend,
} from '../src/modules/credits/credit-ledger.ts';
import { getBalance } from '../src/modules/credits/credits.repo.ts';
import { testDatabases } from './support/databases.ts';

async function newUser(database: Database): Promise<string> {
  const id = randomUUID();
  await database.db
    .insert(authUsers)
    .values({ id, name: 'Ledger Test', email: `${id}@example.test` });
  return id;
}

async function ledgerSum(database: Database, userId: string): Promise<number> {
  const rows = await database.db
    .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(rows[0]?.total ?? 0);
}

async function ledgerRows(database: Database, userId: string) {
  return database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
}

describe.each(testDatabases())('credit ledger on $name', (testDb) => {
  let database: Database;

  beforeAll(async () => {
    database = await testDb.open();
  });
  afterAll(async () => {
    await database.close();
  });

  it('credits 50 concurrent confirmations of one payment intent exactly once', async () => {
    const userId = await newUser(database);
    const paymentIntentId = `pi_${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        creditPurchase(database.db, { userId, paymentIntentId, credits: 5 }),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await getBalance(database.db, userId)).toBe(5);
    expect(await ledgerRows(database, userId)).toHaveLength(1);
    expect(await ledgerSum(database, userId)).toBe(5);
  });

  it('lets one of 20 concurrent spends through on a balance of 1', async () => {
    const userId = await newUser(database);
    await creditPurchase(database.db, {
      userId,
      paymentIntentId: `pi_${randomUUID()}`,
      credits: 1,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        spend(database.db, { userId, credits: 1, reference: `order_${randomUUID()}_${i}` }),
      ),
    );
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(19);
    for (const r of rejected) expect(r.reason).toBeInstanceOf(InsufficientCreditsError);
    expect(await getBalance(database.db, userId)).toBe(0);
    expect(await ledgerSum(database, userId)).toBe(0);
    expect(await ledgerRows(database, userId)).toHaveLength(2);
  });

  it('refuses a spend beyond the balance and writes nothing', async () => {
    const userId = await newUser(database);
    await creditPurchase(database.db, {
      userId,
      paymentIntentId: `pi_${randomUUID()}`,
      credits: 2,
    });
    await expect(
      spend(database.db, { userId, credits: 3, reference: `order_${randomUUID()}` }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS', balance: 2, requested: 3 });
    expect(await getBalance(database.db, userId)).toBe(2);
    expect(await ledgerRows(database, userId)).toHaveLength(1);
  });

  it('spends inside a caller transaction and rolls back with it', async () => {
    const userId = await newUser(database);
    await creditPurchase(database.db, {
      userId,
      paymentIntentId: `pi_${randomUUID()}`,
      credits: 3,
    });
    await expect(
      database.db.transaction(async (tx) => {
        await spend(tx, { userId, credits: 1, reference: `order_${randomUUID()}` });
        throw new Error('order creation failed');
      }),
    ).rejects.toThrow('order creation failed');
    expect(await getBalance(database.db, userId)).toBe(3);
    expect(await ledgerRows(database, userId)).toHaveLength(1);
  });

  it('refunds an order once and records admin adjustments with the actor', async () => {
    const userId = await newUser(database);
    const adminId = await newUser(database);
    const order = `order_${randomUUID()}`;
    await creditPurchase(database.db, {
      userId,
      paymentIntentId: `pi_${randomUUID()}`,
      credits: 4,
    });
    await spend(database.db, { userId, credits: 2, reference: order });
    const refunds = await Promise.all([
      refund(database.db, { userId, credits: 2, reference: order }),
      refund(database.db, { userId, credits: 2, reference: order }),
    ]);
    expect(refunds.filter((r) => r.applied)).toHaveLength(1);
    expect(await getBalance(database.db, userId)).toBe(4);

    const lowered = await adjustTo(database.db, { userId, newBalance: 1, actorId: adminId });
    expect(lowered).toEqual({ applied: true, balance: 1, previous: 4 });
    expect(await adjustTo(database.db, { userId, newBalance: 1, actorId: adminId })).toEqual({
      applied: false,
      balance: 1,
      previous: 1,
    });
    await adjustTo(database.db, { userId, newBalance: 10, actorId: adminId });
    const rows = (await ledgerRows(database, userId)).filter((r) => r.kind === 'adjustment');
    expect(rows.map((r) => r.delta).sort((a, b) => a - b)).toEqual([-3, 9]);
    expect(rows.every((r) => r.actorId === adminId)).toBe(true);
    expect(await getBalance(database.db, userId)).toBe(10);
    expect(await ledgerSum(database, userId)).toBe(10);
  });

  it('rejects nonsense amounts without touching the ledger', async () => {
    const userId = await newUser(database);
    for (const credits of [0, -1, 1.5, Number.NaN]) {
      await expect(
        creditPurchase(database.db, { userId, paymentIntentId: `pi_${randomUUID()}`, credits }),
      ).rejects.toBeInstanceOf(RangeError);
      await expect(
        spend(database.db, { userId, credits, reference: `o_${randomUUID()}` }),
      ).rejects.toBeInstanceOf(RangeError);
    }
    await expect(
      adjustTo(database.db, { userId, newBalance: -1, actorId: userId }),
    ).rejects.toBeInstanceOf(RangeError);
    expect(await ledgerRows(database, userId)).toHaveLength(0);
    expect(await getBalance(database.db, userId)).toBe(0);
  });

  it('keeps the balance equal to the ledger sum and never negative (property)', async () => {
    const credits = fc.integer({ min: 1, max: 30 });
    const op = fc.oneof(
      fc.record({
        type: fc.constant('purchase' as const),
        credits,
        ref: fc.integer({ min: 0, max: 3 }),
      }),
      fc.record({
        type: fc.constant('spend' as const),
        credits,
        ref: fc.integer({ min: 0, max: 3 }),
      }),
      fc.record({
        type: fc.constant('refund' as const),
        credits,
        ref: fc.integer({ min: 0, max: 3 }),
      }),
      fc.record({ type: fc.constant('adjust' as const), to: fc.integer({ min: 0, max: 60 }) }),
      fc.record({ type: fc.constant('bad' as const), credits: fc.integer({ min: -5, max: 0 }) }),
    );
    const adminId = await newUser(database);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const userId = await newUser(database);
        // The model: what the balance must be after each step.
        let expected = 0;
        const seen = new Set<string>();
        for (const o of ops) {
          switch (o.type) {
            case 'purchase': {
              const key = `purchase:${o.ref}`;
              await creditPurchase(database.db, {
                userId,
                paymentIntentId: `pi_${userId}_${o.ref}`,
                credits: o.credits,
              });
              if (!seen.has(key)) expected += o.credits;
              seen.add(key);
              break;
            }
            case 'spend': {
              const key = `spend:${o.ref}`;
              try {
                await spend(database.db, {
                  userId,
                  credits: o.credits,
                  reference: `order_${userId}_${o.ref}`,
                });
                if (!seen.has(key)) expected -= o.credits;
                seen.add(key);
              } catch (err) {
                expect(err).toBeInstanceOf(InsufficientCreditsError);
                expect(seen.has(key)).toBe(false);
                expect(expected).toBeLessThan(o.credits);
              }
              break;
            }
            case 'refund': {
              const key = `refund:${o.ref}`;
              await refund(database.db, {
                userId,
                credits: o.credits,
                reference: `order_${userId}_${o.ref}`,
              });
              if (!seen.has(key)) expected += o.credits;
              seen.add(key);
              break;
            }
            case 'adjust':
              await adjustTo(database.db, { userId, newBalance: o.to, actorId: adminId });
              expected = o.to;
              break;
            case 'bad':
              await expect(
                spend(database.db, { userId, credits: o.credits, reference: `bad_${userId}` }),
              ).rejects.toBeInstanceOf(RangeError);
              break;
          }
          const balance = await getBalance(database.db, userId);
          expect(balance).toBe(expected);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        expect(await ledgerSum(database, userId)).toBe(await getBalance(database.db, userId));
      }),
      { numRuns: 1000 },
    );
  }, 300_000);

  it('the database itself refuses a negative balance', async () => {
    const userId = await newUser(database);
    await expect(
      database.db.execute(
        sql`insert into credit_balances (user_id, balance) values (${userId}, -1)`,
      ),
    ).rejects.toThrow();
  });
});
