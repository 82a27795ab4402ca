import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { ReportStorage } from '../src/adapters/report-storage/index.ts';
import { createReadiness } from '../src/modules/health/readiness.ts';
import { createVerifiedUser } from './auth-support.ts';
import { orderAsNewCustomer } from './support/orders.ts';
import { createTestApp, testConfig, testDecoder, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const TOKEN = 'metrics-token-0123456789';
const DECODE = '/api/vehicles/DecodeVinValues/1HGCM82633A004352?format=json';
/** The id the server makes when it takes none: a UUID. */
const GENERATED_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The value of one series (its name and labels as exposed) in a scrape, 0 when it is absent. The
 * registry is the process's, shared by every app a test process builds, so a test compares what
 * its own requests added.
 */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe.each(testDatabases())('metrics on $name', (testDb) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(testDb, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });

  it('are not there without the token, or with a wrong one', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/api/no-such-route' });
    for (const res of [await scrape(), await scrape(`Bearer ${TOKEN}x`), await scrape(TOKEN)]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('# TYPE');
      // The API's own 404, byte for byte: nothing tells a prober the route is there.
      expect(res.body).toBe(unknown.body);
      expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
    }
  });

  it('name routes by their pattern, and carry the process, queue and outcome metrics', async () => {
    const decodes =
      'http_request_duration_seconds_count{method="GET",route="/api/vehicles/DecodeVinValues/:vin",status_code="200"}';
    const kept = 'decode_configurations_total{outcome="kept"}';
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    for (let i = 0; i < 3; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: DECODE })).statusCode).toBe(200);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/api/no/such/path-8e1f' });
    expect(missing.statusCode).toBe(404);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(valueOf(text, decodes) - valueOf(before, decodes)).toBe(3);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="unmatched",status_code="404"\}/,
    );
    // A configuration is kept when it is worked out a second time: the third decode finds it.
    expect(valueOf(text, kept) - valueOf(before, kept)).toBeGreaterThanOrEqual(1);
    // The raw URL never becomes a label: label values stay bounded.
    expect(text).not.toContain('1HGCM82633A004352');
    expect(text).not.toContain('path-8e1f');
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'http_requests_shed_total',
      'job_queue_depth',
      'job_queue_oldest_seconds',
      'job_duration_seconds',
      'order_to_completed_seconds',
      'report_generation_total',
      'mail_deliveries_total',
      'provider_call_duration_seconds',
      'rate_limit_refusals_total',
    ]) {
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    }
    // PostgreSQL's pool, or PGlite's one connection and its thread's line.
    for (const state of ['in_use', 'idle', 'waiting']) {
      expect(text).toMatch(new RegExp(`^db_pool_connections\\{state="${state}"\\} \\d+$`, 'm'));
    }
    if (testDb.name === 'postgres') {
      expect(text).toMatch(/^db_pool_connections\{state="waiting"\} 0$/m);
    }
  });

  it('count a mail delivered and the job that delivered it', async () => {
    const delivered = 'mail_deliveries_total{outcome="delivered"}';
    const completed = 'job_duration_seconds_count{queue="mail",outcome="completed"}';
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    // Signing up queues a mail with the code; createVerifiedUser delivers it.
    await createVerifiedUser(t.app, t.database.db);
    await t.jobs.drain();
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(valueOf(text, delivered) - valueOf(before, delivered)).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, completed) - valueOf(before, completed)).toBeGreaterThanOrEqual(1);
  });
});

