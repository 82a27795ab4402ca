import { REPORT_COST_CREDITS } from '@vr/contracts';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { reportOrders } from '../../db/schema.ts';
import { refund } from '../credits/credits.ledger.ts';
import { orderRefundedMail, type OrderMailContext } from './orders.mails.ts';
import { customerEmail, type ReportOrderRow } from './orders.service.ts';

export interface SlaDeps {
  db: Db;
  mailer: Mailer;
  mail: OrderMailContext;
  slaHours: number;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

const OPEN_STATUSES = ['Pending', 'Processing'] as const;

/**
 * Refunds one overdue order, if any is left: the row is locked with SKIP LOCKED, so instances
 * running this at once each take a different order, and the refund, the status and the time
 * change in one transaction. Returns the refunded order, or null when none is overdue.
 */
async function refundNext(db: Db, now: Date): Promise<ReportOrderRow | null> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(reportOrders)
      .where(and(inArray(reportOrders.status, [...OPEN_STATUSES]), lt(reportOrders.dueAt, now)))
      .orderBy(asc(reportOrders.dueAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const order = rows[0];
    if (!order) return null;
    await refund(
      db,
      { userId: order.userId, credits: REPORT_COST_CREDITS, reference: order.id },
      tx,
    );
    const updated = await tx
      .update(reportOrders)
      .set({ status: 'Refunded', refundedAt: now, updatedAt: now })
      .where(eq(reportOrders.id, order.id))
      .returning();
    return updated[0]!;
  });
}

/** Refunds every order past its deadline (REPORT_SLA_HOURS) and tells each customer. */
export async function refundOverdueOrders(deps: SlaDeps, now = new Date()): Promise<number> {
  let count = 0;
  for (;;) {
    const order = await refundNext(deps.db, now);
    if (!order) return count;
    count += 1;
    deps.log.info({ orderId: order.id }, 'overdue order refunded');
    const email = await customerEmail(deps.db, order.userId);
    if (email) {
      await deps.mailer
        .send(orderRefundedMail(deps.mail, email, order, deps.slaHours))
        .catch((err: unknown) => deps.log.error({ err, orderId: order.id }, 'refund mail failed'));
    }
  }
}

/**
 * Runs the refund pass at start and every `intervalMs`. The state lives in the orders table, so
 * a restart loses nothing; `stop()` waits for a pass in progress.
 */
export function startSlaJob(deps: SlaDeps, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const pass = () => {
    if (stopped || running) return;
    running = refundOverdueOrders(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'refund pass failed'))
      .finally(() => (running = null));
  };
  pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
