import type { JobQueue } from '../../jobs/job-queue.ts';
import type { ReportGenerationService } from './report-generation.service.ts';

/**
 * Works the `report-generation` queue in this instance, `concurrency` attempts at once (the
 * render pool's share, report-work.ts).
 */
export function registerReportGenerationJob(
  jobQueue: JobQueue,
  generation: Pick<ReportGenerationService, 'generateOrderReport'>,
  concurrency?: number,
): Promise<void> {
  return jobQueue.work('report-generation', ({ data }) => generation.generateOrderReport(data), {
    concurrency,
  });
}
