import { createReportStorage } from './adapters/report-storage/index.ts';
import { ConfigError, loadEnvFile, parseConfig } from './config.ts';
import { keepDataPrivate } from './lib/private-files.ts';
import { openDatabase } from './db/client.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { attachReport } from './modules/reports/report-attach.service.ts';
import { runCli } from './modules/users/users.cli.ts';

/** `npm run cli -- <command>`: opens the database the server would open (same configuration). */
async function main(): Promise<number> {
  loadEnvFile();
  const config = parseConfig(process.env);
  keepDataPrivate(config.DATA_DIR);
  return runCli(process.argv.slice(2), {
    openDatabase: () =>
      openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }),
    attachReport: async (database, orderId, file) => {
      const log = {
        warn: (details: object, message: string) => process.stderr.write(`${message}\n`),
        error: (details: object, message: string) => process.stderr.write(`${message}\n`),
      };
      // The customer's mail is queued with the change; a running server's worker delivers it
      // (with the embedded database, once the server starts again).
      const jobs = await createJobQueue({ database, log });
      const storage = createReportStorage(config);
      try {
        return await attachReport(
          {
            db: database.db,
            storage,
            jobs,
            mail: { productName: config.PRODUCT_NAME, publicUrl: config.PUBLIC_URL },
            maxReportMb: config.MAX_REPORT_MB,
            log,
          },
          { orderId, file, actorId: 'cli' },
        );
      } finally {
        await jobs.stop();
        storage.destroy?.();
      }
    },
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const message = err instanceof ConfigError || err instanceof Error ? err.message : String(err);
    process.stderr.write(`${message.split('\n')[0]}\n`);
    process.exitCode = 1;
  },
);
