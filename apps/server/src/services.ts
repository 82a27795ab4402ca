import { join } from 'node:path';
import { createPaymentGateway } from './adapters/payments/index.ts';
import type { PlateProvider } from './adapters/plates/index.ts';
import { createCachedRecallsProvider, type RecallsProvider } from './adapters/recalls/index.ts';
import type { VehicleHistoryProvider } from './adapters/vehicle-history/index.ts';
import type { ReportStorage } from './adapters/report-storage/index.ts';
import type { VinDecoder } from './adapters/vin-decoder/vin-decoder.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { JobSender } from './jobs/job-queue.ts';
import { createMailSeal, sealingMailJobs } from './jobs/mail-sealing.ts';
import { createPerIpBudget } from './http/per-ip-budget.ts';
import { createTimeSlices } from './lib/time-slices.ts';
import { createAdminService, createAdminTryoutService } from './modules/admin/index.ts';
import {
  createAuthInstance,
  createAuthService,
  createRegistrations,
  createSessions,
  passwordHasherOf,
} from './modules/auth/index.ts';
import { createCatalogService } from './modules/catalog/index.ts';
import { createCreditsService } from './modules/credits/index.ts';
import {
  createOrderLifecycle,
  createOrdersService,
  createSlaRefundService,
} from './modules/orders/index.ts';
import {
  createPaymentIntentService,
  createPaymentMethodService,
  createReceiptMails,
  createSandboxCardService,
  createStripeWebhookService,
} from './modules/payments/index.ts';
import { createPlateService } from './modules/plates/index.ts';
import { createProblemsService } from './modules/problems/index.ts';
import {
  createReportGenerationService,
  createReportLinks,
  createReportsService,
  createReportViewsService,
  createSampleReport,
  toReportVehicle,
  type RenderReport,
  type ReportWork,
} from './modules/reports/index.ts';
import { createUsersService } from './modules/users/index.ts';
import { createRecallWatchService, watchOrderedVehicle } from './modules/recall-watch/index.ts';
import {
  createDecodeService,
  createVpicApiService,
  DECODE_TURN_MS,
} from './modules/vehicles/index.ts';
import { createLiveVpic } from './adapters/vin-decoder/index.ts';

