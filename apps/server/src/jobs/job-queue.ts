import { SpanStatusCode, trace } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle } from 'pg-boss';
import type { Database, Db, ExecuteSql } from '../db/client.ts';
import type { Tx } from '../db/transaction.ts';
import type { MailMessage } from '../adapters/mail/index.ts';
import { jobRuns } from '../lib/metrics.ts';
import { currentRequestId, runInJobOf } from '../lib/request-id.ts';
import {
  JOB_QUEUE_SCHEMA,
  countDueJobs,
  countUnfinishedJobs,
  findFailedJobs,
  findFailedJobsAmong,
  findJobsOfOrder,
  findMailJobsSince,
  jobCountsByState,
  unfinishedJobStats,
} from './job-queue.repo.ts';
import { copyJobsOfPgBoss10 } from './pg-boss-10-jobs.ts';

/** A receipt to render on delivery: the intent and the balance its credit left. */
export interface ReceiptJob {
  intentId: string;
  balance: number;
}

/**
 * A mail to deliver: rendered when it was queued, stored sealed (mail-sealing.ts; `message` is
 * what a service hands the queue, or a row queued before sealing), or a receipt, rendered on
 * delivery from the intent and the balance its credit left (the payments service knows neither
 * the product name nor the addresses).
 */
export type MailJob =
  | {
      kind: 'message';
      message: MailMessage;
      /** The order whose report PDF goes with the mail, read from storage on delivery. */
      attachReportOf?: string;
    }
  | { kind: 'sealed'; sealed: string; attachReportOf?: string }
  | ({ kind: 'receipt' } & ReceiptJob);

/** Every job this server queues, by queue name, with the data it carries. */
export interface Jobs {
  mail: MailJob;
  'sla-refunds': Record<string, never>;
  /**
   * One attempt at an order's report; `regenerate` redoes a generated report (admin); `retry` is
   * the failed-attempts count a retry was queued after (a later attempt makes it stale).
   */
  'report-generation': { orderId: string; regenerate?: boolean; retry?: number };
  /** One recall watch pass (modules/recall-watch); each queues the next. */
  'recall-watch': Record<string, never>;
}
export type JobName = keyof Jobs;

interface QueueSettings {
  policy: 'standard' | 'stately';
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
  /**
   * A running job's worker writes that it is alive this often (pg-boss refreshes it every half
   * interval); a job whose worker has not for this long is failed at the next supervision and
   * retried. null: only expireInSeconds ends a dead worker's job.
   */
  heartbeatSeconds: number | null;
  retentionSeconds: number;
  pollingIntervalSeconds: number;
  /** Jobs of the queue one instance runs at once (each in its own fetch loop). */
  concurrency: number;
}

/**
 * Retry numbers (docs/decisions/0008-job-queue.md). A mail is tried again after 1–2 s, then
 * 2–4 s, 4–8 s, ... (pg-boss doubles the delay and adds up to as much again at random), 16
 * times: at least 18 hours before it is given up, so an SMTP outage of 10 minutes is covered
 * after 10 retries. Retention must outlast the retries: pg-boss deletes a job still waiting
 * past it. An attempt (nodemailer's timeouts) ends well before the job expires.
 */
const QUEUES: Record<JobName, QueueSettings> = {
  mail: {
    policy: 'standard',
    retryLimit: 16,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds: 120,
    heartbeatSeconds: null,
    retentionSeconds: 3 * 24 * 3600,
    // Keeps delivery under a second.
    pollingIntervalSeconds: 0.5,
    // One at a time: a customer's mails arrive in the order of the changes.
    concurrency: 1,
  },
  // One refund pass at a time across all instances (stately: one queued, one active); each
  // pass queues the next, so no retry is needed.
  'sla-refunds': {
    policy: 'stately',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 300,
    heartbeatSeconds: null,
    retentionSeconds: 24 * 3600,
    pollingIntervalSeconds: 2,
    concurrency: 1,
  },
  // Provider failures are retried by the handler itself, on its own schedule (decision 0014);
  // pg-boss's retries cover a worker that died or a database error mid-attempt. An attempt is
  // cut at REPORT_JOB_TIMEOUT_SECONDS (at most 40), before the job expires. A worker that dies
  // stops its heartbeat: its report is tried again 20 to 40 s later (heartbeat, supervision,
  // retry delay) instead of 55 to 125 s (expiry, supervision, retry delay).
  'report-generation': {
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 45,
    heartbeatSeconds: 10,
    retentionSeconds: 3 * 24 * 3600,
    pollingIntervalSeconds: 1,
    // An attempt mostly waits for the providers; rendering takes a fraction of a second of CPU.
    // Several at once keep a slow provider from queueing every order behind one: 50 orders with
    // a 2 s provider took a median 15.9 s to complete with 8, 9.3 s with 16 (bench/).
    concurrency: 16,
  },
  // One recall watch pass at a time across all instances, like the refund pass; the pass's own
  // lease (recall-watch.repo.ts) also keeps the CLI's watch-now from running beside it. A pass
  // waits on the provider for up to RECALL_WATCH_CALLS_PER_PASS calls.
  'recall-watch': {
    policy: 'stately',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 30 * 60,
    heartbeatSeconds: null,
    retentionSeconds: 7 * 24 * 3600,
    pollingIntervalSeconds: 5,
    concurrency: 1,
  },
};

