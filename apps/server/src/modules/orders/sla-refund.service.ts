import type { Db } from '../../db/client.ts';
import type { OrderLifecycle } from './order-lifecycle.ts';
import { REFUND_REASONS } from './orders.mails.ts';
import { lockNextOverdueOrder, type ReportOrderRow } from './orders.repo.ts';

export interface SlaRefundDeps {
  db: Db;
  lifecycle: Pick<OrderLifecycle, 'refundAndMailCustomer'>;
  slaHours: number;
  log: { info(obj: object, msg: string): void };
}

export type SlaRefundService = ReturnType<typeof createSlaRefundService>;

/** The refund of orders nobody completed within REPORT_SLA_HOURS. */
export function createSlaRefundService({ db, lifecycle, slaHours, log }: SlaRefundDeps) {
  /**
   * Refunds one overdue order, if any is left: the row is locked with SKIP LOCKED, so instances
   * running this at once each take a different order, and the refund, the status, the time and
   * the customer's mail change in one transaction. Returns the refunded order, or null when none
   * is overdue.
   */
  function refundNext(now: Date): Promise<ReportOrderRow | null> {
    return db.transaction(async (tx) => {
      const order = await lockNextOverdueOrder(tx, now);
      if (!order) return null;
      return lifecycle.refundAndMailCustomer(tx, order, REFUND_REASONS.overdue(slaHours), now);
    });
  }

  return {
    /**
     * Refunds every order past its deadline, marks each Refunded and queues each customer's
     * mail. Returns how many it refunded.
     */
    async refundOverdueOrdersAndMailCustomers(now = new Date()): Promise<number> {
      let count = 0;
      for (;;) {
        const order = await refundNext(now);
        if (!order) return count;
        count += 1;
        log.info({ orderId: order.id }, 'overdue order refunded');
      }
    },
  };
}
