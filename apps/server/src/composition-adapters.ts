import { createMailer, type MailLogger, type Mailer } from './adapters/mail/index.ts';
import { createPaymentGateway, type PaymentGateway } from './adapters/payments/index.ts';
import { createPlateProvider, type PlateProvider } from './adapters/plates/index.ts';
import {
  createRecallsProvider,
  publishedSampleRecalls,
  type RecallsProvider,
} from './adapters/recalls/index.ts';
import { createReportStorage, type ReportStorage } from './adapters/report-storage/index.ts';
import {
  createVehicleHistoryProvider,
  type VehicleHistoryProvider,
} from './adapters/vehicle-history/index.ts';
import { createLiveVpic, createVinDecoder } from './adapters/vin-decoder/index.ts';
import type { VinDecoder } from './adapters/vin-decoder/vin-decoder.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createJobQueue, type JobLogger, type JobQueue } from './jobs/job-queue.ts';
import type { CpuPool } from './lib/cpu-pool.ts';
import {
  createReportPool,
  inlineReportWork,
  pooledReportWork,
  type ReportWork,
} from './modules/reports/index.ts';

/** The outside systems and the process-wide resources the services and the job workers use. */
export interface Adapters {
  /** Delivers the queued mails: SMTP when SMTP_URL is set, else the outbox table. */
  mailer: Mailer;
  /** pg-boss in the database: mails, report attempts and the passes are queued on it. */
  jobs: JobQueue;
  /** Report PDFs: S3 when S3_BUCKET is set, else files under DATA_DIR. */
  reportStorage: ReportStorage;
  /** Card payments (PAYMENT_PROVIDER). */
  paymentGateway: PaymentGateway;
  /** Licence plate to VIN (PLATE_PROVIDER). */
  plateProvider: PlateProvider;
  /** Vehicle history records of generated reports (REPORT_PROVIDER). */
  historyProvider: VehicleHistoryProvider;
  /** Safety recalls (RECALLS_PROVIDER); the sandbox's also lists the campaigns published in the database. */
  recallsProvider: RecallsProvider;
  decoder: VinDecoder;
  /** The live vPIC service, when VPIC_URL is set. */
  liveVpic: ReturnType<typeof createLiveVpic>;
  /** Report layout and upload checks, on `renderThreads` threads. */
  reportWork: ReportWork;
  renderThreads: number;
  /**
   * Closes what createAdapters opened, in the reverse order: the job queue first (running jobs
   * get SHUTDOWN_GRACE_SECONDS less 5 s to finish, then are released to another instance), then
   * the mailer and the render threads they used, the S3 client, the decoder. What the caller
   * gave stays open.
   */
  close(): Promise<void>;
}

/** Adapters a caller brings and closes itself: the tests' doubles, their queue, a shared decoder. */
export type GivenAdapters = Partial<
  Pick<
    Adapters,
    | 'mailer'
    | 'jobs'
    | 'reportStorage'
    | 'paymentGateway'
    | 'plateProvider'
    | 'historyProvider'
    | 'recallsProvider'
    | 'decoder'
  >
> & {
  /** The threads report work runs in. */
  reportPool?: CpuPool;
};

export interface AdapterOptions {
  database: Database;
  log: JobLogger & MailLogger;
  /**
   * `server`: the decoder opens now (an instance is ready only with its index loaded) and report
   * work runs in RENDER_THREADS threads. `cli`: the decoder opens at its first decode (opening
   * takes about a second and 100 MB, which commands that decode nothing should not pay), and
   * report work runs on the command's own thread, which answers no one meanwhile.
   */
  mode: 'server' | 'cli';
  given?: GivenAdapters;
}

/**
 * The configured decoder, opened when it first decodes. It has no `catalog`: what would read
 * it (the vPIC list endpoints) is served by the server only.
 */
function decoderOpenedOnFirstUse(config: Config): VinDecoder {
  let opened: Promise<VinDecoder> | undefined;
  const open = () => (opened ??= createVinDecoder(config));
  return {
    decode: async (vin, modelYear, log) => (await open()).decode(vin, modelYear, log),
    close: async () => {
      if (opened) await (await opened).close();
    },
  };
}

/**
 * Every adapter the configuration chooses, for the server (app.ts) and the CLI (cli.ts) alike,
 * with one `close()` for what it opened. When opening one fails, those opened before it are
 * closed and the error is thrown.
 */
export async function createAdapters(config: Config, options: AdapterOptions): Promise<Adapters> {
  const { database, log, mode } = options;
  const given = options.given ?? {};
  const closers: (() => Promise<void> | void)[] = [];
  /** Keeps `adapter`, closed by `close` unless the caller gave it. */
  const opened = <T>(adapter: T, close: (adapter: T) => Promise<void> | void): T => {
    closers.push(() => close(adapter));
    return adapter;
  };
  const close = async () => {
    while (closers.length > 0) await closers.pop()!();
  };
  const jobGraceMs = Math.max(1, config.SHUTDOWN_GRACE_SECONDS - 5) * 1000;

  try {
    const decoder =
      given.decoder ??
      opened(
        mode === 'server' ? await createVinDecoder(config) : decoderOpenedOnFirstUse(config),
        (decoder) => decoder.close(),
      );
    const reportStorage =
      given.reportStorage ?? opened(createReportStorage(config), (storage) => storage.destroy?.());
    const reportPool =
      given.reportPool ??
      (mode === 'server'
        ? opened(createReportPool(config.RENDER_THREADS), (pool) => pool.close())
        : undefined);
    const mailer =
      given.mailer ?? opened(createMailer(config, database.db, log), (mailer) => mailer.close());
    const jobs =
      given.jobs ??
      opened(await createJobQueue({ database, log }), (jobs) => jobs.stop(jobGraceMs));
    return {
      mailer,
      jobs,
      reportStorage,
      paymentGateway: given.paymentGateway ?? createPaymentGateway(config),
      plateProvider: given.plateProvider ?? createPlateProvider(config),
      historyProvider: given.historyProvider ?? createVehicleHistoryProvider(config),
      recallsProvider:
        given.recallsProvider ?? createRecallsProvider(config, publishedSampleRecalls(database.db)),
      decoder,
      liveVpic: createLiveVpic(config, decoder.catalog),
      reportWork: reportPool ? pooledReportWork(reportPool) : inlineReportWork,
      renderThreads: reportPool?.threads ?? 1,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
