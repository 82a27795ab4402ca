import type { Database, Db } from '../../src/db/client.ts';
import { JOB_QUEUE_SCHEMA, type JobQueue } from '../../src/jobs/job-queue.ts';

/**
 * The job queue of each test app, by its database, so helpers that are handed only the
 * database (lastMail, createVerifiedUser) can run the queued mails before reading them.
 */
const queues = new WeakMap<Db, JobQueue>();

export function registerTestJobs(db: Db, jobs: JobQueue): void {
  queues.set(db, jobs);
}

/** Runs the jobs due on this database to completion (no-op when no test app queues on it). */
export async function settleJobs(db: Db): Promise<void> {
  await queues.get(db)?.drain();
}

/**
 * The data of every job row the queue keeps (active, done, and archived where pg-boss archives),
 * as text: every table of the queue's schema with a `data` column, so it follows pg-boss's layout.
 */
export async function storedJobData(database: Database): Promise<string[]> {
  const tables = await database.executeSql(
    `SELECT table_name FROM information_schema.columns
     WHERE table_schema = $1 AND column_name = 'data' AND data_type IN ('json', 'jsonb')`,
    [JOB_QUEUE_SCHEMA],
  );
  const texts: string[] = [];
  for (const { table_name: table } of tables.rows as { table_name: string }[]) {
    const rows = await database.executeSql(
      `SELECT data::text AS data FROM "${JOB_QUEUE_SCHEMA}"."${table}" WHERE data IS NOT NULL`,
    );
    texts.push(...(rows.rows as { data: string }[]).map((r) => r.data));
  }
  return texts;
}
