import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../src/adapters/mail/index.ts';
import type { PlateProvider } from '../../src/adapters/plates/index.ts';
import type { VehicleHistoryProvider } from '../../src/adapters/vehicle-history/index.ts';
import type { VinDecoder } from '../../src/adapters/vin-decoder/vin-decoder.ts';
import { createVinDecoder } from '../../src/adapters/vin-decoder/index.ts';
import { buildApp } from '../../src/app.ts';
import { parseConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { createJobQueue, type JobQueue } from '../../src/jobs/job-queue.ts';
import type { CpuPool } from '../../src/lib/cpu-pool.ts';
import type { TestDatabase } from './databases.ts';
import { registerTestJobs } from './jobs.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The app's job queue: `drain()` delivers what is queued without waiting for the pollers. */
  jobs: JobQueue;
  close(): Promise<void>;
}

let sharedDecoder: Promise<VinDecoder> | undefined;

/** The offline decoder is read-only and slow to open, so one instance serves a test file. */
export function testDecoder(config: Config): Promise<VinDecoder> {
  const decoder = sharedDecoder ?? createVinDecoder(config);
  sharedDecoder = decoder;
  return decoder;
}

export function testConfig(env: Record<string, string> = {}): Config {
  // The suites stand in for a proxy: they set X-Forwarded-For to act as many clients.
  return parseConfig({
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'loopback',
    DATA_DIR: '.tmp/test-data',
    ...env,
  });
}

/** A full app on a fresh database, driven through `app.inject()`. */
export async function createTestApp(
  db: TestDatabase,
  options: {
    env?: Record<string, string>;
    decoder?: VinDecoder;
    slaJob?: boolean;
    /** Run recall watch passes on their schedule (default false: suites run passes by hand). */
    recallWatchJob?: boolean;
    /** Generate ordered reports (default false: orders stay open unless a suite works them). */
    reportJob?: boolean;
    historyProvider?: VehicleHistoryProvider;
    plateProvider?: PlateProvider;
    logStream?: { write(line: string): void };
    /** Stands in for the configured mailer (SMTP when SMTP_URL is set). */
    mailer?: (database: Database) => Mailer;
    /** Threads reports are rendered in (default: RENDER_THREADS of the real renderer). */
    reportPool?: CpuPool;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = await db.open();
  const decoder = options.decoder ?? (await testDecoder(config));
  const jobs = await createJobQueue({
    database,
    log: { info: () => {}, error: () => {}, warn: () => {} },
  });
  registerTestJobs(database.db, jobs);
  const app = await buildApp({
    config,
    database,
    adapters: {
      decoder,
      jobs,
      historyProvider: options.historyProvider,
      plateProvider: options.plateProvider,
      mailer: options.mailer?.(database),
      reportPool: options.reportPool,
    },
    workers: {
      slaRefunds: options.slaJob,
      recallWatch: options.recallWatchJob ?? false,
      reports: options.reportJob ?? false,
    },
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    jobs,
    close: async () => {
      await jobs.stop();
      await app.close();
      await database.close();
    },
  };
}
