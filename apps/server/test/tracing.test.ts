import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../../e2e/support/server.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAsNewCustomer } from './support/orders.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { FROM_SOURCES } from './support/from-sources.ts';
import { seedVpicData } from './support/vpic-data.ts';

interface ReceivedSpan {
  name: string;
  traceId: string;
  attributes: Record<string, unknown>;
}

/** A loopback OTLP/HTTP receiver (JSON): every span posted to /v1/traces. */
async function otlpReceiver(): Promise<{ server: Server; url: string; spans: ReceivedSpan[] }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const posted = JSON.parse(body) as {
          resourceSpans: {
            scopeSpans: {
              spans: {
                name: string;
                traceId: string;
                attributes?: { key: string; value: Record<string, unknown> }[];
              }[];
            }[];
          }[];
        };
        for (const resource of posted.resourceSpans) {
          for (const scope of resource.scopeSpans) {
            for (const span of scope.spans) {
              const attributes = Object.fromEntries(
                (span.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]]),
              );
              spans.push({ name: span.name, traceId: span.traceId, attributes });
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, spans };
}

describe.each(testDatabases().filter((db) => db.name === 'pglite'))('traces on $name', (testDb) => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let t: TestApp;
  let stopTracing: () => Promise<void>;

  beforeAll(async () => {
    receiver = await otlpReceiver();
    // As server.ts does: tracing starts before the app is built.
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    ({ stopTracing } = await import('../src/tracing.ts'));
    t = await createTestApp(testDb, { reportJob: true });
  });
  afterAll(async () => {
    await t.close();
    receiver.server.close();
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  });

  it('arrive for a decode, and for an order and its report job, with the request id', async () => {
    const decode = await t.app.inject({
      method: 'GET',
      url: '/api/vehicles/DecodeVinValues/1HGCM82633A004352?format=json',
      headers: { 'x-request-id': 'decode-trace-1' },
    });
    expect(decode.statusCode).toBe(200);

    const order = await orderAsNewCustomer(t, '1HGCM82633A004352', 'order-trace-2');
    expect(order.statusCode).toBe(201);
    await t.jobs.drain();
    const signed = await t.app.inject({
      method: 'GET',
      url: '/api/api/report-orders/order-1/report?expires=1999999999&sig=SECRETSIG7',
    });
    expect(signed.statusCode).toBeGreaterThanOrEqual(400);
    // Sends what is buffered.
    await stopTracing();

    const withId = (id: string) =>
      receiver.spans.filter((s) => s.attributes['http.request.id'] === id);
    const decodeSpans = withId('decode-trace-1');
    expect(decodeSpans.map((s) => s.attributes['http.route'])).toContain(
      '/api/vehicles/DecodeVinValues/:vin',
    );

    const orderSpans = withId('order-trace-2');
    expect(orderSpans.map((s) => s.attributes['http.route'])).toContain('/api/api/report-orders');
    const jobSpan = orderSpans.find((s) => s.name === 'job report-generation');
    expect(jobSpan?.attributes['job.queue']).toBe('report-generation');
    // A signed link's signature stays out of traces as it stays out of logs.
    expect(receiver.spans.some((s) => s.attributes['url.path']?.toString().includes('sig='))).toBe(
      true,
    );
    expect(JSON.stringify(receiver.spans)).not.toContain('SECRETSIG7');
  });
});

describe('traces of a server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-tracing-'));
  beforeAll(() => seedVpicData(dataDir));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('start before the app loads: a decode over HTTP arrives with its request id', async () => {
    const receiver = await otlpReceiver();
    const port = await freePort();
    const child = spawn(process.execPath, [...FROM_SOURCES, 'src/server.ts'], {
      cwd: resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'loopback',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const url = `http://127.0.0.1:${port}`;
    try {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
        const ready = await fetch(`${url}/api/api/ready`).catch(() => null);
        if (ready?.ok) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const res = await fetch(`${url}/api/vehicles/DecodeVinValues/1HGCM82633A004352?format=json`, {
        headers: { 'x-request-id': 'process-decode-3' },
      });
      expect(res.status).toBe(200);
    } finally {
      // The shutdown sends what is buffered.
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      receiver.server.close();
    }
    const decode = receiver.spans.find(
      (s) => s.attributes['http.request.id'] === 'process-decode-3',
    );
    expect(decode?.attributes['http.route']).toBe('/api/vehicles/DecodeVinValues/:vin');
  });
});
