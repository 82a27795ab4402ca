import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../e2e/support/server.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAsNewCustomer } from './support/orders.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { otlpReceiver } from './support/otlp-receiver.ts';
import { seedVpicData } from './support/vpic-data.ts';
import { COMPILED_SERVER } from './support/compiled.ts';

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

  it('arrive for a decode, and for an order and its report job, with the request id, in protobuf', async () => {
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
    // OTLP/HTTP's default encoding, with no protocol variable set.
    expect([...receiver.contentTypes]).toEqual(['application/x-protobuf']);
  });
});

describe('traces of a server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-tracing-'));
  // The server's working directory, whose .env alone turns tracing on.
  const workDir = mkdtempSync(join(tmpdir(), 'vr-tracing-cwd-'));
  beforeAll(() => seedVpicData(dataDir));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  });

  it('start before the app loads, from .env: a decode over HTTP arrives with its request id, in JSON when asked', async () => {
    const receiver = await otlpReceiver();
    writeFileSync(
      join(workDir, '.env'),
      `OTEL_EXPORTER_OTLP_ENDPOINT=${receiver.url}\nOTEL_EXPORTER_OTLP_PROTOCOL=http/json\n`,
    );
    const port = await freePort();
    const child = spawn(process.execPath, COMPILED_SERVER, {
      cwd: workDir,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'loopback',
        OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
        OTEL_EXPORTER_OTLP_PROTOCOL: undefined,
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: undefined,
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
    expect([...receiver.contentTypes]).toEqual(['application/json']);
  });
});
