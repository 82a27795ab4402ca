import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client.ts';
import { creditLedger, reportOrders } from '../src/db/schema.ts';
import { adjustTo } from '../src/modules/credits/credit-ledger.ts';
import { getBalance } from '../src/modules/credits/credits.repo.ts';
import { createOrderLifecycle } from '../src/modules/orders/order-lifecycle.ts';
import {
  createSlaRefundService,
  type SlaRefundService,
} from '../src/modules/orders/sla-refund.service.ts';
import { createVerifiedUser, lastMail } from './auth-support.ts';
import { get } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const VIN = '1HGCM82633A004352';
/** Distinct VINs: a customer's open order of a VIN is not ordered twice. */
const VINS = [VIN, '1FTFW1ET9DFC10312', '1HGCM82673A123456'];
const HOUR = 3_600_000;

describe.each(testDatabases())('SLA refunds on $name', (testDb) => {
  let t: TestApp;
  let db: Db;
  let sla: SlaRefundService;

  beforeAll(async () => {
    t = await createTestApp(testDb, { slaJob: false });
    db = t.database.db;
    sla = createSlaRefundService({
      db,
      lifecycle: createOrderLifecycle({
        jobs: t.jobs,
        mail: { productName: 'Vehicle Records', publicUrl: 'http://localhost:3000' },
      }),
      slaHours: t.config.REPORT_SLA_HOURS,
      log: { info: () => {} },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function customerWithOrders(count: number) {
    const user = await createVerifiedUser(t.app, db);
    await adjustTo(db, { userId: user.userId, newBalance: count, actorId: 'test' });
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/api/report-orders',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { vin: VINS[i] },
      });
      ids.push(res.json().id);
    }
    return { user, ids };
  }

  const refunds = (orderId: string) =>
    db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.kind, 'refund'), eq(creditLedger.reference, orderId)));

  it('refunds an overdue order once, even with two instances polling at once, and mails the customer', async () => {
    const { user, ids } = await customerWithOrders(3);
    const [overdue, completed, fresh] = ids as [string, string, string];
    await db
      .update(reportOrders)
      .set({ status: 'Completed' })
      .where(eq(reportOrders.id, completed));
    const later = new Date(Date.now() + (t.config.REPORT_SLA_HOURS + 1) * HOUR);
    await db
      .update(reportOrders)
      .set({ dueAt: new Date(later.getTime() + 10 * HOUR) })
      .where(eq(reportOrders.id, fresh));

    const counts = await Promise.all([
      sla.refundOverdueOrdersAndMailCustomers(later),
      sla.refundOverdueOrdersAndMailCustomers(later),
      sla.refundOverdueOrdersAndMailCustomers(later),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await refunds(overdue)).toHaveLength(1);
    expect(await refunds(completed)).toHaveLength(0);
    expect(await refunds(fresh)).toHaveLength(0);
    expect(await getBalance(db, user.userId)).toBe(1);

    const mine = (
      await get(t.app, '/api/api/report-orders/my-orders', { token: user.token })
    ).json();
    const byId = Object.fromEntries(
      mine.map((o: { id: string; status: string }) => [o.id, o.status]),
    );
    expect(byId).toEqual({ [overdue]: 'Refunded', [completed]: 'Completed', [fresh]: 'Pending' });
    const mail = await lastMail(db, user.email);
    expect(mail.subject).toMatch(/credit was returned/);
    expect(mail.text).toContain(overdue);
    expect(mail.text).toContain(`within ${t.config.REPORT_SLA_HOURS} hours`);

    expect(await sla.refundOverdueOrdersAndMailCustomers(later)).toBe(0);
    expect(await getBalance(db, user.userId)).toBe(1);
  });
});

describe.each(testDatabases())('SLA refunds across a restart on $name', (testDb) => {
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
  });

  it('refunds on the next start an order that fell due while the server was down', async () => {
    // One database, two app lifetimes: the order is made by the first, refunded by the second.
    database = await testDb.open();
    const shared = { ...testDb, open: async () => ({ ...database!, close: async () => {} }) };
    const first = await createTestApp(shared, { slaJob: false });
    const user = await createVerifiedUser(first.app, database.db);
    await adjustTo(database.db, { userId: user.userId, newBalance: 1, actorId: 'test' });
    const res = await first.app.inject({
      method: 'POST',
      url: '/api/api/report-orders',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { vin: VIN },
    });
    const orderId: string = res.json().id;
    await first.close();
    await database.db
      .update(reportOrders)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(reportOrders.id, orderId));

    const second = await createTestApp(shared, { slaJob: true });
    try {
      // The pass the second app queued at start, run now rather than by its poller.
      await second.jobs.drain();
      const [row] = await database.db
        .select()
        .from(reportOrders)
        .where(eq(reportOrders.id, orderId));
      expect(row?.status).toBe('Refunded');
      expect(await getBalance(database.db, user.userId)).toBe(1);
      expect((await lastMail(database.db, user.email)).subject).toMatch(/credit was returned/);
    } finally {
      await second.close();
    }
  });
});
