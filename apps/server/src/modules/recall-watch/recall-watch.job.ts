import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { RecallWatchService } from './recall-watch.service.ts';

/**
 * Runs a recall watch pass every `hours` on the job queue (`worker` and `all` roles): each pass
 * first queues the next, and the stately queue keeps one waiting and one running across all
 * instances. Each instance queues one at start for `hours` after the last pass (dropped when one
 * is already waiting), so a restart does not ask the provider again before its time.
 */
export async function registerRecallWatchJob(
  jobs: JobQueue,
  deps: { db: Db; recallWatch: RecallWatchService },
  hours: number,
): Promise<void> {
  const everySeconds = Math.round(hours * 3600);
  await jobs.work('recall-watch', async () => {
    await jobs.enqueue(deps.db, 'recall-watch', {}, { startAfterSeconds: everySeconds });
    await deps.recallWatch.runPass();
  });
  const last = await deps.recallWatch.lastPassAt();
  const next = last ? new Date(last.getTime() + everySeconds * 1000) : null;
  await jobs.enqueue(
    deps.db,
    'recall-watch',
    {},
    next && next.getTime() > Date.now() ? { startAfter: next } : {},
  );
}
