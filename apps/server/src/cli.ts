import { createMailer } from './adapters/mail/index.ts';
import { createReportStorage } from './adapters/report-storage/index.ts';
import { ConfigError, loadEnvFile, parseConfig } from './config.ts';
import { keepDataPrivate } from './lib/private-files.ts';
import { openDatabase } from './db/client.ts';
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
        info: () => undefined,
        warn: (details: object, message: string) => process.stderr.write(`${message}\n`),
        error: (details: object, message: string) => process.stderr.write(`${message}\n`),
      };
      const mailer = createMailer(config, database.db, log);
      const storage = createReportStorage(config);
      try {
        return await attachReport(
          {
            db: database.db,
            storage,
            mailer,
            mail: { productName: config.PRODUCT_NAME, publicUrl: config.PUBLIC_URL },
            maxReportMb: config.MAX_REPORT_MB,
            log,
          },
          { orderId, file, actorId: 'cli' },
        );
      } finally {
        await mailer.close();
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
