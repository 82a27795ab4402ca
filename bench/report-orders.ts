import { setTimeout as delay } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import {
  createVehicleHistoryProvider,
  type VehicleHistoryProvider,
} from '../apps/server/src/adapters/vehicle-history/index.ts';
import { reportOrders } from '../apps/server/src/db/schema.ts';
import { adjustTo } from '../apps/server/src/modules/credits/credit-ledger.ts';
import { createVerifiedUser } from '../apps/server/test/auth-support.ts';
import { createTestApp } from '../apps/server/test/support/app.ts';
import { testDatabases } from '../apps/server/test/support/databases.ts';
import { distinctVin } from '../apps/server/test/support/vins.ts';

const ORDERS = Number(process.env.REPORT_ORDERS ?? 50);

/** The sandbox provider, answering after `delayMs` (a slow NMVTIS). */
function slowSandbox(delayMs: number): VehicleHistoryProvider {
  const sandbox = createVehicleHistoryProvider({
    REPORT_PROVIDER: 'sandbox',
    REPORT_TIMEOUT_MS: 20_000,
  } as Parameters<typeof createVehicleHistoryProvider>[0]);
  return {
    ...sandbox,
    hasRecords: (vin, signal) => sandbox.hasRecords(vin, signal),
    async pullReport(vin, id, signal) {
      if (delayMs > 0) await delay(delayMs, undefined, { signal });
      return sandbox.pullReport(vin, id, signal);
    },
  };
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * Order → Completed for ORDERS orders placed at once by one customer, through the HTTP routes
 * and the job queue of one server on PGlite, with the sandbox provider answering at once or after
 * `delayMs`. Completion is read from the orders table every 50 ms.
 */
async function run(delayMs: number) {
  const t = await createTestApp(testDatabases()[0]!, {
    slaJob: false,
    reportJob: true,
    historyProvider: slowSandbox(delayMs),
  });
  const db = t.database.db;
  try {
    const user = await createVerifiedUser(t.app, db);
    await adjustTo(db, { userId: user.userId, newBalance: ORDERS, actorId: 'bench' });
    const placedAt = new Map<string, number>();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: ORDERS }, async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/api/report-orders',
          headers: { authorization: `Bearer ${user.token}` },
          payload: { vin: distinctVin() },
        });
        if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
        placedAt.set(res.json().id, performance.now());
      }),
    );
    const doneMs = new Map<string, number>();
    while (doneMs.size < ORDERS) {
      const open = [...placedAt.keys()].filter((id) => !doneMs.has(id));
      const rows = await db
        .select({ id: reportOrders.id, status: reportOrders.status })
        .from(reportOrders)
        .where(inArray(reportOrders.id, open));
      const now = performance.now();
      for (const row of rows) {
        if (row.status === 'Completed') doneMs.set(row.id, now - placedAt.get(row.id)!);
        else if (row.status === 'Refunded') throw new Error(`order ${row.id} refunded`);
      }
      if (now - started > 10 * 60_000) throw new Error('orders not completed in 10 minutes');
      await delay(50);
    }
    const totalS = (performance.now() - started) / 1000;
    const ms = [...doneMs.values()];
    const stored = await db
      .select({ id: reportOrders.id })
      .from(reportOrders)
      .where(eq(reportOrders.reportSource, 'generated'));
    return {
      medianS: percentile(ms, 50) / 1000,
      p99S: percentile(ms, 99) / 1000,
      perMinute: (ORDERS / totalS) * 60,
      generated: stored.length,
    };
  } finally {
    await t.close();
  }
}

export async function benchReportOrders(): Promise<void> {
  for (const delayMs of [0, 2000]) {
    const r = await run(delayMs);
    console.log(
      `report orders (${ORDERS} at once, PGlite, provider delay ${delayMs / 1000} s): ` +
        `order → Completed median ${r.medianS.toFixed(2)} s, p99 ${r.p99S.toFixed(2)} s; ` +
        `${r.perMinute.toFixed(0)} reports a minute (${r.generated} generated)`,
    );
  }
}
