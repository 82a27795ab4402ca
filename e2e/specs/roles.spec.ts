import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_QUEUE_SCHEMA } from '../../apps/server/src/jobs/job-queue.ts';
import { listenOnLoopback } from '../../apps/server/test/support/loopback.ts';
import {
  startVinauditDouble,
  type VinauditDouble,
} from '../../apps/server/test/support/vinaudit-double.ts';
import { seedVpicData } from '../../apps/server/test/support/vpic-data.ts';
import { api, buyCredits, createAccount, type Account } from '../support/accounts.ts';
import { Inbox } from '../support/inbox.ts';
import { sql } from '../support/psql.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { accordVin } from '../support/vins.ts';

const BASE_URL = process.env.TEST_DATABASE_URL;
const READY = /report is ready/;

const CREDENTIALS = { key: 'k-roles', user: 'roles', pass: 'roles-secret' };
const VINS = [accordVin(1), accordVin(2)];

/**
 * In front of the VinAudit double: queries pass at once; while held, a report pull waits (and
 * says it arrived) until released, so a worker can be killed in the middle of an attempt.
 */
async function startPullGate(target: string) {
  let held = false;
  let waiting: (() => void)[] = [];
  let arrived = () => {};
  const server = createServer((req, res) => {
    const pass = async () => {
      if (held && req.url?.startsWith('/v2/pullreport')) {
        arrived();
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      const answer = await fetch(`${target}${req.url}`);
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    };
    pass().catch(() => res.destroy());
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    /** Holds the next pulls; resolves when one arrives. */
    hold: () => {
      held = true;
      return new Promise<void>((resolve) => (arrived = resolve));
    },
    release: () => {
      held = false;
      for (const resolve of waiting) resolve();
      waiting = [];
    },
    close,
  };
}

describe.skipIf(!BASE_URL)('web and worker processes on one PostgreSQL database', () => {
  const name = `vr_roles_${process.pid}_${Date.now()}`;
  const url = BASE_URL ? Object.assign(new URL(BASE_URL), { pathname: `/${name}` }).toString() : '';
  // One DATA_DIR stands in for the shared report store (S3 in a real deployment).
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-roles-'));
  let inbox: Inbox;
  let double: VinauditDouble;
  let gate: Awaited<ReturnType<typeof startPullGate>>;
  let webs: RunningServer[] = [];
  let worker: RunningServer;
  const others: RunningServer[] = [];

  const start = (role: 'web' | 'worker') =>
    startServer({
      ROLE: role,
      DATABASE_URL: url,
      SMTP_URL: inbox.url,
      DATA_DIR: dataDir,
      RENDER_THREADS: '1',
      REPORT_PROVIDER: 'vinaudit',
      // The VinAudit double beside sandbox payments: a deliberate test set-up, not a shop.
      ALLOW_SANDBOX_PAYMENTS: 'true',
      REPORT_API_KEY: CREDENTIALS.key,
      REPORT_API_USER: CREDENTIALS.user,
      REPORT_API_PASS: CREDENTIALS.pass,
      REPORT_API_BASE: gate.url,
    });

  beforeAll(async () => {
    await sql(BASE_URL!, `create database "${name}"`);
    await seedVpicData(dataDir);
    inbox = new Inbox();
    await inbox.start();
    double = await startVinauditDouble({
      ...CREDENTIALS,
      reports: Object.fromEntries(
        VINS.map((vin) => [vin, { lien: [{ date: '2018-05-14', agency: 'First Credit' }] }]),
      ),
      // Outside NMVTIS's daily maintenance window, whenever the suite runs.
      now: () => new Date('2026-01-14T12:00:00Z'),
    });
    gate = await startPullGate(double.url);
    // Started at the same moment on an empty database: they take turns to migrate.
    [worker, ...webs] = await Promise.all([start('worker'), start('web'), start('web')]);
  });
  afterAll(async () => {
    await Promise.all([...webs, worker, ...others].map((server) => server?.stop()));
    gate?.release();
    await Promise.all([inbox?.close(), gate?.close(), double?.close()]);
    await sql(BASE_URL!, `drop database if exists "${name}" with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** An order of `account` placed on `server`, with one credit bought on the other web. */
  async function placeOrder(account: Account, server: RunningServer, vin: string) {
    const other = webs.find((web) => web !== server)!;
    expect(await buyCredits(other, account.token, { packageId: 'credits_1' })).toBe('succeeded');
    const { id } = await api<{ id: string }>(server, '/api/api/report-orders', {
      token: account.token,
      body: { vin },
    });
    return id;
  }

  /** The order's status, report key and the report-ready mails queued for it. */
  async function outcome(orderId: string) {
    const [[status, reportKey] = []] = await sql(
      url,
      `select status, coalesce(report_key, '') from report_orders where id = '${orderId}'`,
    );
    const [[mails] = []] = await sql(
      url,
      // Mails are sealed; the ready mail carries its order id in the clear for its attachment.
      `select count(*) from ${JOB_QUEUE_SCHEMA}.job where name = 'mail'
         and data->>'attachReportOf' = '${orderId}'`,
    );
    return { status, reportKey, mails: Number(mails) };
  }

  it('the worker answers its health check and no product route', async () => {
    expect((await fetch(`${worker.url}/api/api/health`)).status).toBe(200);
    for (const path of ['/api/api/public-config', '/api/api/stripe-credit/credit-packages', '/']) {
      expect((await fetch(`${worker.url}${path}`)).status, path).toBe(404);
    }
  });

  it('takes an order through two web processes and one worker: Completed, one report, one mail', async () => {
    const account = await createAccount(webs[0]!, inbox, `roles-${Date.now()}@example.com`);
    const id = await placeOrder(account, webs[0]!, VINS[0]!);
    await inbox.nextMatching(account.email, READY);
    const mine = await api<{ id: string; status: string; reportUrl: string | null }[]>(
      webs[1]!,
      '/api/api/report-orders/my-orders',
      { token: account.token },
    );
    expect(mine.find((o) => o.id === id)).toMatchObject({ status: 'Completed' });
    const report = await fetch(`${webs[0]!.url}${mine.find((o) => o.id === id)!.reportUrl!}`);
    expect(report.status).toBe(200);
    expect(
      Buffer.from(await report.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(await outcome(id)).toMatchObject({ status: 'Completed', mails: 1 });
  });

  it('finishes a report once when the worker working on it is killed -9: another worker completes it', async () => {
    const account = await createAccount(webs[1]!, inbox, `killed-${Date.now()}@example.com`);
    const pulled = gate.hold();
    const id = await placeOrder(account, webs[1]!, VINS[1]!);
    // The worker is in the middle of the attempt (Processing, waiting for the records).
    await pulled;
    expect((await outcome(id)).status).toBe('Processing');
    const exited = new Promise((resolve) => worker.process.once('exit', resolve));
    worker.process.kill('SIGKILL');
    await exited;
    gate.release();
    others.push(await start('worker'));
    // The killed attempt's job expires and is tried again by the new worker.
    await inbox.nextMatching(account.email, READY);
    const done = await outcome(id);
    expect(done).toMatchObject({ status: 'Completed', mails: 1 });
    expect(done.reportKey).toMatch(new RegExp(`^${id}/`));
    const [[completed]] = (await sql(
      url,
      `select count(*) from report_orders where user_id =
         (select id from auth_users where email = '${account.email}') and status = 'Completed'`,
    )) as [[string]];
    expect(completed).toBe('1');
  }, 600_000);
});
