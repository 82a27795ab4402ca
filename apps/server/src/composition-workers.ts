import type { Adapters } from './composition-adapters.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerMailDeliveryJob } from './jobs/mail-delivery.job.ts';
import { registerSlaRefundJob } from './modules/orders/index.ts';
import { registerRecallWatchJob } from './modules/recall-watch/index.ts';
import { registerReportGenerationJob, REPORT_JOBS_PER_THREAD } from './modules/reports/index.ts';
import type { Services } from './services.ts';

/** Workers of the role a test leaves off, to drive their work by hand (default: all on). */
export interface WorkerSwitches {
  reports?: boolean;
  slaRefunds?: boolean;
  recallWatch?: boolean;
}

/**
 * Every job worker a process runs, by its ROLE (docs/decisions/0021-render-pool-and-roles.md):
 * `all` and `worker` deliver mails, generate reports and run the SLA refund and recall watch
 * passes; `web` queues jobs and runs none. The CLI registers none either: it queues, and a
 * server's workers deliver.
 */
export async function registerJobWorkers(
  config: Config,
  database: Database,
  adapters: Pick<Adapters, 'jobs' | 'mailer' | 'renderThreads'>,
  services: Services,
  switches: WorkerSwitches = {},
): Promise<void> {
  if (config.ROLE === 'web') return;
  const { jobs } = adapters;
  await registerMailDeliveryJob(jobs, {
    mailer: adapters.mailer,
    renderReceiptMail: services.receiptMails.renderReceiptMail,
    openSealedMail: services.openSealedMail,
    reportAttachment: services.reports.reportAttachment,
  });
  if (switches.reports ?? true) {
    await registerReportGenerationJob(
      jobs,
      services.generation,
      adapters.renderThreads * REPORT_JOBS_PER_THREAD,
    );
  }
  if (switches.slaRefunds ?? true) {
    await registerSlaRefundJob(
      jobs,
      { db: database.db, refunds: services.slaRefunds },
      config.SLA_POLL_SECONDS,
    );
  }
  if (switches.recallWatch ?? true) {
    await registerRecallWatchJob(
      jobs,
      { db: database.db, recallWatch: services.recallWatch },
      config.RECALL_WATCH_HOURS,
    );
  }
}
