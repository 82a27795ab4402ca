import { ADMIN_MESSAGES } from '@vr/contracts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { adjustTo } from '../credits/index.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { findOrder, lockOrder, type OrderLifecycle } from '../orders/index.ts';
import { queueRegeneration } from './regeneration.ts';
import { findAdminUser } from './admin.repo.ts';

export type AdminService = ReturnType<typeof createAdminService>;

/** The admin's changes: each lands with its audit row in one transaction. */
export function createAdminService({
  db,
  jobs,
  lifecycle,
}: {
  db: Db;
  jobs: JobSender;
  lifecycle: Pick<OrderLifecycle, 'startProcessing'>;
}) {
  return {
    /**
     * Queues the report of an order to be generated again now (docs/admin-api.md): an open
     * order gets an attempt at once; a Completed one with a generated report gets it redone.
     * An uploaded report is never replaced by a generated one; a refunded order stays so.
     */
    async regenerateOrderReport(actorId: string, orderId: string) {
      const status = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw new HttpError(404, ADMIN_MESSAGES.orderNotFound);
        await queueRegeneration(tx, jobs, actorId, order);
        return order.status;
      });
      return { success: true, message: ADMIN_MESSAGES.regenerateQueued, status };
    },

    /** Sets a user's balance (one ledger adjustment); answers what changed. */
    async setCredit(actorId: string, userId: string, credit: number) {
      if (!(await findAdminUser(db, { id: userId }))) {
        throw new HttpError(404, ADMIN_MESSAGES.noUserFound);
      }
      const previous = await db.transaction(async (tx) => {
        const ledger = await adjustTo(tx, { userId, newBalance: credit, actorId });
        if (ledger.applied) {
          await recordAudit(tx, {
            actorId,
            action: 'credit.set',
            targetType: 'user',
            targetId: userId,
            before: { credit: ledger.previous },
            after: { credit },
          });
        }
        return ledger.previous;
      });
      return {
        success: true,
        message:
          previous === credit
            ? `Credit unchanged at ${credit}.`
            : `Credit updated from ${previous} to ${credit}.`,
      };
    },

    /**
     * An admin takes a Pending order, so the others see it is being worked on. Only Pending
     * moves; one already Processing answers so again; the SLA clock keeps running.
     */
    async markOrderProcessing(actorId: string, orderId: string) {
      const moved = await db.transaction((tx) => lifecycle.startProcessing(tx, orderId, actorId));
      if (moved) {
        return {
          success: true,
          message: ADMIN_MESSAGES.markedProcessing,
          status: 'Processing' as const,
        };
      }
      const status = (await findOrder(db, orderId))?.status;
      if (!status) throw new HttpError(404, ADMIN_MESSAGES.orderNotFound);
      if (status === 'Processing') {
        return { success: true, message: ADMIN_MESSAGES.alreadyProcessing, status };
      }
      throw new HttpError(409, ADMIN_MESSAGES.onlyPendingToProcessing);
    },
  };
}
