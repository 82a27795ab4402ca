import { adminQuery, databaseUrl } from './support/database-templates.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/job-queue.ts';

const BASE_URL = process.env.TEST_DATABASE_URL;
const silent = { info: () => undefined, error: () => undefined, warn: () => undefined };

describe.skipIf(!BASE_URL)('job queues of instances started together on one PostgreSQL', () => {
  const created: string[] = [];
  const opened: Array<{ database: Database; jobs?: JobQueue }> = [];

  afterAll(async () => {
    for (const { database, jobs } of opened) {
      await jobs?.stop();
      await database.close();
    }
    for (const name of created)
      await adminQuery(BASE_URL!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  /** Boots `count` instances on one fresh database at the same moment, as a deploy does. */
  async function bootTogether(count: number): Promise<JobQueue[]> {
    const name = `vr_jobs_${process.pid}_${Date.now()}_${created.length}`;
    await adminQuery(BASE_URL!, `CREATE DATABASE "${name}"`);
    created.push(name);
    const url = databaseUrl(BASE_URL!, name);
    return Promise.all(
      Array.from({ length: count }, async () => {
        // A pool of one: setup must not need a second connection while it holds its turn.
        const database = await openDatabase({ databaseUrl: url, dataDir: null, poolMax: 1 });
        const entry: { database: Database; jobs?: JobQueue } = { database };
        opened.push(entry);
        entry.jobs = await createJobQueue({ database, log: silent });
        return entry.jobs;
      }),
    );
  }

  it('all set up their queues, and a job one queues is run by another', async () => {
    // Each round starts on an empty database; one round alone may miss the race.
    for (let round = 0; round < 4; round++) {
      const [first, second, third] = await bootTogether(3);
      const ran: string[] = [];
      await second!.work('mail', async (job) => {
        ran.push(job.data.kind === 'message' ? job.data.message.subject : job.data.kind);
      });
      const { database } = opened.at(-3)!;
      await first!.enqueue(database.db, 'mail', {
        kind: 'message',
        message: {
          to: 'a@example.com',
          subject: `round ${round}`,
          text: 'hello',
          html: '<p>hello</p>',
        },
      });
      await second!.drain();
      expect(ran).toEqual([`round ${round}`]);
      expect(await third!.unfinished('mail')).toBe(0);
    }
  });
});
