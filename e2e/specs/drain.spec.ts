import { execFile } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_HISTORIES } from '../../apps/server/src/adapters/vehicle-history/sandbox-histories.ts';
import { COMPILED_CLI } from '../../apps/server/test/support/compiled.ts';
import { api, buyCredits, createAccount } from '../support/accounts.ts';
import { Inbox } from '../support/inbox.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const METRICS_TOKEN = 'drain-spec-metrics-token';
/** The sandbox's slow VIN: its report job waits on the history provider long enough to be caught. */
const SLOW_VIN = SANDBOX_HISTORIES.find((h) => h.story === 'slow')!.vin;
const BATCH = ['1HGCM82633A004352', 'KM8K2CAB4PU001140', '1FTFW1ET9DFC10312'];

/** A raw HTTP/1.1 connection, so a request can be left half-sent while the process is signalled. */
class RawConnection {
  private received = '';
  private readonly socket: Socket;
  private readonly closed: Promise<void>;

  constructor(url: string) {
    const { hostname, port } = new URL(url);
    this.socket = connect(Number(port), hostname);
    this.socket.on('data', (d: Buffer) => (this.received += d.toString()));
    // A reset shows as the connection closing, which waitFor reports.
    this.socket.on('error', () => undefined);
    this.closed = new Promise((r) => this.socket.once('close', () => r()));
  }

  /** Resolves once `text` is handed to the operating system. */
  write(text: string): Promise<void> {
    return new Promise((resolveWrite, reject) =>
      this.socket.write(text, (err) => (err ? reject(err) : resolveWrite())),
    );
  }

  /** Resolves once what arrived so far matches `pattern`; throws if the server hung up first. */
  async waitFor(pattern: RegExp): Promise<string> {
    while (!pattern.test(this.received)) {
      if (this.socket.destroyed) {
        throw new Error(`connection closed before ${pattern}; received: ${this.received}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.received;
  }

  /** The status and body of the (last) final response, once the server has sent all of it. */
  async response(): Promise<{ status: number; body: string }> {
    await this.waitFor(/HTTP\/1\.1 [2-5]\d\d [^\r]*\r\n[\s\S]*?\r\n\r\n/);
    await Promise.race([this.closed, this.completeBody()]);
    const final = this.received.slice(this.received.search(/HTTP\/1\.1 [2-5]\d\d/));
    const [head = '', body = ''] = final.split('\r\n\r\n');
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), body };
  }

  private async completeBody(): Promise<void> {
    for (;;) {
      const final = this.received.slice(this.received.search(/HTTP\/1\.1 [2-5]\d\d/));
      const [head = '', body = ''] = final.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(head)?.[1];
      if (length !== undefined && Buffer.byteLength(body) >= Number(length)) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  end(): void {
    this.socket.destroy();
  }
}

/** Unfinished jobs of `queue` in `state`, as /metrics tells the operator. */
async function queueDepth(server: RunningServer, queue: string, state: string): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await res.text())
    .split('\n')
    .find((l) => l.startsWith(`job_queue_depth{queue="${queue}",state="${state}"}`));
  return Number(line?.split(' ')[1] ?? 0);
}

describe('a server process told to stop (SIGTERM)', () => {
  const inbox = new Inbox();
  const env = {
    METRICS_TOKEN,
    LOG_LEVEL: 'info',
    // The grace is small so a drain that overran it would fail the test: the process then
    // exits 1 ("shutdown took too long"). It still leaves the slow report its time to finish.
    SHUTDOWN_GRACE_SECONDS: '20',
  };
  let first: RunningServer;
  let server: RunningServer;
  beforeAll(async () => {
    await inbox.start();
    first = await startServer({ ...env, SMTP_URL: inbox.url });
    server = first;
  });
  afterAll(async () => {
    await server.stop();
    // The first process's temporary DATA_DIR, which the restarted one used, goes last.
    await first.stop();
    await inbox.close();
  });

  it('answers not ready at once, finishes the request and the report job in flight, and exits 0', async () => {
    const account = await createAccount(server, inbox, 'drain@example.com');
    expect(await buyCredits(server, account.token)).toBe('succeeded');
    const order = await api<{ id: string }>(server, '/api/api/report-orders', {
      token: account.token,
      body: { vin: SLOW_VIN },
    });
    // The report job is running: it waits on the slow provider.
    while ((await queueDepth(server, 'report-generation', 'active')) < 1) {
      await new Promise((r) => setTimeout(r, 100));
    }

    // A probe that has begun its request on an open connection (new connections are refused
    // once the listener closes), and a request in flight: its headers are read (the server has
    // said 100 Continue), its body not yet sent. The probe's bytes are sent first, so by the
    // time the server answers 100 Continue it has read them too.
    const probe = new RawConnection(server.url);
    await probe.write('GET /api/api/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const body = `format=json&DATA=${BATCH.join(';')}`;
    const inFlight = new RawConnection(server.url);
    await inFlight.write(
      'POST /api/vehicles/DecodeVINValuesBatch/ HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\nExpect: 100-continue\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    await inFlight.waitFor(/HTTP\/1\.1 100 Continue/);

    const exited = new Promise<number | null>((r) => server.process.once('exit', r));
    server.process.kill('SIGTERM');
    while (!server.output().includes('shutting down')) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await probe.write('\r\n');
    expect((await probe.response()).status).toBe(503);
    probe.end();

    await inFlight.write(body);
    const answer = await inFlight.response();
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { Results: unknown[] }).Results).toHaveLength(BATCH.length);
    inFlight.end();

    // Within the grace and cleanly: a drain past SHUTDOWN_GRACE_SECONDS exits 1.
    expect(await exited).toBe(0);
    expect(server.output()).toContain('shutdown complete');

    // Restarted on the same data: the order is Completed, its report made and announced once,
    // whether this process finished the job while draining or the next one took it over.
    server = await startServer({ ...env, SMTP_URL: inbox.url, DATA_DIR: server.dataDir });
    await inbox.nextMatching(account.email, /report is ready/);
    const cli = await run(process.execPath, [...COMPILED_CLI, 'order', order.id, '--json'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
    });
    const report = JSON.parse(cli.stdout) as {
      order: { status: string };
      jobs: { queue: string; state: string }[];
      mails: { subject: string }[];
    };
    expect(report.order.status).toBe('Completed');
    expect(report.jobs.filter((j) => j.queue === 'report-generation')).toEqual([
      expect.objectContaining({ state: 'completed' }),
    ]);
    expect(report.mails.filter((m) => /report is ready/.test(m.subject))).toHaveLength(1);
  }, 180_000);
});
