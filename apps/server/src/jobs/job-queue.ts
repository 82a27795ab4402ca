import PgBoss from 'pg-boss';
import type { Database, Db, ExecuteSql } from '../db/client.ts';
import type { Tx } from '../db/transaction.ts';
import type { MailMessage } from '../adapters/mail/index.ts';

/** A receipt to render on delivery: the intent and the balance its credit left. */
export interface ReceiptJob {
  intentId: string;
  balance: number;
}

/**
 * A mail to deliver: rendered when it was queued, or a receipt, rendered on delivery from the
 * intent and the balance its credit left (the payments service knows neither the product name
 * nor the addresses).
 */
export type MailJob =
  { kind: 'message'; message: MailMessage } | ({ kind: 'receipt' } & ReceiptJob);

/** Every job this server queues, by queue name, with the data it carries. */
export interface Jobs {
  mail: MailJob;
  'sla-refunds': Record<string, never>;
  /**
   * One attempt at an order's report; `regenerate` redoes a generated report (admin); `retry` is
   * the failed-attempts count a retry was queued after (a later attempt makes it stale).
   */
  'report-generation': { orderId: string; regenerate?: boolean; retry?: number };
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
    retentionMinutes: 3 * 24 * 60,
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
    retentionMinutes: 24 * 60,
    pollingIntervalSeconds: 2,
    concurrency: 1,
  },
  // Provider failures are retried by the handler itself, on its own schedule (decision 0014);
  // pg-boss's retries cover a worker that died or a database error mid-attempt. An attempt is
  // cut at REPORT_JOB_TIMEOUT_SECONDS (at most 40), before the job expires.
  'report-generation': {
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 45,
    retentionMinutes: 3 * 24 * 60,
    pollingIntervalSeconds: 1,
    // An attempt mostly waits for the providers; rendering takes a fraction of a second of CPU.
    // Several at once keep a slow provider from queueing every order behind one: 50 orders with
    // a 2 s provider took a median 15.9 s to complete with 8, 9.3 s with 16 (bench/).
    concurrency: 16,
  },
};

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

const SCHEMA = 'pgboss';

async function createOrUpdateQueues(boss: PgBoss): Promise<void> {
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
    schema: SCHEMA,
    db: { executeSql: (text, values) => (setUpSql ?? database.executeSql)(text, values) },
    // Cron scheduling is not used; its clock monitor would only add timers.
    schedule: false,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  // Two instances creating the queues at once deadlock on pg-boss's tables: they take turns.
  await database.setUpInTurn(async (executeSql) => {
    setUpSql = executeSql;
    try {
      await boss.start();
      await createOrUpdateQueues(boss);
    } finally {
      setUpSql = null;
    }
  });

  const workers = new Map<JobName, Worker[]>();

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

  return {
    async enqueue(executor, name, data, options = {}) {
      await boss.send(name, data, {
        db: sqlOf(executor),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
    },

    async work(name, handler, options = {}) {
      if (workers.has(name)) throw new Error(`jobs of ${name} already have a handler`);
      workers.set(
        name,
        Array.from({ length: options.concurrency ?? QUEUES[name].concurrency }, () =>
          startWorker(QUEUES[name].pollingIntervalSeconds * 1000, async () => {
            const [job] = await boss.fetch<object>(name, { batchSize: 1 });
            if (job) await runJob(name, handler as JobHandler<JobName>, job);
            return job !== undefined;
          }),
        ),
      );
    },

    async drain() {
      // This process's workers do the work, woken from their polling pause, so jobs run in
      // order and never twice at once; done when none of their queues has a job due or running.
      const names = [...workers.keys()];
      for (;;) {
        for (const worker of [...workers.values()].flat()) worker.wake();
        const { rows } = await database.executeSql(
          `SELECT count(*)::int AS n FROM ${SCHEMA}.job WHERE name = ANY($1)
             AND (state = 'active' OR (state < 'active' AND start_after < now()))`,
          [names],
        );
        if ((rows[0] as { n: number }).n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },

    unfinished: (name) => boss.getQueueSize(name, { before: 'completed' }),

    async stop() {
      await Promise.all([...workers.values()].flat().map((worker) => worker.stop()));
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}

interface Worker {
  /** Ends the polling pause now. */
  wake(): void;
  /** Lets the job in hand finish, then stops. */
  stop(): Promise<void>;
}

/**
 * Runs `step` (fetch one job with pg-boss and run it) again at once after a job, and after a
 * pause of `pauseMs` when none was due. One job at a time per loop, fetched in the order queued (pg-boss
 * returns a larger batch in no particular order): a customer's mails arrive in the order of the
 * changes that caused them. pg-boss 10's own `work()` marks a job done without awaiting it, so a
 * database error at that moment would be an unhandled rejection, which ends the process; here
 * each job is completed or failed, awaited, by `runJob`.
 */
function startWorker(pauseMs: number, step: () => Promise<boolean>): Worker {
  let stopping = false;
  let wake = () => {};
  const loop = (async () => {
    while (!stopping) {
      if (await step()) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pauseMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  return {
    wake: () => wake(),
    async stop() {
      stopping = true;
      wake();
      await loop;
    },
  };
}
