import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIX } from '@vr/contracts';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createAdapters, type GivenAdapters } from './composition-adapters.ts';
import { registerJobWorkers, type WorkerSwitches } from './composition-workers.ts';
import { effectiveProviders, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { serializeErr } from './lib/error-serializer.ts';
import { serializeReq, withoutUrlCredentials } from './lib/request-log.ts';
import { registerLoadShedding } from './lib/load-shedding.ts';
import { mountMetrics, registerRequestMetrics } from './lib/metrics.ts';
import { jobRequestIdMixin, registerRequestId, requestIdOptions } from './lib/request-id.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { refuseUnstorableText } from './lib/storable-text.ts';
import { registerAuth, sessionRefreshRoutes } from './modules/auth/index.ts';
import { catalogRoutes } from './modules/catalog/index.ts';
import { creditsRoutes } from './modules/credits/index.ts';
import { paymentsRoutes, stripeWebhookRoutes } from './modules/payments/index.ts';
import { createReadiness, healthRoutes, type Readiness } from './modules/health/index.ts';
import { publicConfigRoutes } from './modules/public-config/index.ts';
import { vehiclesRoutes } from './modules/vehicles/index.ts';
import { usersRoutes } from './modules/users/index.ts';
import { appShellFile, registerWebApp } from './modules/web/index.ts';
import { ordersRoutes } from './modules/orders/index.ts';
import {
  reportsRoutes,
  reportViewsRoutes,
  sampleReportRoutes,
  sharedPageRoutes,
  sharedReportRoutes,
} from './modules/reports/index.ts';
import { platesRoutes } from './modules/plates/index.ts';
import { recallWatchRoutes } from './modules/recall-watch/index.ts';
import { adminProblemsRoutes, problemsRoutes } from './modules/problems/index.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { createServices } from './services.ts';
import { commandIo, runCommand } from './commands.ts';
import { serveControlChannel } from './lib/control-channel.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';

const DEFAULT_WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppDeps {
  config: Config;
  /** Opened and migrated; the caller closes it after the app. */
  database: Database;
  /**
   * Adapters the caller brings and closes itself (tests: doubles, their job queue, a decoder
   * shared by a file); the app opens the others (composition-adapters.ts) and closes them.
   */
  adapters?: GivenAdapters;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** The role's job workers a test drives by hand instead (default: all of them run). */
  workers?: WorkerSwitches;
  /** Where to serve the operator's commands (the embedded database's server; commands.ts). */
  controlSocket?: string;
  /** What GET /api/api/ready answers from; the runtime drains it on shutdown. */
  readiness?: Readiness;
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
  const { config, database } = deps;
  const readiness = deps.readiness ?? createReadiness();
  readiness.done('migrations');
  const trustProxy = fastifyTrustProxy(config.TRUST_PROXY);
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Credentials travelling in URLs (url-credentials.ts) leave every line: in the request's
      // URL, in errors, and in messages (Fastify's own name the URL).
      serializers: { err: serializeErr, req: serializeReq },
      mixin: jobRequestIdMixin,
      hooks: {
        logMethod(args, method) {
          method.apply(this, withoutUrlCredentials(args));
        },
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy,
    ...requestIdOptions(trustProxy),
    // vPIC's paths are case-insensitive; clients of the decode endpoint may rely on it. A long
    // name in a vPIC path finds nothing, as at vPIC, instead of 414 past find-my-way's default
    // of 100 characters; Node's 16 KiB header limit still bounds the whole URL.
    routerOptions: { caseSensitive: false, maxParamLength: 16_384 },
    bodyLimit: 1024 * 1024,
    ...connectionTimeouts(config.REQUEST_TIMEOUT_MS),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestId(app);
  registerRequestMetrics(app);
  registerErrorHandler(app);
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

  // A `worker` runs jobs and serves only its health (composition-workers.ts says who runs jobs).
  const servesProduct = config.ROLE !== 'worker';
  if (servesProduct) {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: `${config.PRODUCT_NAME} API`, version: '1.0.0' },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    // The docs keep the app's Content-Security-Policy: Swagger UI loads its own scripts and styles
    // from 'self' and uses inline styles and data: images, which the policy allows; its validator
    // badge, an image from validator.swagger.io, is turned off instead of let in.
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { validatorUrl: null },
    });
  }

  const adapters = await createAdapters(config, {
    database,
    log: app.log,
    mode: 'server',
    given: deps.adapters,
  });
  // Once the requests in flight are answered the workers stop taking jobs; a job still running
  // when its share of the grace is over is released (it expires to another instance). (Before,
  // Fastify would answer every new request a bare 503 while they finish.)
  app.addHook('onClose', adapters.close);
  readiness.done('decodeIndex');
  readiness.probeStorage(adapters.reportStorage, join(config.DATA_DIR, 'tmp'));
  mountMetrics(app, {
    token: config.METRICS_TOKEN,
    sources: { pool: database.poolStats, jobQueue: adapters.jobs.queueStats },
  });
  const services = await createServices(config, database, adapters, app.log);
  await registerJobWorkers(config, database, adapters, services, deps.workers);
  // The queue is started and its workers (if any) registered: this process can take its share.
  readiness.done('jobQueue');
  if (!servesProduct) {
    // A worker serves its probes and metrics (mounted above) on WORKER_PORT, and nothing else.
    await app.register(async (api) => api.register(healthRoutes, { database, readiness }), {
      prefix: API_PREFIX,
    });
    return app;
  }

  await app.register(vehiclesRoutes, {
    decodes: services.decodes,
    vpicApi: services.vpicApi,
    ratePerMinute: config.DECODE_RATE_PER_MINUTE,
  });

  const { guards, refresh } = await registerAuth(app, {
    service: services.auth,
    sessions: services.sessions,
    perIpBudget: services.perIpBudget,
    publicUrl: config.PUBLIC_URL,
  });
  app.log.info({ providers: effectiveProviders(config) }, 'providers in use');
  const promoted = await services.users.promoteAdminEmailsToAdmin();
  if (promoted.length > 0) app.log.info({ admins: promoted }, 'ADMIN_EMAILS accounts are ADMIN');

  // Every product endpoint lives under API_PREFIX (docs/*-api.md); the modules' paths omit it.
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, readiness });
      await api.register(publicConfigRoutes, { config });
      await api.register(catalogRoutes, { catalog: services.catalog });
      await api.register(sessionRefreshRoutes, refresh);
      await api.register(usersRoutes, {
        users: services.users,
        guards,
        perIpBudget: services.perIpBudget,
      });
      await api.register(creditsRoutes, { credits: services.credits, guards });
      await api.register(paymentsRoutes, {
        guards,
        methods: services.paymentMethods,
        intents: services.paymentIntents,
        cards: services.sandboxCards,
        provider: config.PAYMENT_PROVIDER,
        publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
      });
      // Stripe's webhook exists in stripe mode only; in sandbox mode the path answers 404.
      if (
        config.PAYMENT_PROVIDER === 'stripe' &&
        config.STRIPE_SECRET_KEY &&
        config.STRIPE_WEBHOOK_SECRET
      ) {
        await api.register(stripeWebhookRoutes, {
          webhooks: services.stripeWebhooks,
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        });
      }

      await api.register(platesRoutes, { plates: services.plates, guards });
      await api.register(ordersRoutes, { orders: services.orders, guards });
      await api.register(reportsRoutes, { reports: services.reports, guards });
      await api.register(recallWatchRoutes, {
        recallWatch: services.recallWatch,
        guards,
        productName: config.PRODUCT_NAME,
        publicUrl: config.PUBLIC_URL,
      });
      await api.register(sampleReportRoutes, { sample: services.sampleReport });
      await api.register(reportViewsRoutes, { views: services.reportViews, guards });
      await api.register(sharedReportRoutes, { views: services.reportViews });
      await api.register(problemsRoutes, { problems: services.problems, guards });
      await api.register(adminProblemsRoutes, { problems: services.problems, guards });
      await api.register(adminRoutes, {
        db: database.db,
        guards,
        admin: services.admin,
        tryouts: services.adminTryouts,
        reports: services.reports,
        uploads: {
          dir: join(config.DATA_DIR, 'tmp'),
          maxBatchMb: config.MAX_UPLOAD_BATCH_MB,
          maxReportMb: config.MAX_REPORT_MB,
        },
      });
    },
    { prefix: API_PREFIX },
  );
  if (deps.controlSocket) {
    const held = {
      database,
      jobs: adapters.jobs.inspect,
      services,
      close: () => Promise.resolve(),
    };
    const run = (argv: string[], out: (line: string) => void, err: (line: string) => void) =>
      runCommand(
        argv,
        commandIo(
          config,
          { resources: async () => held, database: async () => held },
          { out, err },
        ),
      );
    // Without the channel the server still serves; the CLI then says the database is in use.
    await serveControlChannel(deps.controlSocket, run).then(
      (channel) => app.addHook('onClose', channel.close),
      (err: unknown) => app.log.warn({ err }, 'the CLI channel (control.sock) is not served'),
    );
  }

  const webDist = config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
  await app.register(sharedPageRoutes, {
    views: services.reportViews,
    shellFile: appShellFile(webDist),
  });
  await registerWebApp(app, webDist);
  return app;
}
