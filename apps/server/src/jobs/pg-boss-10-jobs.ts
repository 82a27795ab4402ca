import type { JobInsert, PgBoss } from 'pg-boss';
import type { ExecuteSql } from '../db/client.ts';

/** Where pg-boss 10 kept its jobs (versions up to c0a0454), and its name once copied. */
const OLD_SCHEMA = 'pgboss';
const COPIED_SCHEMA = 'pgboss_v10';

interface OldJob extends JobInsert {
  name: string;
}

/**
 * Copies the jobs pg-boss 10 still had to run (queued, waiting for a retry, or running when the
 * old instance stopped) into pg-boss 12's queues, then renames the old schema, so the copy
 * happens once (docs/decisions/0018-pg-boss-12.md). Each job keeps its id (a mail's Message-ID
 * and outbox key), payload, singleton key and start time; it starts over with its queue's
 * current retries. Returns how many were copied, or null when there was no old schema.
 *
 * Runs in the setup turn, so two instances never copy at once. No transaction: pg-boss's own
 * maintenance may run on the same connection meanwhile. A process that dies before the rename
 * copies again on its next boot, and pg-boss skips every job whose id is already there.
 */
export async function copyJobsOfPgBoss10(
  boss: PgBoss,
  executeSql: ExecuteSql,
  queues: string[],
): Promise<number | null> {
  const { rows: found } = await executeSql(`SELECT to_regclass($1) IS NOT NULL AS present`, [
    `${OLD_SCHEMA}.job`,
  ]);
  if (!(found[0] as { present: boolean }).present) return null;
  const { rows } = await executeSql(
    `SELECT id::text, name, data, priority, singleton_key AS "singletonKey",
        start_after AS "startAfter"
      FROM ${OLD_SCHEMA}.job
      WHERE state IN ('created', 'retry', 'active') AND name = ANY($1)
      ORDER BY created_on`,
    [queues],
  );
  const jobs = rows as OldJob[];
  for (const queue of queues) {
    const queued = jobs
      .filter((job) => job.name === queue)
      .map(({ id, data, priority, singletonKey, startAfter }) => ({
        id,
        data,
        priority,
        startAfter,
        ...(singletonKey ? { singletonKey } : {}),
      }));
    if (queued.length > 0) await boss.insert(queue, queued, { db: { executeSql } });
  }
  // Renamed, not dropped: finished and failed jobs stay readable for an operator, and an
  // instance of the old version still running fails loudly instead of queueing into a schema
  // no one reads.
  await executeSql(`ALTER SCHEMA ${OLD_SCHEMA} RENAME TO ${COPIED_SCHEMA}`);
  return jobs.length;
}
