import { ADMIN_MESSAGES } from '@vr/contracts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { adjustTo } from '../credits/credits.ledger.ts';
import { findOrder, markPendingOrderProcessing } from '../orders/orders.repo.ts';
import { findAdminUser } from './admin.repo.ts';

export type AdminService = ReturnType<typeof createAdminService>;

/** The admin's changes: each lands with its audit row in one transaction. */
export function createAdminService({ db }: { db: Db }) {
  return {
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
      const moved = await db.transaction(async (tx) => {
        if (!(await markPendingOrderProcessing(tx, orderId))) return false;
        await recordAudit(tx, {
          actorId,
          action: 'order.processing',
          targetType: 'order',
          targetId: orderId,
          before: { status: 'Pending' },
          after: { status: 'Processing' },
        });
        return true;
      });
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
