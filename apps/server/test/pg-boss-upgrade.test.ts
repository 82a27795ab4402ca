import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import type { Jobs } from '../src/jobs/job-queue.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/** Written by c0a0454 (pg-boss 10) with jobs left to run: fixtures/README.md says how. */
const FIXTURES = join(import.meta.dirname, 'fixtures');
const BASE_URL = process.env.TEST_DATABASE_URL;

/** A server of this version on `open`'s database, with report generations recorded, not run. */
async function boot(
  open: () => Promise<Database>,
  reports: Array<Jobs['report-generation']>,
): Promise<TestApp> {
  const t = await createTestApp({ name: 'pglite', open });
  await t.jobs.work('report-generation', async ({ data }) => {
    reports.push(data);
  });
  return t;
}

async function outbox(t: TestApp): Promise<Array<{ subject: string; message_id: string }>> {
  const { rows } = await t.database.executeSql(
    'SELECT subject, message_id FROM outbox ORDER BY subject',
    [],
  );
  return rows as Array<{ subject: string; message_id: string }>;
}

/** The ids of the jobs pg-boss 10 still had to run, by the subject of a mail or the queue. */
async function oldQueuedJobs(t: TestApp): Promise<Map<string, string>> {
  const { rows } = await t.database.executeSql(
    `SELECT id::text, coalesce(data->'message'->>'subject', name) AS what FROM pgboss_v10.job
      WHERE state IN ('created', 'retry', 'active')`,
    [],
  );
  return new Map((rows as Array<{ id: string; what: string }>).map((r) => [r.what, r.id]));
}

/** What a server of this version does with the jobs c0a0454 left queued. */
async function expectOldJobsRunOnce(
  t: TestApp,
  reports: Array<Jobs['report-generation']>,
): Promise<void> {
  const old = await oldQueuedJobs(t);
  expect([...old.keys()].sort()).toEqual([
    'Failed once before the upgrade',
    'Not before 2100',
    'Queued before the upgrade',
    'report-generation',
    'sla-refunds',
  ]);
  await t.jobs.drain();
  // Each due mail delivered once, as the job it was (its id is the mail's Message-ID); the
  // mail delivered before the upgrade is not sent again.
  expect(await outbox(t)).toEqual([
    {
      subject: 'Failed once before the upgrade',
      message_id: old.get('Failed once before the upgrade'),
    },
    { subject: 'Queued before the upgrade', message_id: old.get('Queued before the upgrade') },
  ]);
  // The attempt cut off by the stop runs again, with its payload.
  expect(reports).toEqual([{ orderId: '5b0c6a52-8d8f-4c1e-9a51-0f4f1d2b7e10', retry: 1 }]);
  // The mail queued for later keeps its time.
  expect(await t.jobs.unfinished('mail')).toBe(1);
  const { rows } = await t.database.executeSql(
    `SELECT start_after FROM pgboss_v12.job WHERE id = $1 AND state = 'created'`,
    [old.get('Not before 2100')],
  );
  expect(rows).toEqual([{ start_after: new Date('2100-01-01T00:00:00Z') }]);
}

describe('a DATA_DIR written by c0a0454 with jobs queued', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-pgboss10-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('boots on pg-boss 12 and runs each job once, also after a restart', async () => {
    execFileSync('tar', ['-xJf', join(FIXTURES, 'pgboss10-data-dir.tar.xz'), '-C', dataDir]);
    const open = () => openDatabase({ dataDir });
    const reports: Array<Jobs['report-generation']> = [];
    const first = await boot(open, reports);
    try {
      await expectOldJobsRunOnce(first, reports);
    } finally {
      await first.close();
    }

    const again = await boot(open, reports);
    try {
      await again.jobs.drain();
      expect((await outbox(again)).map((m) => m.subject)).toEqual([
        'Failed once before the upgrade',
        'Queued before the upgrade',
      ]);
      expect(reports).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});

describe.skipIf(!BASE_URL)('a PostgreSQL database written by c0a0454 with jobs queued', () => {
  const name = `vr_pgboss10_${process.pid}_${Date.now()}`;
  const url = BASE_URL ? Object.assign(new URL(BASE_URL), { pathname: `/${name}` }).toString() : '';

  async function run(connectionString: string, text: string): Promise<void> {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  afterAll(() => run(BASE_URL!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

  it('boots two instances together on pg-boss 12, which run each job once', async () => {
    await run(BASE_URL!, `CREATE DATABASE "${name}"`);
    // The dump of c0a0454's pgboss schema, on its own connection (it empties search_path).
    await run(url, readFileSync(join(FIXTURES, 'pgboss10-postgres.sql'), 'utf8'));
    const open = () => openDatabase({ databaseUrl: url, dataDir: null });
    const reports: Array<Jobs['report-generation']> = [];
    const [first, second] = await Promise.all([boot(open, reports), boot(open, reports)]);
    try {
      await second!.jobs.drain();
      await expectOldJobsRunOnce(first!, reports);
    } finally {
      await Promise.all([first!.close(), second!.close()]);
    }
  });
});
