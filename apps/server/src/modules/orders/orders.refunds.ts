import { REPORT_COST_CREDITS } from '@vr/contracts';
import type { Tx } from '../../db/transaction.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../jobs/mail-delivery.ts';
import { refund } from '../credits/credits.ledger.ts';
import { orderRefundedMail, type OrderMailContext } from './orders.mails.ts';
import { findCustomerEmail, markOrderRefunded, type ReportOrderRow } from './orders.repo.ts';

/**
 * Refunds an order the caller has locked in `tx`: the ledger refund (once per order), status
 * Refunded, and the customer's mail saying `reason`, all in the caller's transaction. Both the
 * SLA pass and report generation refund through this.
 */
export async function refundOrderAndMailCustomer(
  tx: Tx,
  deps: { jobs: JobSender; mail: OrderMailContext },
  order: ReportOrderRow,
  reason: string,
  now: Date,
): Promise<ReportOrderRow> {
  await refund(tx, { userId: order.userId, credits: REPORT_COST_CREDITS, reference: order.id });
  const refunded = await markOrderRefunded(tx, order.id, now);
  const email = await findCustomerEmail(tx, order.userId);
  if (email)
    await enqueueMail(deps.jobs, tx, orderRefundedMail(deps.mail, email, refunded, reason));
  return refunded;
}
