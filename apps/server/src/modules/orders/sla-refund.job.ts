import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { SlaRefundService } from './sla-refund.service.ts';

/**
 * Runs the refund pass every `intervalSeconds` on the job queue: each pass first queues the
 * next, and the queue runs one pass at a time across all instances and keeps at most one
 * waiting. Each instance queues one at start (dropped when one is already waiting), so the chain
 * outlives any instance; the state lives in the orders table, so the next pass makes good one
 * that died.
 */
export async function registerSlaRefundJob(
  jobs: JobQueue,
  deps: { db: Db; refunds: SlaRefundService },
  intervalSeconds: number,
): Promise<void> {
  await jobs.work('sla-refunds', async () => {
    await jobs.enqueue(deps.db, 'sla-refunds', {}, { startAfterSeconds: intervalSeconds });
    await deps.refunds.refundOverdueOrdersAndMailCustomers();
  });
  await jobs.enqueue(deps.db, 'sla-refunds', {});
}
