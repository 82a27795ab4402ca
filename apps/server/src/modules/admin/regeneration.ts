import { ADMIN_MESSAGES } from '@vr/contracts';
import type { Tx } from '../../db/transaction.ts';
import { HttpError } from '../../http/errors.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { recordAudit } from '../audit/index.ts';
import type { ReportOrderRow } from '../orders/index.ts';

/**
 * Queues another generation of an order the caller has locked in `tx`, with its audit row: an
 * open order gets an attempt at once, a Completed one with a generated report gets it redone.
 * An uploaded report is never replaced by a generated one; a refunded order stays so. Used by
 * the admin's Regenerate and by an answer to a reported problem.
 */
export async function queueRegeneration(
  tx: Tx,
  jobs: JobSender,
  actorId: string,
  order: ReportOrderRow,
): Promise<void> {
  if (order.status === 'Refunded') throw new HttpError(409, ADMIN_MESSAGES.regenerateRefunded);
  if (order.status === 'Completed' && order.reportSource !== 'generated') {
    throw new HttpError(409, ADMIN_MESSAGES.regenerateUploaded);
  }
  await jobs.enqueue(tx, 'report-generation', {
    orderId: order.id,
    regenerate: order.status === 'Completed',
  });
  await recordAudit(tx, {
    actorId,
    action: 'order.regenerate',
    targetType: 'order',
    targetId: order.id,
    before: { status: order.status, generationAttempts: order.generationAttempts },
    after: null,
  });
}
