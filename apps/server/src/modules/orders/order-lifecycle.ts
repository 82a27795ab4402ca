import { REPORT_COST_CREDITS } from '@vr/contracts';
import type { MailMessage } from '../../adapters/mail/index.ts';
import type { ReportSource } from '../../db/schema.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../jobs/mail-delivery.ts';
import { recordAudit } from '../audit/index.ts';
import { refund } from '../credits/index.ts';
import {
  orderRefundedMail,
  reportReadyMail,
  reportUpdatedMail,
  type OrderMailContext,
} from './orders.mails.ts';
import {
  findCustomerEmail,
  markOrderCompleted,
  markOrderRefunded,
  markPendingOrderProcessing,
  recordGenerationFailure,
  type ReportOrderRow,
} from './orders.repo.ts';

export interface OrderLifecycleDeps {
  /** The queue the customer's mails go on, in the transaction of the move. */
  jobs: JobSender;
  mail: OrderMailContext;
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;

/**
 * How an order moves once it is placed Pending (docs/product-rules.md#order-statuses): to
 * Processing, to Completed with a report, to Refunded with its credit back. Every write to an
 * order after it is placed is one of these. Each runs in the caller's transaction, on the order
 * the caller has locked where it takes a row, so the caller's own rows and checks land with it;
 * each brings what goes with the move: the ledger refund, the customer's mail, the audit row of
 * an admin's move. Which move is allowed from which status is the caller's check, since each
 * caller answers a refused one its own way (409, or dropping a job's work).
 */
export function createOrderLifecycle({ jobs, mail }: OrderLifecycleDeps) {
  async function mailCustomer(
    tx: Tx,
    order: ReportOrderRow,
    message: (to: string) => MailMessage,
    options?: { attachReportOf: string },
  ): Promise<void> {
    const email = await findCustomerEmail(tx, order.userId);
    if (email) await enqueueMail(jobs, tx, message(email), options);
  }

  return {
    /**
     * Pending → Processing; false when the order is not Pending (or not there). With `actorId`
     * (an admin taking the order by hand) the audit row lands with the move, so `executor` must
     * then be the caller's transaction.
     */
    async startProcessing(executor: DbOrTx, orderId: string, actorId?: string): Promise<boolean> {
      const moved = await markPendingOrderProcessing(executor, orderId);
      if (moved && actorId) {
        await recordAudit(executor, {
          actorId,
          action: 'order.processing',
          targetType: 'order',
          targetId: orderId,
          before: { status: 'Pending' },
          after: { status: 'Processing' },
        });
      }
      return moved;
    },

    /**
     * Pending or Processing → Completed with `report`, or a Completed order's report replaced;
     * the customer is mailed that the report is ready, or that it was updated, with the PDF
     * attached on delivery. `order` is the row the caller locked; answers the completed one.
     */
    async complete(
      tx: Tx,
      order: ReportOrderRow,
      report: { key: string; source: ReportSource },
      at: Date,
    ): Promise<ReportOrderRow> {
      const completed = await markOrderCompleted(tx, order, report, at);
      const notice = order.status === 'Completed' ? reportUpdatedMail : reportReadyMail;
      await mailCustomer(tx, completed, (to) => notice(mail, to, completed), {
        attachReportOf: completed.id,
      });
      return completed;
    },

    /** A failed generation attempt, and when the next one is queued for (null: none). */
    recordFailedAttempt(
      tx: Tx,
      orderId: string,
      failure: { attempts: number; lastError: string; nextAt: Date | null },
      at: Date,
    ): Promise<void> {
      return recordGenerationFailure(tx, orderId, failure, at);
    },

    /**
     * An open order → Refunded (the SLA pass, a report that cannot be made): the ledger refund
     * (once per order), the status, and the customer's mail saying `reason`.
     */
    async refundAndMailCustomer(
      tx: Tx,
      order: ReportOrderRow,
      reason: string,
      at: Date,
    ): Promise<ReportOrderRow> {
      await refund(tx, { userId: order.userId, credits: REPORT_COST_CREDITS, reference: order.id });
      const refunded = await markOrderRefunded(tx, order.id, at);
      await mailCustomer(tx, refunded, (to) => orderRefundedMail(mail, to, refunded, reason));
      return refunded;
    },

    /**
     * An admin returns the credit of an order (Completed → Refunded, for a problem found in its
     * report): the ledger refund naming the admin and `reason`, the status and the audit row.
     * Null, with nothing changed, when the order's credit was returned before.
     */
    async refundByAdmin(
      tx: Tx,
      order: ReportOrderRow,
      by: { actorId: string; reason: string },
      at: Date,
    ): Promise<ReportOrderRow | null> {
      const { actorId, reason } = by;
      const ledger = await refund(tx, {
        userId: order.userId,
        credits: REPORT_COST_CREDITS,
        reference: order.id,
        actorId,
        reason,
      });
      if (!ledger.applied) return null;
      const refunded = await markOrderRefunded(tx, order.id, at);
      await recordAudit(tx, {
        actorId,
        action: 'order.refund',
        targetType: 'order',
        targetId: order.id,
        before: { status: order.status },
        after: {
          status: 'Refunded',
          credits: REPORT_COST_CREDITS,
          balance: ledger.balance,
          reason,
        },
      });
      return refunded;
    },
  };
}
