import type { ExecuteSql } from '../db/client.ts';
import type { JobSummary, MailJob } from './job-queue.ts';

/** pg-boss 12 keeps its tables here; it cannot open the `pgboss` schema of version 10. */
export const JOB_QUEUE_SCHEMA = 'pgboss_v12';

const JOBS = `${JOB_QUEUE_SCHEMA}.job`;

const SUMMARY = `id::text, name AS queue, state::text, created_on AS "createdOn",
  completed_on AS "completedOn", retry_count AS "retryCount",
  split_part(COALESCE(output->>'message', ''), E'\\n', 1) AS error`;

async function summaries<T = JobSummary>(
  executeSql: ExecuteSql,
  rest: string,
  values: unknown[],
  extra = '',
): Promise<T[]> {
  const { rows } = await executeSql(`SELECT ${SUMMARY}${extra} FROM ${JOBS} ${rest}`, values);
  return (rows as (T & { error: string })[]).map((row) => ({ ...row, error: row.error || null }));
}

/** Jobs per queue and state. */
export async function jobCountsByState(
  executeSql: ExecuteSql,
): Promise<{ queue: string; state: string; count: number }[]> {
  const { rows } = await executeSql(
    `SELECT name AS queue, state::text, count(*)::int AS count FROM ${JOBS}
     GROUP BY name, state ORDER BY name, state`,
  );
  return rows as { queue: string; state: string; count: number }[];
}

/** Failed jobs (retries used up), newest first. */
export const findFailedJobs = (executeSql: ExecuteSql, limit: number) =>
  summaries(executeSql, `WHERE state = 'failed' ORDER BY completed_on DESC LIMIT $1`, [limit]);

/** The failed jobs among `ids`, or every failed job. */
export const findFailedJobsAmong = (executeSql: ExecuteSql, ids: readonly string[] | 'all') =>
  ids === 'all'
    ? summaries(executeSql, `WHERE state = 'failed'`, [])
    : summaries(executeSql, `WHERE id::text = ANY($1) AND state = 'failed'`, [ids]);

/** Jobs whose data names the order, oldest first. */
export const findJobsOfOrder = (executeSql: ExecuteSql, orderId: string) =>
  summaries(executeSql, `WHERE data->>'orderId' = $1 ORDER BY created_on, id`, [orderId]);

/** Mail jobs queued since `since` (at most `limit`), with their data, oldest first. */
export const findMailJobsSince = (executeSql: ExecuteSql, since: Date, limit: number) =>
  summaries<JobSummary & { data: MailJob }>(
    executeSql,
    `WHERE name = 'mail' AND created_on >= $1 ORDER BY created_on, id LIMIT $2`,
    [since, limit],
    ', data',
  );

async function countJobs(executeSql: ExecuteSql, where: string, values: unknown[]) {
  const { rows } = await executeSql(
    `SELECT count(*)::int AS n FROM ${JOBS} WHERE ${where}`,
    values,
  );
  return (rows[0] as { n: number }).n;
}

/** Jobs of `names` running, or queued and due. */
export const countDueJobs = (executeSql: ExecuteSql, names: readonly string[]) =>
  countJobs(
    executeSql,
    `name = ANY($1) AND (state = 'active' OR (state < 'active' AND start_after < now()))`,
    [names],
  );

/** Jobs of `name` not finished yet (queued, waiting for a retry, or running). */
export const countUnfinishedJobs = (executeSql: ExecuteSql, name: string) =>
  countJobs(executeSql, `name = $1 AND state < 'completed'`, [name]);

/** Unfinished jobs per queue and state, with the age of the oldest. */
export async function unfinishedJobStats(
  executeSql: ExecuteSql,
): Promise<{ queue: string; state: string; count: number; oldestSeconds: number }[]> {
  const { rows } = await executeSql(
    `SELECT name AS queue, state::text AS state, count(*)::int AS count,
       coalesce(extract(epoch FROM now() - min(created_on)), 0)::float8 AS "oldestSeconds"
     FROM ${JOBS} WHERE state < 'completed' GROUP BY name, state`,
  );
  return rows as { queue: string; state: string; count: number; oldestSeconds: number }[];
}