describe.each(testDatabases())('request ids on $name', (testDb) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(testDb, {
      reportJob: true,
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(() => t.close());

  const decode = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: DECODE, headers });

  const linesOf = (requestId: string) =>
    lines
      .filter((l) => l.includes(`"requestId":"${requestId}"`))
      .map(
        (l) =>
          JSON.parse(l) as {
            level: number;
            msg: string;
            req?: { method: string; url: string };
            res?: { statusCode: number };
            responseTime?: number;
          },
      );

  it('take a sane id from a trusted proxy and return it, with its log lines', async () => {
    const refused = `${DECODE.slice(0, DECODE.indexOf('?'))}?format=yaml`;
    const res = await t.app.inject({
      method: 'GET',
      url: refused,
      headers: { 'x-request-id': 'lb-7f3a:91.c_2' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-request-id']).toBe('lb-7f3a:91.c_2');
    // One line per request, on its answer, naming the request and its outcome.
    const logged = linesOf('lb-7f3a:91.c_2');
    expect(logged.map((l) => l.msg)).toEqual(['request completed']);
    expect(logged[0]).toMatchObject({
      level: 30,
      req: { method: 'GET', url: refused },
      res: { statusCode: 400 },
      responseTime: expect.any(Number),
    });
  });

  it('leave a quick success out of the info lines (the metrics count it)', async () => {
    const res = await decode({ 'x-request-id': 'quick-ok-1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('quick-ok-1');
    expect(linesOf('quick-ok-1')).toEqual([]);
  });

  it('make a UUID for a missing or insane id', async () => {
    for (const given of [undefined, 'a b', 'x'.repeat(129), 'id\u00e9']) {
      const res = await decode(given === undefined ? {} : { 'x-request-id': given });
      expect(res.headers['x-request-id'], given).toMatch(GENERATED_ID);
    }
  });

  it('take no id from a client that is not a trusted proxy', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: DECODE,
      remoteAddress: '203.0.113.9',
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toMatch(GENERATED_ID);
  });

  it('are on 404s and refusals too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/api/no-such-route',
      headers: { 'x-request-id': 'quoted-404' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('quoted-404');
  });

  it('travel with the report job an order queued, into its log lines', async () => {
    const res = await orderAsNewCustomer(t, '1HGCM82633A004352', 'order-req-5d21');
    expect(res.statusCode).toBe(201);
    await t.jobs.drain();
    const done = lines.find((l) => l.includes('report generated; order Completed'));
    expect(done).toBeDefined();
    expect(JSON.parse(done!)).toMatchObject({ requestId: 'order-req-5d21' });
  });
});

describe.each(testDatabases())('request ids from an untrusted client on $name', (testDb) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(testDb, { env: { TRUST_PROXY: 'false' } });
  });
  afterAll(() => t.close());

  it('are never taken from the client', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: DECODE,
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    expect(res.headers['x-request-id']).not.toBe('chosen-by-client');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe.each(testDatabases())('readiness on $name', (testDb) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(testDb);
  });
  afterAll(() => t.close());

  it('answers ready with what it checked once booted', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { migrations: true, decodeIndex: true, jobQueue: true, storage: true },
    });
  });
});

describe.each(testDatabases())('readiness of a draining instance on $name', (testDb) => {
  it('answers 503 with Retry-After while liveness stays up, and when storage cannot be written', async () => {
    const config = testConfig();
    const database = await testDb.open();
    const readiness = createReadiness();
    let writable = true;
    const storage: ReportStorage = {
      kind: 'files',
      put: async () => {
        if (!writable) throw new Error('EACCES: permission denied');
      },
      get: async () => null,
      delete: async () => {},
      check: async () => {},
    } as unknown as ReportStorage;
    const app = await buildApp({
      config,
      database,
      adapters: { decoder: await testDecoder(config), reportStorage: storage },
      readiness,
      workers: { slaRefunds: false, reports: false },
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/api/ready' })).statusCode).toBe(200);

      writable = false;
      const unwritable = await app.inject({ method: 'GET', url: '/api/api/ready' });
      expect(unwritable.statusCode).toBe(503);
      expect(unwritable.json()).toMatchObject({
        status: 'unavailable',
        checks: { storage: false },
      });
      writable = true;

      readiness.drain();
      const draining = await app.inject({ method: 'GET', url: '/api/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.headers['retry-after']).toBe('1');
      expect(draining.json()).toMatchObject({ status: 'draining' });
      expect((await app.inject({ method: 'GET', url: '/api/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe.each(testDatabases())('metrics without METRICS_TOKEN on $name', (testDb) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(testDb);
  });
  afterAll(() => t.close());

  it('do not exist, whatever the request says', async () => {
    for (const authorization of [undefined, 'Bearer ', 'Bearer undefined']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('# TYPE');
    }
  });
});
