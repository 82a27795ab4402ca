import type { Db } from '../../src/db/client.ts';
import type { JobQueue } from '../../src/jobs/job-queue.ts';

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
