import { readdir } from 'node:fs/promises';
import { countOf, inNumber } from '@vr/contracts';
import type { MailMessage } from '../../adapters/mail/index.ts';
import type { Database } from '../../db/client.ts';
import { pendingMigrations } from '../../db/migrations.ts';
import type { JobInspector, JobSummary, MailJob } from '../../jobs/job-queue.ts';
import { orderMention } from '../orders/index.ts';
import { errorLine, withOpened } from '../../lib/cli-run.ts';
import { readBackup, writeBackup } from './backup.ts';
import { findOrderWithEmail, ledgerRowsOfOrder, outboxRowsOfOrder } from './operations.repo.ts';

export const OPERATIONS_USAGE =
  'migrate [--check] | jobs | jobs retry <jobId|all-failed> | order <orderId> [--json] | ' +
  'backup <file> | restore <file>';

export const OPERATIONS_COMMANDS = ['migrate', 'jobs', 'order', 'backup', 'restore'] as const;

/** Failed jobs listed by `jobs`; the count of all of them is shown too. */
const FAILED_LISTED = 50;
/** Mail jobs looked through for an order's mails (pg-boss keeps mail jobs 3 days). */
const MAIL_JOBS_SEARCHED = 5000;

/** What the commands work on: the server's own when it runs them, else opened for them. */
export interface OperationsContext {
  database: Database;
  jobs: JobInspector;
  openSealedMail(sealed: string): MailMessage;
  /** Where report files live; null when they are in S3. */
  reportsDir: string | null;
  close(): Promise<void>;
}

export interface OperationsIo {
  /** The database alone, not migrated by opening it (migrate). */
  openDatabase(): Promise<{ database: Database; close(): Promise<void> }>;
  openOperations(): Promise<OperationsContext>;
  /** DATA_DIR: restore goes there, into an empty one. */
  dataDir: string;
  databaseKind: Database['kind'];
  loadPgliteDump(dump: Blob): Promise<void>;
  out(line: string): void;
  err(line: string): void;
}

const when = (date: Date | string | null) => (date ? new Date(date).toISOString() : '-');

async function migrateCommand(args: readonly string[], io: OperationsIo): Promise<number> {
  const check = args[0] === '--check';
  if (args.length > (check ? 1 : 0)) return usage(io);
  return withOpened(io.err, io.openDatabase, async ({ database }) => {
    const pending = await pendingMigrations(database);
    if (pending.length === 0) {
      io.out('No migrations pending.');
      return 0;
    }
    if (check) {
      io.err(`${countOf(pending.length, 'migration')} pending: ${pending.join(', ')}`);
      return 1;
    }
    // In turn with instances booting on the same database (db/client.ts).
    await database.migrate();
    io.out(`Applied ${countOf(pending.length, 'migration')}: ${pending.join(', ')}`);
    return 0;
  });
}

const jobLine = (job: JobSummary) =>
  `  ${job.id}  ${job.queue}  ${job.state}  created ${when(job.createdOn)}` +
  (job.completedOn ? `  ended ${when(job.completedOn)}` : '') +
  (job.error ? `  ${job.error}` : '');

async function jobsCommand(args: readonly string[], io: OperationsIo): Promise<number> {
  if (args[0] === 'retry') {
    const target = args[1];
    if (args.length !== 2 || !target) return usage(io);
    return withOpened(io.err, io.openOperations, async ({ jobs }) => {
      const retried = await jobs.retry(target === 'all-failed' ? 'all-failed' : [target]);
      if (retried === 0) {
        io.err(target === 'all-failed' ? 'No failed jobs.' : `No failed job with id ${target}.`);
        return 1;
      }
      io.out(`${countOf(retried, 'failed job')} queued again.`);
      return 0;
    });
  }
  if (args.length > 0) return usage(io);
  return withOpened(io.err, io.openOperations, async ({ jobs }) => {
    const counts = await jobs.countsByState();
    const queues = [...new Set(counts.map((row) => row.queue))];
    if (queues.length === 0) io.out('No jobs.');
    for (const queue of queues) {
      const states = counts.filter((row) => row.queue === queue);
      io.out(`${queue}: ${states.map((row) => `${row.state} ${row.count}`).join(', ')}`);
    }
    const failedCount = counts
      .filter((row) => row.state === 'failed')
      .reduce((sum, row) => sum + row.count, 0);
    if (failedCount === 0) {
      io.out('No failed jobs.');
      return 0;
    }
    const failed = await jobs.failed(FAILED_LISTED);
    io.out(
      `${countOf(failedCount, 'failed job')}` +
        (failedCount > failed.length ? ` (the newest ${failed.length} listed)` : '') +
        ':',
    );
    for (const job of failed) io.out(jobLine(job));
    return 0;
  });
}

/** A queued mail's message; null for one sealed with another secret (AUTH_SECRET changed). */
function openedMail(
  context: OperationsContext,
  data: Exclude<MailJob, { kind: 'receipt' }>,
): MailMessage | null {
  if (data.kind === 'message') return data.message;
  try {
    return context.openSealedMail(data.sealed);
  } catch {
    return null;
  }
}

