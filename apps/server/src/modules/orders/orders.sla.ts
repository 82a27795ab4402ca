import { REPORT_COST_CREDITS } from '@vr/contracts';
import type { Db } from '../../db/client.ts';
import type { JobQueue, JobSender } from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../jobs/mail-delivery.ts';
import { refund } from '../credits/credits.ledger.ts';
import { orderRefundedMail, type OrderMailContext } from './orders.mails.ts';
import {
  findCustomerEmail,
  lockNextOverdueOrder,
  markOrderRefunded,
  type ReportOrderRow,
} from './orders.repo.ts';

export interface SlaDeps {
  db: Db;
  jobs: JobSender;
  mail: OrderMailContext;
  slaHours: number;
  log: { info(obj: object, msg: string): void };
}

/**
 * Refunds one overdue order, if any is left: the row is locked with SKIP LOCKED, so instances
 * running this at once each take a different order, and the refund, the status, the time and the
 * customer's mail change in one transaction. Returns the refunded order, or null when none is
 * overdue.
 */
async function refundNext(deps: SlaDeps, now: Date): Promise<ReportOrderRow | null> {
  return deps.db.transaction(async (tx) => {
    const order = await lockNextOverdueOrder(tx, now);
    if (!order) return null;
    await refund(tx, { userId: order.userId, credits: REPORT_COST_CREDITS, reference: order.id });
    const refunded = await markOrderRefunded(tx, order.id, now);
    const email = await findCustomerEmail(tx, order.userId);
    if (email) {
      await enqueueMail(
        deps.jobs,
        tx,
        orderRefundedMail(deps.mail, email, refunded, deps.slaHours),
      );
    }
    return refunded;
  });
}

/** Refunds every order past its deadline (REPORT_SLA_HOURS) and tells each customer. */
export async function refundOverdueOrders(deps: SlaDeps, now = new Date()): Promise<number> {
  let count = 0;
  for (;;) {
    const order = await refundNext(deps, now);
    if (!order) return count;
    count += 1;
    deps.log.info({ orderId: order.id }, 'overdue order refunded');
  }
}

/**
 * Runs the refund pass every `intervalSeconds` on the job queue: each pass first queues the
 * next, and the queue runs one pass at a time across all instances and keeps at most one
 * waiting. Each instance queues one at start (dropped when one is already waiting), so the chain
 * outlives any instance; the state lives in the orders table, so the next pass makes good one
 * that died.
 */
export async function registerSlaJob(
  jobs: JobQueue,
  deps: SlaDeps,
  intervalSeconds: number,
): Promise<void> {
  await jobs.work('sla-refunds', async () => {
    await jobs.enqueue(deps.db, 'sla-refunds', {}, { startAfterSeconds: intervalSeconds });
    await refundOverdueOrders(deps);
  });
  await jobs.enqueue(deps.db, 'sla-refunds', {});
}