/** The outside systems and instance-wide pieces the services stand on; the caller owns them. */
export interface ServiceAdapters {
  /** The job queue mails and refund passes are queued on (in the transaction of the change). */
  jobs: JobSender;
  reportStorage: ReportStorage;
  plateProvider: PlateProvider;
  /** Vehicle history records of generated reports (REPORT_PROVIDER). */
  historyProvider: VehicleHistoryProvider;
  /** Safety recalls (RECALLS_PROVIDER); kept a day per model in the database here. */
  recallsProvider: RecallsProvider;
  decoder: VinDecoder;
  /** Report layout and upload checks: in worker threads for the server, inline for the CLI. */
  reportWork: ReportWork;
  /** The instance's auth secret (modules/auth/auth-secret.ts): it signs sessions and report links. */
  secret: string;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
    debug(obj: object, msg: string): void;
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * Every service of the server, built once from the configuration, the database and the
 * adapters, each given only what it needs. The HTTP app (app.ts) and the CLI (cli.ts) both use
 * it. The account flows stand on better-auth's instance, built here with them.
 */
export function createServices(config: Config, database: Database, adapters: ServiceAdapters) {
  const { db } = database;
  const { decoder, log } = adapters;
  const mailSeal = createMailSeal(adapters.secret);
  const jobs = sealingMailJobs(adapters.jobs, mailSeal);
  const mail = { productName: config.PRODUCT_NAME, publicUrl: config.PUBLIC_URL };
  const slaHours = config.REPORT_SLA_HOURS;
  const links = createReportLinks(adapters.secret);
  const lifecycle = createOrderLifecycle({ jobs, mail });
  const gateway = createPaymentGateway(config);
  const plates = createPlateService({
    db,
    provider: adapters.plateProvider,
    cacheDays: config.PLATE_CACHE_DAYS,
    timeoutMs: config.PLATE_TIMEOUT_MS,
    quotas: {
      perUserHour: config.PLATE_SEARCHES_PER_USER_HOUR,
      perIpHour: config.PLATE_SEARCHES_PER_IP_HOUR,
    },
  });
  const renderReport: RenderReport = (content) =>
    adapters.reportWork.render({
      vehicle: toReportVehicle(content.vin, content.decoded),
      history: content.history,
      recalls: content.recalls,
      order: content.order,
      productName: config.PRODUCT_NAME,
      contactEmail: config.CONTACT_EMAIL,
    });
  const generation = createReportGenerationService({
    db,
    storage: adapters.reportStorage,
    jobs,
    lifecycle,
    decoder,
    history: adapters.historyProvider,
    recalls: createCachedRecallsProvider({ db, provider: adapters.recallsProvider }),
    render: renderReport,
    tmpDir: join(config.DATA_DIR, 'tmp'),
    attemptTimeoutMs: config.REPORT_JOB_TIMEOUT_SECONDS * 1000,
    retryHours: config.REPORT_RETRY_HOURS,
    retryFirstSeconds: config.REPORT_RETRY_FIRST_SECONDS,
    log,
  });
  // One queue of turns for the instance: that is what bounds a turn (vehicles.service.ts).
  const credits = createCreditsService({ db });
  const problems = createProblemsService({ db, jobs, mail, lifecycle });
  const decodes = createDecodeService({ decoder, turns: createTimeSlices(DECODE_TURN_MS) });
  const users = createUsersService({ db, adminEmails: config.ADMIN_EMAILS });
  // Accounts: better-auth does sessions, reset codes and password hashes; the flows are ours.
  const betterAuth = createAuthInstance({ config, db, jobs, secret: adapters.secret, log });
  const passwords = passwordHasherOf(betterAuth);
  const registrations = createRegistrations({
    db,
    jobs,
    passwords,
    secret: adapters.secret,
    productName: config.PRODUCT_NAME,
    accounts: users,
  });
  return {
    /** The queue every service and module queues through: rendered mails go sealed. */
    jobs,
    openSealedMail: mailSeal.open,
    users,
    auth: createAuthService({
      auth: betterAuth,
      db,
      passwords,
      registrations,
      accounts: users,
      publicUrl: config.PUBLIC_URL,
      log,
      jobs,
      productName: config.PRODUCT_NAME,
    }),
    sessions: createSessions({
      auth: betterAuth,
      db,
      secret: adapters.secret,
      maxDays: config.SESSION_MAX_DAYS,
      cacheSeconds: config.SESSION_CACHE_SECONDS,
      accounts: users,
    }),
    /** The `onRequest` budgets per client address of the endpoints that answer about an address. */
    perIpBudget: createPerIpBudget(db),
    catalog: createCatalogService({ db }),
    credits,
    paymentMethods: createPaymentMethodService({ db, gateway }),
    paymentIntents: createPaymentIntentService({ db, gateway, jobs }),
    sandboxCards: createSandboxCardService({ db }),
    stripeWebhooks: createStripeWebhookService({ db, jobs }),
    receiptMails: createReceiptMails({ db, ...mail }),
    orders: createOrdersService({
      db,
      decoder,
      jobs,
      mail,
      slaHours,
      history: adapters.historyProvider,
      historyTimeoutMs: config.REPORT_TIMEOUT_MS,
      previewsPerUserHour: config.REPORT_PREVIEWS_PER_USER_HOUR,
      prechecksPerHour: config.REPORT_PRECHECKS_PER_HOUR,
      reportLinkFor: (order) => links.urlFor(order),
      problemsOf: problems.problemsOfCustomer,
      watchOrderedVehicle,
    }),
    problems,
    generation,
    sampleReport: createSampleReport({ decoder, render: renderReport }),
    slaRefunds: createSlaRefundService({ db, lifecycle, slaHours, log }),
    recallWatch: createRecallWatchService({
      db,
      jobs,
      mail,
      provider: adapters.recallsProvider,
      decoder,
      secret: adapters.secret,
      callsPerPass: config.RECALL_WATCH_CALLS_PER_PASS,
      log,
    }),
    reports: createReportsService({
      db,
      storage: adapters.reportStorage,
      lifecycle,
      links,
      maxReportMb: config.MAX_REPORT_MB,
      checkPdf: adapters.reportWork.checkPdf,
      log,
    }),
    reportViews: createReportViewsService({
      db,
      storage: adapters.reportStorage,
      links,
      publicUrl: config.PUBLIC_URL,
    }),
    plates,
    decodes,
    vpicApi: createVpicApiService({
      catalog: decoder.catalog,
      // Endpoints the offline data cannot answer are forwarded to the live service, when set.
      live: createLiveVpic(config, decoder.catalog),
      decodes,
    }),
    admin: createAdminService({ db, jobs, lifecycle }),
    adminTryouts: createAdminTryoutService({
      db,
      plates,
      decoder,
      reports: generation,
      jobs,
      productName: config.PRODUCT_NAME,
      perAdminHour: config.ADMIN_TRYOUTS_PER_HOUR,
    }),
  };
}