async function orderReport(context: OperationsContext, orderId: string) {
  const { db } = context.database;
  const found = await findOrderWithEmail(db, orderId);
  if (!found) return null;
  const { order, email } = found;
  const mention = orderMention(orderId);
  // Mail jobs carry no order id (they are sealed): the order's are those naming it.
  const mails = (await context.jobs.mailsSince(order.createdAt, MAIL_JOBS_SEARCHED)).flatMap(
    ({ data, ...job }) => {
      const message = data.kind === 'receipt' ? null : openedMail(context, data);
      if (!message || message.to !== email || !message.text.includes(mention)) return [];
      return [{ job, to: message.to, subject: message.subject }];
    },
  );
  const jobs = [...(await context.jobs.ofOrder(orderId)), ...mails.map((mail) => mail.job)];
  return {
    order: { ...order, email },
    jobs: jobs.sort((a, b) => new Date(a.createdOn).getTime() - new Date(b.createdOn).getTime()),
    mails: mails.map(({ job, to, subject }) => ({
      jobId: job.id,
      state: job.state,
      createdAt: job.createdOn,
      to,
      subject,
      error: job.error,
    })),
    outbox: await outboxRowsOfOrder(db, email, orderId, order.createdAt),
    ledger: await ledgerRowsOfOrder(db, orderId),
  };
}

async function orderCommand(args: readonly string[], io: OperationsIo): Promise<number> {
  const json = args.includes('--json');
  const rest = args.filter((arg) => arg !== '--json');
  const orderId = rest[0];
  if (rest.length !== 1 || !orderId) return usage(io);
  return withOpened(io.err, io.openOperations, async (context) => {
    const report = await orderReport(context, orderId);
    if (!report) {
      io.err(`No order with id ${orderId}.`);
      return 1;
    }
    if (json) {
      io.out(JSON.stringify(report, null, 2));
      return 0;
    }
    const { order } = report;
    io.out(`Order ${order.id}: ${order.status}`);
    io.out(`  customer ${order.email} (${order.userId})`);
    io.out(`  VIN ${order.vin} (${order.vehicle})`);
    io.out(`  created ${when(order.createdAt)}, due ${when(order.dueAt)}`);
    if (order.completedAt) io.out(`  completed ${when(order.completedAt)}`);
    if (order.refundedAt) io.out(`  refunded ${when(order.refundedAt)}`);
    io.out(
      `  report ${order.reportKey ? `${order.reportSource ?? 'stored'} (${order.reportKey})` : 'none'}` +
        `, generation attempts ${order.generationAttempts}` +
        (order.generationLastError ? `, last error: ${order.generationLastError}` : ''),
    );
    io.out(`Jobs (${report.jobs.length}):`);
    for (const job of report.jobs) io.out(jobLine(job));
    io.out(`Mails (${report.mails.length + report.outbox.length}):`);
    for (const mail of report.mails) {
      io.out(`  ${when(mail.createdAt)}  to ${mail.to}  "${mail.subject}"  mail job ${mail.state}`);
    }
    for (const row of report.outbox) {
      io.out(`  ${when(row.createdAt)}  to ${row.to}  "${row.subject}"  kept in the outbox`);
    }
    io.out(`Ledger (${report.ledger.length}):`);
    for (const row of report.ledger) {
      io.out(
        `  ${when(row.createdAt)}  ${row.kind} ${row.delta > 0 ? '+' : ''}${row.delta} ${inNumber(Math.abs(row.delta), 'credit')}` +
          `, balance after ${row.balanceAfter}  (${row.id})`,
      );
    }
    return 0;
  });
}

const POSTGRES_BACKUP =
  'With PostgreSQL (DATABASE_URL set), back up with pg_dump and restore with pg_restore, and ' +
  'copy S3 reports with S3 tools (docs/operations.md, "Backup and restore").';

async function backupCommand(args: readonly string[], io: OperationsIo): Promise<number> {
  const file = args[0];
  if (args.length !== 1 || !file) return usage(io);
  if (io.databaseKind === 'postgres') {
    io.err(POSTGRES_BACKUP);
    return 1;
  }
  return withOpened(io.err, io.openOperations, async ({ database, reportsDir }) => {
    try {
      const reports = await writeBackup(file, {
        dumpDatabase: () => database.dumpDataDir!(),
        dataDir: io.dataDir,
        reportsDir,
      });
      io.out(
        `Backup written to ${file}: the database and ${countOf(reports, 'report file')}` +
          (reportsDir ? '.' : ' (reports are in S3: copy them with S3 tools).'),
      );
      return 0;
    } catch (err) {
      io.err(`Cannot write the backup to ${file}: ${errorLine(err)}`);
      return 1;
    }
  });
}

async function restoreCommand(args: readonly string[], io: OperationsIo): Promise<number> {
  const file = args[0];
  if (args.length !== 1 || !file) return usage(io);
  if (io.databaseKind === 'postgres') {
    io.err(POSTGRES_BACKUP);
    return 1;
  }
  const present = await readdir(io.dataDir).catch(() => []);
  if (present.length > 0) {
    io.err(`Restore goes into an empty DATA_DIR; ${io.dataDir} is not empty.`);
    return 1;
  }
  try {
    const reports = await readBackup(file, io.dataDir, io.loadPgliteDump);
    io.out(
      `Restored ${file} into ${io.dataDir}: the database and ${countOf(reports, 'report file')}.`,
    );
    return 0;
  } catch (err) {
    io.err(`Cannot restore ${file}: ${errorLine(err)}`);
    return 1;
  }
}

function usage(io: OperationsIo): number {
  io.err(`Usage: npm run cli -- ${OPERATIONS_USAGE}`);
  return 2;
}

/** The operator's commands about the running service; exit code as runCli's. */
export function runOperationsCli(argv: readonly string[], io: OperationsIo): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'migrate') return migrateCommand(args, io);
  if (command === 'jobs') return jobsCommand(args, io);
  if (command === 'order') return orderCommand(args, io);
  if (command === 'backup') return backupCommand(args, io);
  if (command === 'restore') return restoreCommand(args, io);
  return Promise.resolve(usage(io));
}
