import { join } from 'node:path';
import { createCachedRecallsProvider } from './adapters/recalls/index.ts';
import type { Adapters } from './composition-adapters.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
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
  resolveAuthSecret,
} from './modules/auth/index.ts';
import { createCatalogService } from './modules/catalog/index.ts';
import { createCreditsService } from './modules/credits/index.ts';
import {
  createOrderLifecycle,
  createOrdersService,
  createSlaRefundService,
} from './modules/orders/index.ts';
import {
  createPaymentIntentsService,
  createPaymentMethodsService,
  createReceiptMails,
  createSandboxCardsService,
  createStripeWebhookService,
} from './modules/payments/index.ts';
import { createPlatesService } from './modules/plates/index.ts';
import { createProblemsService } from './modules/problems/index.ts';
import {
  createReportGenerationService,
  createReportLinks,
  createReportsService,
  createReportViewsService,
  createSampleReport,
  toReportVehicle,
  type RenderReport,
} from './modules/reports/index.ts';
import { createUsersService } from './modules/users/index.ts';
import { createRecallWatchService, watchOrderedVehicle } from './modules/recall-watch/index.ts';
import {
  createDecodeService,
  createVpicApiService,
  DECODE_TURN_MS,
} from './modules/vehicles/index.ts';

/** What the services use of the adapters (composition-adapters.ts). */
export type ServiceAdapters = Pick<
  Adapters,
  | 'jobs'
  | 'reportStorage'
  | 'paymentGateway'
  | 'plateProvider'
  | 'historyProvider'
  | 'recallsProvider'
  | 'decoder'
  | 'liveVpic'
  | 'reportWork'
>;

export interface ServiceLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

export type Services = Awaited<ReturnType<typeof createServices>>;

/**
 * Every service of the server, auth's included, built once from the configuration, the database
 * and the adapters, each given only what it needs. The HTTP app (app.ts) and the CLI (cli.ts)
 * both use it. The account flows stand on better-auth's instance, built here with them, and on
 * the instance's secret (modules/auth/auth-secret.ts), which signs sessions, report links,
 * unsubscribe links and the sealed mails.
 */
export async function createServices(
  config: Config,
  database: Database,
  adapters: ServiceAdapters,
  log: ServiceLog,
) {
  const { db } = database;
  const { decoder } = adapters;
  const secret = await resolveAuthSecret(config, database);
  const mailSeal = createMailSeal(secret);
  const jobs = sealingMailJobs(adapters.jobs, mailSeal);
  const mail = { productName: config.PRODUCT_NAME, publicUrl: config.PUBLIC_URL };
  const slaHours = config.REPORT_SLA_HOURS;
  const links = createReportLinks(secret);
  const lifecycle = createOrderLifecycle({ jobs, mail });
  const gateway = adapters.paymentGateway;
  const plates = createPlatesService({
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
  // One queue of turns for the instance: that is what bounds a turn (decode.service.ts).
  const credits = createCreditsService({ db });
  const problems = createProblemsService({ db, jobs, mail, lifecycle });
  const decodes = createDecodeService({ decoder, turns: createTimeSlices(DECODE_TURN_MS) });
  const users = createUsersService({ db, adminEmails: config.ADMIN_EMAILS });
  // Accounts: better-auth does sessions, reset codes and password hashes; the flows are ours.
  const betterAuth = createAuthInstance({ config, db, jobs, secret, log });
  const passwords = passwordHasherOf(betterAuth);
  const registrations = createRegistrations({
    db,
    jobs,
    passwords,
    secret,
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
      secret,
      maxDays: config.SESSION_MAX_DAYS,
      cacheSeconds: config.SESSION_CACHE_SECONDS,
      accounts: users,
    }),
    /** The `onRequest` budgets per client address of the endpoints that answer about an address. */
    perIpBudget: createPerIpBudget(db),
    catalog: createCatalogService({ db }),
    credits,
    paymentMethods: createPaymentMethodsService({ db, gateway }),
    paymentIntents: createPaymentIntentsService({ db, gateway, jobs }),
    sandboxCards: createSandboxCardsService({ db }),
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
      secret,
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
      live: adapters.liveVpic,
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