const SUPERVISE_SECONDS = 10;

export interface JobOptions {
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
  /** Not before this time. */
  startAfter?: Date;
}

export type JobHandler<N extends JobName> = (job: { id: string; data: Jobs[N] }) => Promise<void>;

/** What a service needs to queue work: the caller's transaction makes it durable with the change. */
export interface JobSender {
  enqueue<N extends JobName>(
    executor: Db | Tx,
    name: N,
    data: Jobs[N],
    options?: JobOptions,
  ): Promise<void>;
}

export interface JobQueue extends JobSender {
  /**
   * Runs `handler` for each job of `name` in this process, one registration per queue, at most
   * `concurrency` at once (default: the queue's).
   */
  work<N extends JobName>(
    name: N,
    handler: JobHandler<N>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /**
   * Resolves once no job of this process's queues is due or running (jobs waiting for a retry
   * or a later start do not count): tests use it instead of waiting for the pollers.
   */
  drain(): Promise<void>;
  /** Jobs of `name` not finished yet (queued, waiting for a retry, or running). */
  unfinished(name: JobName): Promise<number>;
  /** Unfinished jobs per queue and state, with the age of the oldest (GET /metrics). */
  queueStats(): Promise<{ queue: string; state: string; count: number; oldestSeconds: number }[]>;
  /**
   * Stops taking jobs and waits up to `timeoutMs` (default 5 s) for running ones; a job still
   * running then is left active and expires to another instance. Once per queue: later calls
   * wait for the first.
   */
  stop(timeoutMs?: number): Promise<void>;
  /** What operators look at (`npm run cli -- jobs`, `order`); reads pg-boss's tables. */
  inspect: JobInspector;
}

/** A job as an operator sees it. */
export interface JobSummary {
  id: string;
  queue: string;
  state: string;
  createdOn: Date;
  /** When it failed or completed; null while unfinished. */
  completedOn: Date | null;
  retryCount: number;
  /** The first line of the error of its last failed attempt, if any. */
  error: string | null;
}

export interface JobInspector {
  /** Jobs per queue and state, every queue of this server listed. */
  countsByState(): Promise<{ queue: string; state: string; count: number }[]>;
  /** Failed jobs (retries used up), newest first. */
  failed(limit: number): Promise<JobSummary[]>;
  /** Jobs whose data names the order, oldest first. */
  ofOrder(orderId: string): Promise<JobSummary[]>;
  /** Mail jobs queued since `since` (at most `limit`), with their data, oldest first. */
  mailsSince(since: Date, limit: number): Promise<(JobSummary & { data: MailJob })[]>;
  /** Queues failed jobs again, by id or all of them; resolves to the number queued again. */
  retry(target: readonly string[] | 'all-failed'): Promise<number>;
}

export interface JobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

const tracer = trace.getTracer('vr-jobs');

/**
 * One run of a job: in the context of the request that queued it (its log lines name the
 * request), as a span carrying the request id, timed by queue and outcome. A failure is logged
 * and thrown on: pg-boss keeps it as the job's output and retries on the queue's schedule.
 */
async function runJob<N extends JobName>(
  name: N,
  job: { id: string; data: Jobs[N] & { requestId?: string } },
  handler: JobHandler<N>,
  log: JobLogger,
): Promise<void> {
  const { requestId, ...data } = job.data;
  const end = jobRuns.startTimer({ queue: name });
  const attributes = { 'job.queue': name, 'job.id': job.id, 'http.request.id': requestId };
  await runInJobOf(requestId, () =>
    tracer.startActiveSpan(`job ${name}`, { attributes }, async (span) => {
      try {
        await handler({ id: job.id, data: data as Jobs[N] });
        end({ outcome: 'completed' });
      } catch (err) {
        end({ outcome: 'failed' });
        span.setStatus({ code: SpanStatusCode.ERROR });
        log.warn({ err, job: { name, id: job.id } }, 'job failed; it is retried later');
        throw err;
      } finally {
        span.end();
      }
    }),
  );
}

/** pg-boss's schema, whose tables hold the jobs' data (tests read them). */
export { JOB_QUEUE_SCHEMA };

async function createOrUpdateQueues(boss: PgBoss): Promise<void> {
  for (const [name, queue] of Object.entries(QUEUES)) {
    const settings = {
      retryLimit: queue.retryLimit,
      retryDelay: queue.retryDelay,
      retryBackoff: queue.retryBackoff,
      expireInSeconds: queue.expireInSeconds,
      retentionSeconds: queue.retentionSeconds,
      ...(queue.heartbeatSeconds === null ? {} : { heartbeatSeconds: queue.heartbeatSeconds }),
    };
    await boss.createQueue(name, { policy: queue.policy, ...settings });
    // createQueue leaves an existing queue as it was; settings changed since take effect here.
    await boss.updateQueue(name, settings);
  }
}

/** Starts pg-boss on the database (in its own schema) with this server's queues. */
export async function createJobQueue(deps: {
  database: Database;
  log: JobLogger;
}): Promise<JobQueue> {
  const { database, log } = deps;
  // While this instance sets up, pg-boss's SQL runs on the connection that holds the setup turn.
  let setUpSql: ExecuteSql | null = null;
  const boss = new PgBoss({
    schema: JOB_QUEUE_SCHEMA,
    backend: database.kind,
    db: { executeSql: (text, values) => (setUpSql ?? database.executeSql)(text, values) },
    // Cron scheduling is not used; its clock monitor would only add timers.
    schedule: false,
    // How soon a job whose worker died (heartbeat stale, or expired) is failed and retried:
    // pg-boss checks every 60 s unless told otherwise. One instance at a time does it.
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  // Two instances creating the queues at once deadlock on pg-boss's tables: they take turns.
  await database.setUpInTurn(async (executeSql) => {
    setUpSql = executeSql;
    try {
      await boss.start();
      await createOrUpdateQueues(boss);
      const copied = await copyJobsOfPgBoss10(boss, executeSql, Object.keys(QUEUES));
      if (copied !== null) log.info({ copied }, 'jobs queued by pg-boss 10 copied to pg-boss 12');
    } finally {
      setUpSql = null;
    }
  });

  const working = new Set<JobName>();
  const workerIds: string[] = [];
  let stopping: Promise<void> | undefined;

  const { executeSql } = database;
  const inspect: JobInspector = {
    countsByState: () => jobCountsByState(executeSql),
    failed: (limit) => findFailedJobs(executeSql, limit),
    ofOrder: (orderId) => findJobsOfOrder(executeSql, orderId),
    mailsSince: (since, limit) => findMailJobsSince(executeSql, since, limit),
    async retry(target) {
      const failed = await findFailedJobsAmong(
        executeSql,
        target === 'all-failed' ? 'all' : target,
      );
      let retried = 0;
      for (const queue of new Set(failed.map((job) => job.queue))) {
        const ids = failed.filter((job) => job.queue === queue).map((job) => job.id);
        // pg-boss 12 answers the count it queued again, though its types leave it out.
        const answer = (await boss.retry(queue, ids)) as { affected?: number };
        retried += answer.affected ?? 0;
      }
      return retried;
    },
  };

  return {
    async enqueue(executor, name, data, options = {}) {
      // A job queued while answering a request carries its id: the job's log lines name it.
      const requestId = currentRequestId();
      await boss.send(name, requestId ? { ...data, requestId } : data, {
        // The caller's transaction (or database): the job commits with the change causing it.
        db: fromDrizzle(executor, sql),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
    },

    async work(name, handler, options = {}) {
      if (working.has(name)) throw new Error(`jobs of ${name} already have a handler`);
      working.add(name);
      const { pollingIntervalSeconds } = QUEUES[name];
      const concurrency = options.concurrency ?? QUEUES[name].concurrency;
      // One loop per job run at once, each fetching one job at a time in the order queued: with
      // one loop (mail) a customer's mails arrive in the order of the changes that caused them.
      for (let loop = 0; loop < concurrency; loop++) {
        let workerId = '';
        workerId = await boss.work<Jobs[typeof name]>(
          name,
          { batchSize: 1, pollingIntervalSeconds },
          async ([job]) => {
            try {
              await runJob(name, job!, handler, log);
            } finally {
              // After a job, the loop fetches again at once instead of pausing for the poll.
              boss.notifyWorker(workerId);
            }
          },
        );
        workerIds.push(workerId);
      }
    },

    async drain() {
      // This process's workers do the work, woken from their polling pause, so jobs run in
      // order and never twice at once; done when none of their queues has a job due or running.
      const names = [...working];
      for (;;) {
        for (const id of workerIds) boss.notifyWorker(id);
        const due = await countDueJobs(executeSql, names);
        if (due === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },

    unfinished: (name) => countUnfinishedJobs(executeSql, name),

    queueStats: () => unfinishedJobStats(executeSql),

    stop(timeoutMs = 5000) {
      stopping ??= boss.stop({ graceful: true, timeout: timeoutMs });
      return stopping;
    },

    inspect,
  };
}
