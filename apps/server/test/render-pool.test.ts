import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_HISTORIES } from '../src/adapters/vehicle-history/sandbox-histories.ts';
import type { Db } from '../src/db/client.ts';
import { outbox, reportOrders } from '../src/db/schema.ts';
import { CPU_QUEUE_PER_THREAD, createCpuPool, type CpuPool } from '../src/lib/cpu-pool.ts';
import { workerEntry } from '../src/lib/worker-entry.ts';
import { adjustTo } from '../src/modules/credits/credit-ledger.ts';
import { createVerifiedUser } from './auth-support.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { settleJobs } from './support/jobs.ts';
import { OPEN, STARTED } from './support/latch-report-worker.ts';

const SALVAGE = SANDBOX_HISTORIES.find((h) => h.story === 'salvage-rebuilt')!;

/** Atomics.waitAsync (ES2024, in Node since 16; not in this project's TypeScript lib). */
const { waitAsync } = Atomics as unknown as {
  waitAsync(cells: Int32Array, index: number, value: number): { value: Promise<string> | string };
};

describe.each(testDatabases())('reports rendered off the event loop on $name', (testDb) => {
  let t: TestApp;
  let db: Db;
  let pool: CpuPool;
  const cells = new Int32Array(new SharedArrayBuffer(8));
  const release = () => {
    Atomics.store(cells, OPEN, 1);
    Atomics.notify(cells, OPEN);
  };

  beforeAll(async () => {
    pool = createCpuPool({
      entry: workerEntry('latch-report-worker', new URL('./support/', import.meta.url).href),
      threads: 1,
      workerData: cells.buffer,
    });
    t = await createTestApp(testDb, { slaJob: false, reportJob: true, reportPool: pool });
    db = t.database.db;
  });
  afterAll(async () => {
    release();
    await t.close();
    await pool.close();
  });

  it('answers health and a signed-in read while a report is being rendered, then completes it', async () => {
    const user = await createVerifiedUser(t.app, db);
    await adjustTo(db, { userId: user.userId, newBalance: 1, actorId: 'test' });
    const auth = { authorization: `Bearer ${user.token}` };
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/api/report-orders',
      headers: auth,
      payload: { vin: SALVAGE.vin },
    });
    expect(placed.statusCode).toBe(201);
    const { id } = placed.json<{ id: string }>();

    // The report job's render has begun in the pool's thread and holds it.
    await waitAsync(cells, STARTED, 0).value;

    const health = await t.app.inject({ method: 'GET', url: '/api/api/health' });
    expect(health.statusCode).toBe(200);
    const credit = await t.app.inject({
      method: 'GET',
      url: '/api/api/user/credit',
      headers: auth,
    });
    expect(credit.statusCode).toBe(200);
    expect(credit.json()).toMatchObject({ creditBalance: 0 });
    // Both answered during the render: it is still held and the order not yet Completed.
    expect(Atomics.load(cells, OPEN)).toBe(0);
    const during = await db.select().from(reportOrders).where(eq(reportOrders.id, id));
    expect(during[0]!.status).toBe('Processing');

    release();
    await t.jobs.drain();
    const after = await db.select().from(reportOrders).where(eq(reportOrders.id, id));
    expect(after[0]!.status).toBe('Completed');
    await settleJobs(db);
    const mails = await db.select().from(outbox).where(eq(outbox.to, user.email));
    expect(mails.filter((m) => m.subject.includes('ready'))).toHaveLength(1);
  });

  it('answers 503 with Retry-After when the render queue is full, instead of piling up', async () => {
    Atomics.store(cells, OPEN, 0);
    const startedBefore = Atomics.load(cells, STARTED);
    // One render holds the only thread; the queue fills behind it.
    const held = Array.from({ length: 1 + CPU_QUEUE_PER_THREAD }, () =>
      pool.run('renderReport', null).catch((err: unknown) => err),
    );
    await waitAsync(cells, STARTED, startedBefore).value;
    const res = await t.app.inject({ method: 'GET', url: '/api/api/sample-report' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    release();
    await Promise.all(held);
  });
});
