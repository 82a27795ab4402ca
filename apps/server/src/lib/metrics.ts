import { timingSafeEqual, createHash } from 'node:crypto';
import { API_MESSAGES } from '@vr/contracts';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { HttpError } from '../http/errors.ts';
import type { ConnectionStats } from '../db/client.ts';

/**
 * The process's metrics (docs/decisions/0022-observability.md). Counters and histograms of
 * events live in one registry for the process; gauges read at scrape time (the pool, the job
 * queue) belong to the app that mounts /metrics, so tests building many apps in one process
 * each see their own.
 */
export const processRegistry = new client.Registry();
client.collectDefaultMetrics({ register: processRegistry });

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern (never the raw URL) and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: SECONDS_BUCKETS,
  registers: [processRegistry],
});

export const requestsShed = new client.Counter({
  name: 'http_requests_shed_total',
  help: 'Requests answered 503 because the database pool was overloaded',
  registers: [processRegistry],
});

export const jobRuns = new client.Histogram({
  name: 'job_duration_seconds',
  help: 'Time a job handler ran, by queue and outcome (completed, failed)',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [...SECONDS_BUCKETS, 60],
  registers: [processRegistry],
});

export const orderCompletion = new client.Histogram({
  name: 'order_to_completed_seconds',
  help: 'Time from an order to its Completed status, by how the report came (generated, uploaded)',
  labelNames: ['source'] as const,
  buckets: [1, 5, 15, 30, 60, 300, 900, 3600, 6 * 3600, 24 * 3600],
  registers: [processRegistry],
});

export const reportGenerations = new client.Counter({
  name: 'report_generation_total',
  help: 'Report generation attempts by outcome (completed, retry, refunded) and cause',
  labelNames: ['outcome', 'cause'] as const,
  registers: [processRegistry],
});

export const mailDeliveries = new client.Counter({
  name: 'mail_deliveries_total',
  help: 'Mails handed to the mailer, by outcome (delivered, failed)',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

export const providerCalls = new client.Histogram({
  name: 'provider_call_duration_seconds',
  help: 'Calls to outside providers by provider and outcome (ok, http_<status>, timeout, error)',
  labelNames: ['provider', 'outcome'] as const,
  buckets: SECONDS_BUCKETS,
  registers: [processRegistry],
});

export const rateLimitRefusals = new client.Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests refused 429 by a rate limit or budget (counted in the database or in memory), by route',
  labelNames: ['route'] as const,
  registers: [processRegistry],
});

export const decodeConfigurations = new client.Counter({
  name: 'decode_configurations_total',
  help: 'Offline decodes with a pattern lookup, by whether the configuration was kept from an earlier VIN (kept) or worked out (worked_out)',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

export const recallWatchVehicles = new client.Gauge({
  name: 'recall_watch_vehicles',
  help: 'Vehicles watched for new recalls (on and not ended), as of the last recall watch pass of this process',
  registers: [processRegistry],
});

export const recallWatchCalls = new client.Histogram({
  name: 'recall_watch_provider_calls',
  help: 'Recalls provider calls made by one recall watch pass',
  buckets: [0, 1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500],
  registers: [processRegistry],
});

export const recallAlertsSent = new client.Counter({
  name: 'recall_alerts_total',
  help: 'Recall alert mails queued (one per customer and pass with new campaigns)',
  registers: [processRegistry],
});

export const problemsOpened = new client.Counter({
  name: 'report_problems_opened_total',
  help: 'Problems customers reported on a report, by what is wrong (kind)',
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});

export const problemsResolved = new client.Counter({
  name: 'report_problems_resolved_total',
  help: 'Problems an admin answered, by outcome (reply, regenerate, corrected, refund)',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

function outcomeOfError(err: unknown): string {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'error';
}

/** Runs one call to an outside provider, counted with its outcome and latency. */
export async function observeProviderCall<T>(provider: string, call: () => Promise<T>): Promise<T> {
  const end = providerCalls.startTimer({ provider });
  try {
    const result = await call();
    const outcome = result instanceof Response && !result.ok ? `http_${result.status}` : 'ok';
    end({ outcome });
    return result;
  } catch (err) {
    end({ outcome: outcomeOfError(err) });
    throw err;
  }
}

/** What /metrics reads at scrape time: cheap questions, answered on each scrape. */
export interface ScrapeSources {
  /** The database's connections: PostgreSQL's pool, or PGlite's one and its thread's line. */
  pool?(): ConnectionStats;
  /** Unfinished jobs per queue and state, and the age of each queue's oldest. */
  jobQueue?(): Promise<{ queue: string; state: string; count: number; oldestSeconds: number }[]>;
}

function scrapeRegistry(sources: ScrapeSources): client.Registry {
  const registry = new client.Registry();
  if (sources.pool) {
    const pool = sources.pool;
    new client.Gauge({
      name: 'db_pool_connections',
      help: 'Database connections by state (in_use, idle) and queries waiting for one (PGlite: one connection)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }
  if (sources.jobQueue) {
    const read = sources.jobQueue;
    // One query serves both gauges of a scrape.
    let rows: ReturnType<NonNullable<ScrapeSources['jobQueue']>> | undefined;
    new client.Gauge({
      name: 'job_queue_depth',
      help: 'Unfinished jobs per queue and state (created, retry, active)',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        rows = read();
        for (const row of await rows) this.set({ queue: row.queue, state: row.state }, row.count);
      },
    });
    new client.Gauge({
      name: 'job_queue_oldest_seconds',
      help: 'Age of the oldest unfinished job per queue',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const oldest = new Map<string, number>();
        for (const row of await (rows ?? read())) {
          oldest.set(row.queue, Math.max(oldest.get(row.queue) ?? 0, row.oldestSeconds));
        }
        for (const [queue, seconds] of oldest) this.set({ queue }, seconds);
      },
    });
  }
  return registry;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics on `app` in the Prometheus text format, for `Authorization: Bearer <token>`
 * only; without a token configured, or with a wrong one, it answers the API's 404, so nothing
 * tells a prober it is there (the web app would answer its page). Any instance (the web app, a
 * worker's small server) mounts it.
 */
export function mountMetrics(
  app: FastifyInstance,
  options: { token: string | undefined; sources?: ScrapeSources },
): void {
  const { token } = options;
  const expected = token ? digest(`Bearer ${token}`) : null;
  const local = scrapeRegistry(options.sources ?? {});
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // Hashes compare in constant time whatever the lengths.
    const given = digest(request.headers.authorization ?? '');
    if (!expected || !timingSafeEqual(given, expected)) {
      throw new HttpError(404, API_MESSAGES.notFound);
    }
    const merged = client.Registry.merge([processRegistry, local]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
}

/**
 * Times every request by route pattern and status (unmatched paths share one label), and counts
 * the refusals of every limit: each answers 429.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    httpRequestDuration.observe(
      { method: request.method, route, status_code: String(status) },
      reply.elapsedTime / 1000,
    );
    if (status === 429) rateLimitRefusals.inc({ route });
    done();
  });
}
