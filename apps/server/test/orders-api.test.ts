import { ORDER_MESSAGES } from '@vr/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { creditLedger, reportOrders } from '../src/db/schema.ts';
import { adjustTo } from '../src/modules/credits/credit-ledger.ts';
import { getBalance } from '../src/modules/credits/credits.repo.ts';
import { createVerifiedUser, lastMail, type SignedIn } from './auth-support.ts';
import { call, get } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

/** A published example VIN with a correct check digit (2003 Honda Accord). */
const VIN = '1HGCM82633A004352';

function order(app: FastifyInstance, token: string, body: unknown, key?: string) {
  const headers: Record<string, string> = key ? { 'idempotency-key': key } : {};
  return call(app, 'POST', '/api/api/report-orders', body, { token, headers });
}

async function ledgerSum(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ sum: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(rows[0]?.sum ?? 0);
}

describe.each(testDatabases())('report orders on $name', (testDb) => {
  let t: TestApp;
  let db: Db;
  const customers: SignedIn[] = [];
  const customer = async (credits: number) => {
    const user = await createVerifiedUser(t.app, db);
    if (credits > 0)
      await adjustTo(db, { userId: user.userId, newBalance: credits, actorId: 'test' });
    customers.push(user);
    return user;
  };

  beforeAll(async () => {
    t = await createTestApp(testDb, { slaJob: false });
    db = t.database.db;
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates exactly one order when a customer with 1 credit sends 20 at once', async () => {
    const alice = await customer(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        order(t.app, alice.token, { vin: VIN, vehicle: '2003 HONDA Accord' }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    // The others find no credit left, or (once it is committed) the order they would repeat.
    expect(statuses.filter((s) => s === 402 || s === 409)).toHaveLength(19);
    for (const refused of answers.filter((a) => a.statusCode === 402)) {
      expect(refused.json()).toEqual({ message: ORDER_MESSAGES.insufficientCredits });
    }
    const created = answers.find((a) => a.statusCode === 201)!.json().id;
    for (const repeated of answers.filter((a) => a.statusCode === 409)) {
      expect(repeated.json()).toEqual({ message: ORDER_MESSAGES.alreadyOpen, orderId: created });
    }
    const orders = await db
      .select()
      .from(reportOrders)
      .where(eq(reportOrders.userId, alice.userId));
    expect(orders).toHaveLength(1);
    expect(await getBalance(db, alice.userId)).toBe(0);
    expect(await ledgerSum(db, alice.userId)).toBe(0);
  });

  it('answers a retried Idempotency-Key with the first order, also 10 at once', async () => {
    const bob = await customer(3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => order(t.app, bob.token, { vin: VIN }, 'retry-key-1')),
    );
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 201)).toBe(true);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const again = await order(t.app, bob.token, { vin: VIN }, 'retry-key-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe([...ids][0]);
    expect(await getBalance(db, bob.userId)).toBe(2);
    expect(await ledgerSum(db, bob.userId)).toBe(2);
  });

  it('refuses an order without credit and changes nothing', async () => {
    const carol = await customer(0);
    const res = await order(t.app, carol.token, { vin: VIN });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(ORDER_MESSAGES.insufficientCredits);
    expect(
      await db.select().from(reportOrders).where(eq(reportOrders.userId, carol.userId)),
    ).toEqual([]);
    expect(await getBalance(db, carol.userId)).toBe(0);
  });

  it('refuses VINs that are short, have I/O/Q or a wrong check digit, without spending', async () => {
    const dave = await customer(1);
    for (const vin of [
      '1HGCM82633A00435',
      '1HGCM82633A00435O',
      '1HGCM82633A004353',
      '',
      'x'.repeat(40),
    ]) {
      const res = await order(t.app, dave.token, { vin });
      expect(res.statusCode, vin).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await getBalance(db, dave.userId)).toBe(1);
    const bad = await order(t.app, dave.token, { vin: VIN }, 'has space');
    expect(bad.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api/report-orders',
      payload: { vin: VIN },
    });
    expect(res.statusCode).toBe(401);
    expect((await get(t.app, '/api/api/report-orders/my-orders')).statusCode).toBe(401);
  });

  it("lists only the caller's orders, newest first, with the decoded vehicle, and mails a receipt", async () => {
    const erin = await customer(2);
    const frank = await customer(1);
    const first = (await order(t.app, erin.token, { vin: VIN })).json();
    const second = (
      await order(t.app, erin.token, { vin: '1FTFW1ET9DFC10312', vehicle: ' My Ford ' })
    ).json();
    await order(t.app, frank.token, { vin: VIN });

    const mine = (
      await get(t.app, '/api/api/report-orders/my-orders', { token: erin.token })
    ).json();
    expect(mine.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect(mine[0]).toMatchObject({
      vin: '1FTFW1ET9DFC10312',
      // The server's decode names the vehicle, not the client's text.
      vehicle: '2013 FORD F-150',
      status: 'Pending',
      reportUrl: null,
      progress: expect.stringMatching(/Queued/),
    });
    expect(mine[1].vehicle).toMatch(/^2003 HONDA Accord$/i);
    expect(Number.isNaN(Date.parse(mine[1].createdAt))).toBe(false);

    const franks = (
      await get(t.app, '/api/api/report-orders/my-orders', { token: frank.token })
    ).json();
    expect(franks).toHaveLength(1);
    expect(franks[0].id).not.toBe(first.id);

    const mail = await lastMail(db, erin.email);
    expect(mail.subject).toMatch(/received your report order/);
    expect(mail.text).toContain('1FTFW1ET9DFC10312');
    expect(mail.text).toContain(`${t.config.REPORT_SLA_HOURS} hours`);
  });
});
