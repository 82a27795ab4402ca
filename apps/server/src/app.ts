import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createMailer, type Mailer } from './adapters/mail/index.ts';
import type { VinDecoder } from './adapters/vin-decoder/vin-decoder.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createJobQueue, type JobQueue } from './jobs/job-queue.ts';
import { registerMailDelivery } from './jobs/mail-delivery.ts';
import { serializeErr } from './lib/error-serializer.ts';
import { registerErrorHandling } from './lib/errors.ts';
import { registerLoadShedding } from './lib/load-shedding.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { refuseUnstorableText } from './lib/storable-text.ts';
import { registerAuth } from './modules/auth/auth.module.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { creditsRoutes } from './modules/credits/credits.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentGateway } from './adapters/payments/index.ts';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { publicConfigRoutes } from './modules/public-config/public-config.routes.ts';
import { vehiclesRoutes } from './modules/vehicles/vehicles.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { registerWebApp } from './modules/web/web.routes.ts';
import { createReportStorage, type ReportStorage } from './adapters/report-storage/index.ts';
import { resolveAuthSecret } from './modules/auth/auth.secret.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { registerSlaJob } from './modules/orders/orders.sla.ts';
import type { OrdersDeps } from './modules/orders/orders.service.ts';
import { createReportLinks } from './modules/reports/report-links.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createPlateProvider, type PlateProvider } from './adapters/plates/index.ts';
import { createPlateService } from './modules/plates/plates.service.ts';
import { platesRoutes } from './modules/plates/plates.routes.ts';
import { adminModule } from './modules/admin/admin.module.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';

const DEFAULT_WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppDeps {
  config: Config;
  database: Database;
  decoder: VinDecoder;
  /** Default: SMTP when SMTP_URL is set, else the outbox table; closed with the app. */
  mailer?: Mailer;
  /** Default: pg-boss on `database`, stopped with the app. This app registers its workers. */
  jobs?: JobQueue;
  /** Default: S3 when S3_BUCKET is set, else files under DATA_DIR. */
  reportStorage?: ReportStorage;
  /** Default: the PLATE_PROVIDER adapter. */
  plateProvider?: PlateProvider;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** Whether this app works the SLA refund job (default true; tests drive it by hand). */
  slaJob?: boolean;
}

/**
 * A client must send its whole request, headers and body, within REQUEST_TIMEOUT_MS, else Node
 * answers 408 and closes the socket, so connections trickling a body cannot pile up. Node looks
 * for such requests every `connectionsCheckingInterval`, which must be well under the bound for
 * the bound to hold. A socket silent for twice the bound is dropped even mid-response: by then
 * the request is long over its time. Idle keep-alive sockets outlive the 60 s idle timeout of
 * common load balancers, so a balancer never reuses one the server has just closed.
 */
function connectionTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: 2 * requestTimeoutMs,
    keepAliveTimeout: 72_000,
    http: {
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(requestTimeoutMs / 10)),
    },
  };
}

/** Builds the whole HTTP application from its parts; listening is the caller's business. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, decoder } = deps;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { err: serializeErr },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    // vPIC's paths are case-insensitive; clients of the decode endpoint may rely on it.
    routerOptions: { caseSensitive: false },
    bodyLimit: 1024 * 1024,
    ...connectionTimeouts(config.REQUEST_TIMEOUT_MS),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerLoadShedding(app, {
    waitingForConnection: database.waitingForConnection,
    queueMax: config.DATABASE_QUEUE_MAX,
  });
  refuseUnstorableText(app);

  // Stripe.js is loaded from Stripe and talks to Stripe; only stripe mode lets it in.
  const stripe = config.PAYMENT_PROVIDER === 'stripe';
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyFormbody);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.PRODUCT_NAME} API`, version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(healthRoutes, { database });
  await app.register(publicConfigRoutes, { config });
  await app.register(catalogRoutes, { db: database.db });
  await app.register(vehiclesRoutes, { decoder, ratePerMinute: config.DECODE_RATE_PER_MINUTE });

  const mailer = deps.mailer ?? createMailer(config, database.db, app.log);
  const jobs = deps.jobs ?? (await createJobQueue({ database, log: app.log }));
  // Workers stop before the mailer they use closes.
  app.addHook('onClose', async () => {
    if (!deps.jobs) await jobs.stop();
    if (!deps.mailer) await mailer.close();
  });
  await registerMailDelivery(jobs, {
    mailer,
    receipts: { db: database.db, productName: config.PRODUCT_NAME, publicUrl: config.PUBLIC_URL },
  });
  const secret = await resolveAuthSecret(config, database);
  const { guards, throttles } = await registerAuth(app, {
    config,
    db: database.db,
    jobs,
    secret,
  });
  await app.register(usersRoutes, {
    db: database.db,
    guards,
    throttles,
    adminEmails: config.ADMIN_EMAILS,
  });
  await app.register(creditsRoutes, { db: database.db, guards });
  await app.register(paymentsRoutes, {
    db: database.db,
    jobs,
    guards,
    gateway: createPaymentGateway(config),
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
  });
  // Stripe's webhook exists in stripe mode only; in sandbox mode the path answers 404.
  if (
    config.PAYMENT_PROVIDER === 'stripe' &&
    config.STRIPE_SECRET_KEY &&
    config.STRIPE_WEBHOOK_SECRET
  ) {
    await app.register(stripeWebhookRoutes, {
      db: database.db,
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      jobs,
    });
  }

  const storage = deps.reportStorage ?? createReportStorage(config);
  const links = createReportLinks(secret);
  const mail = { productName: config.PRODUCT_NAME, publicUrl: config.PUBLIC_URL };
  const ordersDeps: OrdersDeps = {
    db: database.db,
    decoder,
    jobs,
    links,
    mail,
    slaHours: config.REPORT_SLA_HOURS,
  };
  const plates = createPlateService({
    db: database.db,
    provider: deps.plateProvider ?? createPlateProvider(config),
    cacheDays: config.PLATE_CACHE_DAYS,
    timeoutMs: config.PLATE_TIMEOUT_MS,
    quotas: {
      perUserHour: config.PLATE_SEARCHES_PER_USER_HOUR,
      perIpHour: config.PLATE_SEARCHES_PER_IP_HOUR,
    },
  });
  await app.register(platesRoutes, { plates, guards });
  await app.register(ordersRoutes, { deps: ordersDeps, guards });
  await app.register(reportsRoutes, { db: database.db, storage, links, guards });
  await app.register(adminModule, {
    db: database.db,
    guards,
    plates,
    decoder,
    attach: {
      db: database.db,
      storage,
      jobs,
      mail,
      maxReportMb: config.MAX_REPORT_MB,
      log: app.log,
    },
    uploads: { dir: join(config.DATA_DIR, 'tmp'), maxBatchMb: config.MAX_UPLOAD_BATCH_MB },
  });
  if (deps.slaJob ?? true) {
    await registerSlaJob(
      jobs,
      { db: database.db, jobs, mail, slaHours: config.REPORT_SLA_HOURS, log: app.log },
      config.SLA_POLL_SECONDS,
    );
  }

  await registerWebApp(app, config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST);
  return app;
}
