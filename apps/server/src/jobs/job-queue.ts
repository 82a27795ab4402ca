import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client.ts';
import type { Tx } from '../modules/credits/credits.ledger.ts';
import type { MailJob } from './mail-delivery.ts';

/** Every job this server queues, by queue name, with the data it carries. */
export interface Jobs {
  mail: MailJob;
  'sla-refunds': Record<string, never>;
}
export type JobName = keyof Jobs;

interface QueueSettings {
  policy: 'standard' | 'stately';
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
  retentionMinutes: number;
  pollingIntervalSeconds: number;
  batchSize: number;
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
    retentionMinutes: 3 * 24 * 60,
    // pg-boss 10 polls; 0.5 s is its minimum and keeps delivery under a second.
    pollingIntervalSeconds: 0.5,
    batchSize: 20,
  },
  // One refund pass at a time across all instances (stately: one queued, one active); each
  // pass queues the next, so no retry is needed.
  'sla-refunds': {
    policy: 'stately',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 300,
    retentionMinutes: 24 * 60,
    pollingIntervalSeconds: 2,
    batchSize: 1,
  },
};

export interface JobOptions {
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
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
  /** Runs `handler` for each job of `name` in this process, one registration per queue. */
  work<N extends JobName>(name: N, handler: JobHandler<N>): Promise<void>;
  /**
   * Runs every job of this process's queues that is due now, and waits for those already
   * running here, until none is left: tests use it instead of waiting for the pollers.
   */
  drain(): Promise<void>;
  /** Jobs of `name` not finished yet (queued, waiting for a retry, or running). */
  unfinished(name: JobName): Promise<number>;
  /** Stops polling and waits (a few seconds at most) for running jobs. */
  stop(): Promise<void>;
}

export interface JobLogger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Runs pg-boss's SQL on a Drizzle database or transaction, so a job commits with the caller. */
function sqlOf(executor: Db | Tx): PgBoss.Db {
  const session = executor._.session;
  return {
    executeSql: (text, values) =>
      session
        .prepareQuery({ sql: text, params: values ?? [] }, undefined, undefined, false)
        .execute() as Promise<{ rows: unknown[] }>,
  };
}

/** Starts pg-boss on the database (its own schema, `pgboss`) with this server's queues. */
export async function createJobQueue(deps: {
  database: Database;
  log: JobLogger;
}): Promise<JobQueue> {
  const { database, log } = deps;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    // Cron scheduling is not used; its clock monitor would only add timers.
    schedule: false,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const [
    name,
    { policy, retryLimit, retryDelay, retryBackoff, expireInSeconds, retentionMinutes },
  ] of Object.entries(QUEUES)) {
    const options = {
      name,
      policy,
      retryLimit,
      retryDelay,
      retryBackoff,
      expireInSeconds,
      retentionMinutes,
    };
    await boss.createQueue(name, options);
    // createQueue leaves an existing queue as it was; settings changed since take effect here.
    await boss.updateQueue(name, options);
  }

  const handlers = new Map<JobName, JobHandler<JobName>>();
  const running = new Set<Promise<void>>();

  async function runJob(name: JobName, handler: JobHandler<JobName>, job: PgBoss.Job<object>) {
    try {
      await handler({ id: job.id, data: job.data as Jobs[JobName] });
    } catch (err) {
      log.warn({ err, job: { name, id: job.id } }, 'job failed; it is retried later');
      await boss
        .fail(name, job.id, { message: err instanceof Error ? err.message : String(err) })
        .catch((failErr: unknown) => log.error({ err: failErr, jobId: job.id }, 'job not failed'));
      return;
    }
    // If this write is lost the job expires and runs again: handlers are idempotent.
    await boss
      .complete(name, job.id)
      .catch((err: unknown) => log.error({ err, jobId: job.id }, 'job not marked done'));
  }

  function runBatch(name: JobName, handler: JobHandler<JobName>, batch: PgBoss.Job<object>[]) {
    const done = Promise.all(batch.map((job) => runJob(name, handler, job))).then(() => {
      running.delete(done);
    });
    running.add(done);
    return done;
  }

  return {
    async enqueue(executor, name, data, options = {}) {
      await boss.send(name, data, {
        db: sqlOf(executor),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
    },

    async work(name, handler) {
      if (handlers.has(name)) throw new Error(`jobs of ${name} already have a handler`);
      const run = handler as JobHandler<JobName>;
      handlers.set(name, run);
      const { pollingIntervalSeconds, batchSize } = QUEUES[name];
      // Each job is completed or failed on its own; pg-boss's own completion of the batch
      // then finds none left active.
      const workerId = await boss.work<object>(
        name,
        { pollingIntervalSeconds, batchSize },
        async (batch) => {
          await runBatch(name, run, batch);
          // A full batch means more may be waiting: fetch again without the polling pause.
          if (batch.length === batchSize) boss.notifyWorker(workerId);
        },
      );
    },

    async drain() {
      for (;;) {
        await Promise.all(running);
        let fetched = 0;
        for (const [name, handler] of handlers) {
          const batch = await boss.fetch<object>(name, { batchSize: QUEUES[name].batchSize });
          fetched += batch.length;
          if (batch.length > 0) await runBatch(name, handler, batch);
        }
        if (fetched === 0 && running.size === 0) return;
      }
    },

    unfinished: (name) => boss.getQueueSize(name, { before: 'completed' }),

    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
      await Promise.all(running);
    },
  };
}
