import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, databaseUrl } from './support/database-templates.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { adjustTo } from '../src/modules/credits/credit-ledger.ts';
import { createVerifiedUser } from './auth-support.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { COMPILED_CLI, COMPILED_SERVER, SERVER_DIR } from './support/compiled.ts';
import { freePort, waitReady } from './support/server-process.ts';
import { call } from './support/requests.ts';
import { seedVpicData } from './support/vpic-data.ts';
import { hostilePdfs } from './support/pdf.ts';
import { REPORT_FILE_MESSAGES } from '../src/modules/reports/report-pdf.ts';

const VIN = '1HGCM82633A004352';
const MIGRATIONS = (
  JSON.parse(readFileSync(join(SERVER_DIR, 'drizzle/meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map((entry) => entry.tag);

interface Run {
  code: number;
  out: string[];
  err: string[];
}

/** The operator's CLI, run as `npm run cli` runs it, on the given DATA_DIR or database. */
function cli(args: string[], env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [...COMPILED_CLI, ...args],
      {
        cwd: SERVER_DIR,
        env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
        timeout: 120_000,
      },
      (err, stdout, stderr) => {
        // Node's own warnings (pg's deprecation notice on PostgreSQL) are not the command's.
        const lines = (text: string) =>
          text.split('\n').filter((line) => line !== '' && !/^\((node:\d+|Use `node)/.test(line));
        const code = err ? Number((err as { code?: number }).code ?? 1) : 0;
        done({ code, out: lines(stdout), err: lines(stderr) });
      },
    );
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'vr-ops-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => join(scratch, `d${++dirs}`);

describe('npm run cli -- migrate', () => {
  it('--check names the pending migrations and exits 1 until migrate applied them', async () => {
    const env = { DATA_DIR: freshDir() };
    const before = await cli(['migrate', '--check'], env);
    expect(before).toEqual({
      code: 1,
      out: [],
      err: [`${MIGRATIONS.length} migrations pending: ${MIGRATIONS.join(', ')}`],
    });
    const applied = await cli(['migrate'], env);
    expect(applied).toMatchObject({
      code: 0,
      out: [expect.stringMatching(new RegExp(`^Applied ${MIGRATIONS.length} `))],
    });
    expect(await cli(['migrate', '--check'], env)).toEqual({
      code: 0,
      out: ['No migrations pending.'],
      err: [],
    });
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'does the same on PostgreSQL',
    async () => {
      const base = process.env.TEST_DATABASE_URL!;
      const name = `vr_cli_${process.pid}_${Date.now()}`;
      await adminQuery(base, `CREATE DATABASE "${name}"`);
      const env = { DATA_DIR: freshDir(), DATABASE_URL: databaseUrl(base, name) };
      try {
        expect((await cli(['migrate', '--check'], env)).code).toBe(1);
        expect((await cli(['migrate'], env)).code).toBe(0);
        expect((await cli(['migrate', '--check'], env)).out).toEqual(['No migrations pending.']);
        expect(await cli(['backup', join(scratch, 'pg.tgz')], env)).toMatchObject({
          code: 1,
          err: [expect.stringContaining('pg_dump')],
        });
      } finally {
        await adminQuery(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    },
    120_000,
  );
});

describe('operator commands on the embedded database', () => {
  const dataDir = freshDir();
  const env = { DATA_DIR: dataDir };
  const report = Buffer.from('%PDF-1.7 the report of the order\n');
  let seeded: Seeded;

  beforeAll(async () => {
    // The process lets go of the database before the CLI runs.
    const t = await createTestApp(
      { name: 'pglite', open: () => openDatabase({ dataDir }) },
      { env: { DATA_DIR: dataDir }, slaJob: false },
    );
    try {
      seeded = await seedOrderAndFailedJob(t);
      mkdirSync(join(dataDir, 'reports', 'orders'), { recursive: true });
      writeFileSync(join(dataDir, 'reports', 'orders', `${seeded.orderId}.pdf`), report);
    } finally {
      await t.close();
    }
  }, 120_000);

  orderAndJobsTests(() => ({ env, ...seeded }));

  it('backup and restore round-trip the database and the report files; restore wants an empty DATA_DIR', async () => {
    const file = join(scratch, 'stopped.tgz');
    expect(await cli(['backup', file], env)).toEqual({
      code: 0,
      out: [`Backup written to ${file}: the database and 1 report file.`],
      err: [],
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await cli(['restore', file], env)).toEqual({
      code: 1,
      out: [],
      err: [`Restore goes into an empty DATA_DIR; ${dataDir} is not empty.`],
    });
    const restored = freshDir();
    expect(await cli(['restore', file], { DATA_DIR: restored })).toEqual({
      code: 0,
      out: [`Restored ${file} into ${restored}: the database and 1 report file.`],
      err: [],
    });
    await expectSameOrder(restored);
  }, 120_000);

  /**
   * The restored DATA_DIR holds the customer, the order with its ledger row, and the report
   * file the test stored; and the file of every report its database names.
   */
  async function expectSameOrder(restored: string) {
    const shown = await cli(['order', seeded.orderId, '--json'], { DATA_DIR: restored });
    const data = JSON.parse(shown.out.join('\n')) as {
      order: { email: string; reportKey: string | null };
      ledger: { kind: string }[];
    };
    expect(data.order.email).toBe(seeded.email);
    expect(data.ledger.map((row) => row.kind)).toEqual(['spend']);
    expect(readFileSync(join(restored, 'reports', 'orders', `${seeded.orderId}.pdf`))).toEqual(
      report,
    );
    if (data.order.reportKey) {
      expect(statSync(join(restored, 'reports', data.order.reportKey)).size).toBeGreaterThan(0);
    }
  }

  describe('while a server runs on the DATA_DIR', () => {
    let server: ChildProcess;
    let served = '';
    const running = freshDir();

    beforeAll(async () => {
      const file = join(scratch, 'to-serve.tgz');
      expect((await cli(['backup', file], env)).code).toBe(0);
      expect((await cli(['restore', file], { DATA_DIR: running })).code).toBe(0);
      await seedVpicData(running);
      const port = await freePort();
      server = spawn(process.execPath, COMPILED_SERVER, {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          DATABASE_URL: '',
          LOG_LEVEL: 'info',
          DATA_DIR: running,
          PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout?.on('data', (d: Buffer) => (served += d.toString()));
      server.stderr?.on('data', (d: Buffer) => (served += d.toString()));
      await waitReady(`http://127.0.0.1:${port}`, server, () => served);
    }, 180_000);

    afterAll(async () => {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    });

    it('serves the commands on DATA_DIR/control.sock, mode 0600, instead of a lock error', async () => {
      const socket = statSync(join(running, 'control.sock'));
      expect(socket.isSocket()).toBe(true);
      expect(socket.mode & 0o777).toBe(0o600);
      const shown = await cli(['order', seeded.orderId], { DATA_DIR: running });
      expect(shown).toMatchObject({ code: 0, err: [] });
      // The server works the order meanwhile: Pending, or Completed once it made the report.
      expect(shown.out[0]).toMatch(
        new RegExp(`^Order ${seeded.orderId}: (Pending|Processing|Completed)$`),
      );
      expect((await cli(['migrate', '--check'], { DATA_DIR: running })).out).toEqual([
        'No migrations pending.',
      ]);
      expect((await cli(['jobs'], { DATA_DIR: running })).code).toBe(0);
      // The commands that were there before go the same way; the server reads the named file.
      const script = join(scratch, 'script.pdf');
      writeFileSync(script, await hostilePdfs.openActionJavaScript());
      expect(await cli(['attach-report', seeded.orderId, script], { DATA_DIR: running })).toEqual({
        code: 1,
        out: [],
        err: [
          `Cannot attach the report to order ${seeded.orderId}: ${REPORT_FILE_MESSAGES.activeContent('javascript')}`,
        ],
      });
    }, 120_000);

    it('takes a consistent backup from the running server that restores elsewhere', async () => {
      const file = join(scratch, 'running.tgz');
      const backup = await cli(['backup', file], { DATA_DIR: running });
      expect(backup).toMatchObject({ code: 0, err: [] });
      expect(backup.out).toEqual([
        expect.stringMatching(
          new RegExp(`^Backup written to ${file}: the database and [12] report files?\\.$`),
        ),
      ]);
      expect(await cli(['restore', file], { DATA_DIR: running })).toMatchObject({ code: 1 });
      const restored = freshDir();
      expect((await cli(['restore', file], { DATA_DIR: restored })).code).toBe(0);
      await expectSameOrder(restored);
    }, 120_000);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'jobs and order on PostgreSQL while a server runs',
  () => {
    const name = `vr_cli_ops_${process.pid}_${Date.now()}`;
    // Worked out in beforeAll: a skipped suite still runs this body, without TEST_DATABASE_URL.
    let base: string;
    let env: { DATA_DIR: string; DATABASE_URL: string };
    let t: TestApp;
    let seeded: Seeded;

    beforeAll(async () => {
      base = process.env.TEST_DATABASE_URL!;
      env = { DATA_DIR: freshDir(), DATABASE_URL: databaseUrl(base, name) };
      await adminQuery(base, `CREATE DATABASE "${name}"`);
      t = await createTestApp(
        {
          name: 'postgres',
          open: () => openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: null }),
        },
        { env: { DATA_DIR: env.DATA_DIR }, slaJob: false },
      );
      seeded = await seedOrderAndFailedJob(t);
    }, 120_000);

    afterAll(async () => {
      await t.close();
      await adminQuery(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });

    orderAndJobsTests(() => ({ env, ...seeded }));
  },
);

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

interface Seeded {
  orderId: string;
  email: string;
  userId: string;
  failedJobId: string;
}

/**
 * A customer with credits orders a report; the order's mail is delivered (to the outbox); a job
 * fails for good.
 */
async function seedOrderAndFailedJob(t: TestApp): Promise<Seeded> {
  const user = await createVerifiedUser(t.app, t.database.db);
  await adjustTo(t.database.db, { userId: user.userId, newBalance: 2, actorId: 'test' });
  const created = await call(t.app, 'POST', '/api/api/report-orders', { vin: VIN }, user);
  expect(created.statusCode).toBe(201);
  // Its own queue, stopped after the failure, so no worker runs the job once it is retried.
  const failing = await createJobQueue({ database: t.database, log: silentLog });
  await failing.work('sla-refunds', () =>
    Promise.reject(new Error('refund pass broke\nat some stack line')),
  );
  await failing.enqueue(t.database.db, 'sla-refunds', {});
  await failing.drain();
  const failedJobId = (await failing.inspect.failed(1))[0]!.id;
  await failing.stop();
  await t.jobs.drain();
  return {
    orderId: created.json().id,
    email: user.email,
    userId: user.userId,
    failedJobId,
  };
}

/** `order` and `jobs` on a database seeded by seedOrderAndFailedJob. */
function orderAndJobsTests(
  context: () => Seeded & { env: { DATA_DIR: string; DATABASE_URL?: string } },
) {
  it('order <id> shows the order, its mail and its ledger row; --json the same as data', async () => {
    const { env, orderId, email, userId } = context();
    const shown = await cli(['order', orderId], env);
    expect(shown.code).toBe(0);
    expect(shown.out[0]).toBe(`Order ${orderId}: Pending`);
    expect(shown.out[1]).toBe(`  customer ${email} (${userId})`);
    const mailLines = shown.out.filter((line) => line.includes('we received your report order'));
    expect(mailLines.length).toBeGreaterThanOrEqual(1);
    expect(mailLines.every((line) => line.includes(`to ${email}`))).toBe(true);
    expect(shown.out).toContainEqual(
      expect.stringMatching(/ {2}\S+ {2}spend -1 credit, balance after 1/),
    );

    const json = await cli(['order', orderId, '--json'], env);
    const data = JSON.parse(json.out.join('\n')) as {
      order: { id: string; email: string };
      mails: { subject: string; state: string }[];
      ledger: { kind: string; delta: number }[];
    };
    expect(data.order).toMatchObject({ id: orderId, email });
    expect(data.ledger).toEqual([expect.objectContaining({ kind: 'spend', delta: -1 })]);
    expect(data.mails).toEqual([
      expect.objectContaining({
        subject: expect.stringContaining('we received your report order'),
        state: 'completed',
      }),
    ]);
    expect(await cli(['order', 'no-such-order'], env)).toMatchObject({
      code: 1,
      err: ['No order with id no-such-order.'],
    });
  }, 120_000);

  it('jobs lists counts per queue and the failed job; jobs retry queues it again', async () => {
    const { env, failedJobId } = context();
    const listed = await cli(['jobs'], env);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('sla-refunds: failed 1');
    expect(listed.out).toContain('1 failed job:');
    const line = listed.out.find((l) => l.includes(failedJobId));
    expect(line).toMatch(/sla-refunds {2}failed {2}created .* {2}ended .* {2}refund pass broke$/);

    expect(await cli(['jobs', 'retry', failedJobId], env)).toEqual({
      code: 0,
      out: ['1 failed job queued again.'],
      err: [],
    });
    const after = await cli(['jobs'], env);
    expect(after.out).toContain('sla-refunds: retry 1');
    expect(after.out).toContain('No failed jobs.');
    expect(await cli(['jobs', 'retry', 'all-failed'], env)).toMatchObject({
      code: 1,
      err: ['No failed jobs.'],
    });
  }, 120_000);
}
