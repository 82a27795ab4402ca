import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_CONTACT_EMAIL, DEFAULT_PRODUCT_NAME } from '@vr/contracts';
import { trustProxySchema } from './trust-proxy.ts';

const emailList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter((e) => e !== ''),
  )
  .pipe(z.array(z.email()));

const optionalUrl = z.url().optional();

/** The OTLP protocols tracing.ts speaks; gRPC is not one of them. */
const otlpProtocol = z.enum(['http/protobuf', 'http/json']).optional();

export const SMTP_REQUIRED_MESSAGE =
  'is required when PUBLIC_URL is https; without it, mails and their sign-in codes go to the log';

const isHttps = (url: string | undefined) => !!url && new URL(url).protocol === 'https:';
/** https, or http to this machine (127.0.0.0/8, ::1, localhost), where nothing can listen in. */
function isHttpsOrLoopback(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  const host = url.hostname.toLowerCase();
  const loopback = host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
  return url.protocol === 'http:' && loopback;
}

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every environment variable the server reads, with its default (README.md, "Configuration"). */
const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // What this process does (docs/architecture.md, "Roles"): everything, HTTP only, or jobs only;
    // a worker answers only its health check, on WORKER_PORT.
    ROLE: z.enum(['all', 'web', 'worker']).default('all'),
    WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
    // Worker threads that lay out reports and inspect uploaded PDFs, off the event loop.
    RENDER_THREADS: positiveInt(Math.max(1, availableParallelism() - 1)),
    HOST: z.string().min(1).default('127.0.0.1'),
    PRODUCT_NAME: z.string().min(1).default(DEFAULT_PRODUCT_NAME),
    CONTACT_EMAIL: z.email().default(DEFAULT_CONTACT_EMAIL),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    // PostgreSQL only: connections per instance, and how many requests may wait for one before
    // the instance sheds load with 503 (docs/decisions/0009-several-instances.md).
    DATABASE_POOL_MAX: positiveInt(10),
    DATABASE_QUEUE_MAX: positiveInt(100),
    // Bounds a whole request, its wait for a database connection included.
    REQUEST_TIMEOUT_MS: positiveInt(30_000),
    ADMIN_EMAILS: emailList,
    // Answers from it reach anonymous callers: only https, but for a stand-in on this machine.
    VPIC_URL: z
      .url()
      .refine(isHttpsOrLoopback, 'must be an https URL (http only for a loopback host)')
      .optional(),
    VPIC_TIMEOUT_MS: positiveInt(3000),
    DECODE_CACHE_SIZE: positiveInt(10_000),
    // About 6 KB each; 0 keeps none (decision 0035).
    DECODE_CONFIGURATIONS_KEPT: z.coerce.number().int().min(0).default(4096),
    // Counted in memory per instance: a shared store would cost more than the decode itself.
    DECODE_RATE_PER_MINUTE: positiveInt(300),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST_DIR: z.string().optional(),
    // GET /metrics answers only `Authorization: Bearer <token>`; without it there is no /metrics.
    METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
    // How long a shutdown may drain (requests and jobs in flight) before the process exits.
    SHUTDOWN_GRACE_SECONDS: positiveInt(25),
    // Where traces go, and how (OTLP over HTTP; the traces-only variable wins, as the SDK's
    // specification has it). tracing.ts reads them before the config is parsed: this only refuses
    // a bad value at boot. Unset endpoint: no tracing.
    OTEL_EXPORTER_OTLP_ENDPOINT: z
      .url()
      .regex(/^https?:\/\//, 'must start with http:// or https://')
      .optional(),
    OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol,
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol,
    // Per-address limits read the client address: which proxies may rewrite it (trust-proxy.ts).
    TRUST_PROXY: trustProxySchema,
    SMTP_URL: z
      .url()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().trim().min(3).optional(),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_IDLE_DAYS: positiveInt(7),
    SESSION_MAX_DAYS: positiveInt(30),
    // How long an instance trusts a bearer's session it read (0: reads it on every request).
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(3),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    // A deliberate public demo: sandbox payments beside paid providers or an https PUBLIC_URL.
    ALLOW_SANDBOX_PAYMENTS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().trim().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    // Tests point the SDK at a local double of Stripe's API.
    STRIPE_API_BASE: z
      .url()
      .regex(/^https?:\/\//, 'must start with http:// or https://')
      .optional(),
    PLATE_PROVIDER: z.enum(['sandbox', 'carsxe']).default('sandbox'),
    PLATE_API_KEY: z.string().trim().min(1).optional(),
    // Tests point the plate adapter at a local double of the provider's API.
    PLATE_API_BASE: z
      .url()
      .regex(/^https?:\/\//, 'must start with http:// or https://')
      .optional(),
    PLATE_TIMEOUT_MS: positiveInt(20_000),
    PLATE_CACHE_DAYS: positiveInt(30),
    // Plate searches per user and per client address per hour, counted in the database
    // (docs/limits.md, "Plate searches").
    PLATE_SEARCHES_PER_USER_HOUR: positiveInt(30),
    PLATE_SEARCHES_PER_IP_HOUR: positiveInt(60),
    // Vehicle history records of generated reports (docs/reports.md, "Data sources").
    REPORT_PROVIDER: z.enum(['sandbox', 'vinaudit']).default('sandbox'),
    REPORT_API_KEY: z.string().trim().min(1).optional(),
    REPORT_API_USER: z.string().trim().min(1).optional(),
    REPORT_API_PASS: z.string().trim().min(1).optional(),
    // Tests point the history adapter at a local double of the provider's API.
    REPORT_API_BASE: z
      .url()
      .regex(/^https?:\/\//, 'must start with http:// or https://')
      .optional(),
    REPORT_TIMEOUT_MS: positiveInt(20_000),
    RECALLS_PROVIDER: z.enum(['sandbox', 'nhtsa']).default('sandbox'),
    // Tests point the recalls adapter at a local double of NHTSA's API.
    RECALLS_API_BASE: z
      .url()
      .regex(/^https?:\/\//, 'must start with http:// or https://')
      .optional(),
    RECALLS_TIMEOUT_MS: positiveInt(10_000),
    REPORT_SLA_HOURS: z.coerce.number().positive().default(24),
    // Report generation (docs/decisions/0014-report-generation.md): how long provider failures
    // are retried before the order is refunded, the first pause between tries (doubling, at
    // most 30 minutes), and the time one attempt may take (its job expires after 45 s).
    REPORT_RETRY_HOURS: z.coerce.number().positive().default(6),
    REPORT_RETRY_FIRST_SECONDS: z.coerce.number().positive().default(60),
    REPORT_JOB_TIMEOUT_SECONDS: z.coerce.number().positive().max(40).default(30),
    // Report previews (what a report would hold) per user and hour (docs/limits.md).
    REPORT_PREVIEWS_PER_USER_HOUR: positiveInt(60),
    // Free questions to the history provider (previews, order pre-checks that end without a
    // spend) of the whole service per hour, counted in the database (docs/limits.md).
    REPORT_PRECHECKS_PER_HOUR: positiveInt(1000),
    // Tryouts (a billed history pull each, maybe a mail) per admin and hour, counted in the
    // database (docs/limits.md).
    ADMIN_TRYOUTS_PER_HOUR: positiveInt(20),
    // How often the SLA job looks for overdue orders.
    SLA_POLL_SECONDS: positiveInt(60),
    // Recall watch (docs/product-rules.md#recall-watch): hours between passes, and the recalls
    // provider calls one pass may make (the least recently checked vehicles go first).
    RECALL_WATCH_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 7)
      .default(24),
    RECALL_WATCH_CALLS_PER_PASS: positiveInt(500),
    MAX_REPORT_MB: z.coerce.number().positive().max(1024).default(20),
    // All files of one batch upload together; they wait on disk under DATA_DIR/tmp meanwhile.
    MAX_UPLOAD_BATCH_MB: z.coerce.number().positive().max(10_240).default(100),
    S3_BUCKET: z.string().trim().min(1).optional(),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .superRefine((c, ctx) => {
    if (c.PLATE_PROVIDER !== 'sandbox' && !c.PLATE_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['PLATE_API_KEY'],
        message: `is required when PLATE_PROVIDER=${c.PLATE_PROVIDER}`,
      });
    }
  })
  .superRefine((c, ctx) => {
    // Retries end in a refund with the reason before the SLA refund would say "too late".
    if (c.REPORT_RETRY_HOURS >= c.REPORT_SLA_HOURS) {
      ctx.addIssue({
        code: 'custom',
        path: ['REPORT_RETRY_HOURS'],
        message: 'must be less than REPORT_SLA_HOURS',
      });
    }
  })
  .superRefine((c, ctx) => {
    if (c.REPORT_PROVIDER === 'sandbox') return;
    for (const key of ['REPORT_API_KEY', 'REPORT_API_USER', 'REPORT_API_PASS'] as const) {
      if (!c[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is required when REPORT_PROVIDER=${c.REPORT_PROVIDER}`,
        });
      }
    }
  })
  .superRefine((c, ctx) => {
    if (c.PAYMENT_PROVIDER !== 'stripe') return;
    for (const key of [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ] as const) {
      if (!c[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'is required when PAYMENT_PROVIDER=stripe',
        });
      }
    }
  })
  // Without SMTP the outbox mailer writes every mail, sign-in codes included, to the log: fine on
  // a developer's machine, a leak on a public https deployment.
  .refine((c) => !!c.SMTP_URL || !isHttps(c.PUBLIC_URL), {
    path: ['SMTP_URL'],
    message: SMTP_REQUIRED_MESSAGE,
  })
  .superRefine((c, ctx) => {
    // Test card 4242 buys real credits in the sandbox: beside a billed provider or on a public
    // origin, every order would be paid for by the business.
    if (c.PAYMENT_PROVIDER !== 'sandbox' || c.ALLOW_SANDBOX_PAYMENTS) return;
    const exposed = [
      c.REPORT_PROVIDER !== 'sandbox' && `REPORT_PROVIDER=${c.REPORT_PROVIDER}`,
      c.PLATE_PROVIDER !== 'sandbox' && `PLATE_PROVIDER=${c.PLATE_PROVIDER}`,
      isHttps(c.PUBLIC_URL) && 'an https PUBLIC_URL',
    ].filter((v) => v !== false);
    if (exposed.length === 0) return;
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message: `sandbox (test cards buy real credits) is refused with ${exposed.join(', ')}; set PAYMENT_PROVIDER=stripe, or ALLOW_SANDBOX_PAYMENTS=true for a deliberate public demo`,
    });
  })
  .superRefine((c, ctx) => {
    // Real money for the sandbox's generated records.
    if (c.PAYMENT_PROVIDER !== 'stripe' || !/^(sk|rk)_live_/.test(c.STRIPE_SECRET_KEY ?? '')) {
      return;
    }
    const sandboxes = (['REPORT_PROVIDER', 'PLATE_PROVIDER', 'RECALLS_PROVIDER'] as const).filter(
      (key) => c[key] === 'sandbox',
    );
    if (sandboxes.length === 0) return;
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: `is a live key, refused with ${sandboxes.map((key) => `${key}=sandbox`).join(', ')}: customers would pay for sample records`,
    });
  })
  .refine((c) => c.SESSION_MAX_DAYS >= c.SESSION_IDLE_DAYS, {
    path: ['SESSION_MAX_DAYS'],
    message: 'must not be shorter than SESSION_IDLE_DAYS',
  })
  .transform((c) => ({
    ...c,
    DATA_DIR: resolve(c.DATA_DIR),
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    MAIL_FROM: c.MAIL_FROM ?? `${c.PRODUCT_NAME} <no-reply@localhost>`,
  }));

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Which outside service (or its stand-in) does each job: one line in the boot log. */
export function effectiveProviders(config: Config) {
  return {
    payments: config.PAYMENT_PROVIDER,
    history: config.REPORT_PROVIDER,
    plates: config.PLATE_PROVIDER,
    recalls: config.RECALLS_PROVIDER,
    mail: config.SMTP_URL ? 'smtp' : 'outbox',
    storage: config.S3_BUCKET ? 's3' : 'files',
    vpic: config.VPIC_URL ? 'live' : 'offline',
  };
}

/** Parses an environment; the error names the first bad variable and what is wrong, on one line. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty value means "use the default", as a copied `.env.example` leaves them.
  const set = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = configSchema.safeParse(set);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue?.path.join('.') || 'configuration';
  throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'invalid value'}`);
}

/** Reads `.env` from the working directory when present, without overriding the real env. */
export function loadEnvFile(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
