import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_PREVIEW_MESSAGES, SAMPLE_REPORT_RATE_PER_MINUTE } from '@vr/contracts';
import { createRecallsProvider } from '../src/adapters/recalls/index.ts';
import { createReportStorage } from '../src/adapters/report-storage/index.ts';
import {
  VehicleHistoryError,
  createVehicleHistoryProvider,
  type VehicleHistoryProvider,
} from '../src/adapters/vehicle-history/index.ts';
import { SANDBOX_HISTORIES } from '../src/adapters/vehicle-history/sandbox-histories.ts';
import type { Db } from '../src/db/client.ts';
import { creditLedger, outbox, reportOrders } from '../src/db/schema.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { adjustTo } from '../src/modules/credits/credit-ledger.ts';
import { getBalance } from '../src/modules/credits/credits.repo.ts';
import { createOrderLifecycle } from '../src/modules/orders/order-lifecycle.ts';
import { registerReportGenerationJob } from '../src/modules/reports/report-generation.job.ts';
import {
  createReportGenerationService,
  type RenderReport,
} from '../src/modules/reports/report-generation.service.ts';
import { createReportsService } from '../src/modules/reports/reports.service.ts';
import { createVerifiedUser, type SignedIn } from './auth-support.ts';
import { createTestApp, testDecoder, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { settleJobs } from './support/jobs.ts';
import { makeReportPdf } from './support/pdf.ts';

const run = promisify(execFile);

const demo = (story: string) => SANDBOX_HISTORIES.find((h) => h.story === story)!;
const SALVAGE = demo('salvage-rebuilt');
const CLEAN = demo('clean');
const FAILING = demo('failing');
const NO_RECORDS = demo('no-records');
/** VINs the provider double below answers specially (valid check digits, generated histories). */
const REFUSED_VIN = '1HGCM82673A123456';
const GATED_VIN = '1FTFW1ETXDFC54321';

/** What the report calls each kind of record (modules/reports/render). */
const KIND_TEXT: Record<string, (r: { title?: string }) => string> = {
  title: () => 'Title',
  brand: (r) => r.title!,
  'junk-salvage-insurance': () => 'Junk, salvage and insurance reports',
  theft: () => 'Theft',
  accident: () => 'Accidents and damage',
  'salvage-auction': () => 'Salvage auctions',
  'sale-listing': () => 'Sale listings',
  lien: () => 'Liens',
};

const MAIL = { productName: 'Vehicle Records', publicUrl: 'http://localhost:3000' };
const noLog = { info: () => {}, warn: () => {} };

describe.each(testDatabases())('report generation on $name', (testDb) => {
  let t: TestApp;
  let db: Db;
  let releaseGate: () => void = () => {};
  const gate = new Promise<void>((resolve) => (releaseGate = resolve));
  const sandbox = createVehicleHistoryProvider({
    REPORT_PROVIDER: 'sandbox',
    REPORT_TIMEOUT_MS: 1000,
    REPORT_API_BASE: undefined,
    REPORT_API_KEY: undefined,
    REPORT_API_USER: undefined,
    REPORT_API_PASS: undefined,
  });
  /** The sandbox, except that one VIN is refused for good and one waits for the test. */
  const history: VehicleHistoryProvider = {
    name: sandbox.name,
    sandbox: sandbox.sandbox,
    hasRecords: (vin, signal) => sandbox.hasRecords(vin, signal),
    async pullReport(vin, reportId, signal) {
      if (vin === REFUSED_VIN) {
        throw new VehicleHistoryError('Report ID does not match VIN.', false);
      }
      if (vin === GATED_VIN) await gate;
      return sandbox.pullReport(vin, reportId, signal);
    },
  };

  beforeAll(async () => {
    t = await createTestApp(testDb, {
      slaJob: false,
      reportJob: true,
      historyProvider: history,
      env: {
        // Tries at 0, 0.4 s and 1.2 s; the next (2.8 s) would be past the 2 s budget: refund.
        REPORT_RETRY_HOURS: String(2 / 3600),
        REPORT_RETRY_FIRST_SECONDS: '0.4',
        REPORT_JOB_TIMEOUT_SECONDS: '20',
        REPORT_PREVIEWS_PER_USER_HOUR: '3',
      },
    });
    db = t.database.db;
  });
  afterAll(async () => {
    releaseGate();
    await t.close();
  });

  async function customer(credits: number): Promise<SignedIn> {
    const user = await createVerifiedUser(t.app, db);
    await adjustTo(db, { userId: user.userId, newBalance: credits, actorId: 'test' });
    return user;
  }

  const order = (user: SignedIn, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/api/report-orders',
      headers: { authorization: `Bearer ${user.token}` },
      payload: body,
    });

  const myOrders = async (user: SignedIn) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/api/report-orders/my-orders',
        headers: { authorization: `Bearer ${user.token}` },
      })
    ).json() as { id: string; status: string; reportUrl: string | null; progress: string | null }[];

  const orderRow = async (id: string) =>
    (await db.select().from(reportOrders).where(eq(reportOrders.id, id)))[0]!;

  async function mails(to: string, subject: string) {
    await settleJobs(db);
    return db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)));
  }

  const refunds = (orderId: string) =>
    db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.kind, 'refund'), eq(creditLedger.reference, orderId)));

  /** Drains until `done` holds: retries wait for their start, which drain does not count. */
  async function settleUntil(done: () => Promise<boolean>) {
    for (let i = 0; i < 100 && !(await done()); i += 1) {
      await t.jobs.drain();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function pdfText(url: string): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'vr-report-'));
    const file = join(dir, 'report.pdf');
    await writeFile(file, res.rawPayload);
    const { stdout } = await run('pdftotext', [file, '-']);
    return stdout.replace(/\s+/g, ' ');
  }

  it('takes an order to Completed with a PDF naming the VIN, the vehicle and every record kind, and mails once', async () => {
    const user = await customer(1);
    const res = await order(user, { vin: SALVAGE.vin });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    await t.jobs.drain();

    const [listed] = await myOrders(user);
    expect(listed).toMatchObject({ id, status: 'Completed', progress: null });
    const text = await pdfText(listed!.reportUrl!);
    expect(text).toContain(SALVAGE.vin);
    expect(text.toLowerCase()).toContain(SALVAGE.vehicle.toLowerCase());
    for (const record of SALVAGE.records!) {
      expect(text).toContain(KIND_TEXT[record.kind]!(record as { title?: string }));
    }
    expect((await orderRow(id)).reportSource).toBe('generated');
    expect(await mails(user.email, 'is ready')).toHaveLength(1);
    expect(await getBalance(db, user.userId)).toBe(0);
  });

  it('serves the sample report to anyone: the real layout, SANDBOX SAMPLE on every page, within a budget', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/api/sample-report' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = await mkdtemp(join(tmpdir(), 'vr-sample-'));
    const file = join(dir, 'sample.pdf');
    await writeFile(file, res.rawPayload);
    const { stdout } = await run('pdftotext', [file, '-']);
    const pages = stdout.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain('SANDBOX SAMPLE - not real vehicle records');
    const text = stdout.replace(/\s+/g, ' ');
    expect(text).toContain(SALVAGE.vin);
    expect(text.toLowerCase()).toContain(SALVAGE.vehicle.toLowerCase());

    const more = [];
    // The budget counts the first download too: the last of these is one too many.
    for (let i = 0; i < SAMPLE_REPORT_RATE_PER_MINUTE; i++) {
      more.push(await t.app.inject({ method: 'GET', url: '/api/api/sample-report' }));
    }
    const refused = more.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(1);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0]!.json().message).toMatch(/sample reports a minute/);
  });

  it('previews records before paying, within a per-user budget, and refuses to sell an empty report', async () => {
    const user = await customer(1);
    const preview = (vin: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/api/report-orders/preview/${vin}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
    const found = await preview(CLEAN.vin);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ vin: CLEAN.vin, hasRecords: true, existing: null });
    expect(found.json().vehicle).toMatch(/honda accord/i);
    const none = await preview(NO_RECORDS.vin);
    expect(none.json()).toMatchObject({ hasRecords: false });
    expect((await preview('1HGCM82633A00435')).statusCode).toBe(400);
    // Three previews answered (the 400 was refused before counting); the fourth is over.
    expect((await preview(CLEAN.vin)).statusCode).toBe(200);
    expect((await preview(CLEAN.vin)).statusCode).toBe(429);

    const refused = await order(user, { vin: NO_RECORDS.vin });
    expect(refused.statusCode).toBe(422);
    expect(await getBalance(db, user.userId)).toBe(1);
  });

  it('answers 409 with the existing order instead of charging twice, unless fresh for a Completed one; the preview names it first', async () => {
    const user = await customer(3);
    const previewExisting = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/api/report-orders/preview/${CLEAN.vin}`,
          headers: { authorization: `Bearer ${user.token}` },
        })
      ).json().existing;
    const first = (await order(user, { vin: CLEAN.vin })).json().id;
    expect(await previewExisting()).toMatchObject({
      orderId: first,
      status: expect.stringMatching(/Pending|Processing/),
      message: REPORT_PREVIEW_MESSAGES.existingOpen,
    });
    const again = await order(user, { vin: CLEAN.vin, fresh: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ orderId: first });
    expect(again.json().message).toMatch(/being made/);
    await t.jobs.drain();
    expect(await previewExisting()).toMatchObject({ orderId: first, status: 'Completed' });
    const repeat = await order(user, { vin: CLEAN.vin });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toMatchObject({ orderId: first });
    expect(await getBalance(db, user.userId)).toBe(2);

    const fresh = await order(user, { vin: CLEAN.vin, fresh: true });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().id).not.toBe(first);
    expect(await getBalance(db, user.userId)).toBe(1);
  });

  it('charges once when the same VIN is ordered several times at once', async () => {
    const user = await customer(5);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => order(user, { vin: SALVAGE.vin })),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created).toHaveLength(1);
    const id = created[0]!.json().id;
    for (const other of answers.filter((a) => a.statusCode !== 201)) {
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ orderId: id });
    }
    expect(await getBalance(db, user.userId)).toBe(4);
    expect((await myOrders(user)).map((o) => o.id)).toEqual([id]);
  });

  it('retries a failing provider, then refunds once with the reason', async () => {
    const user = await customer(1);
    const { id } = (await order(user, { vin: FAILING.vin })).json();
    await settleUntil(async () => (await orderRow(id)).status === 'Refunded');

    const row = await orderRow(id);
    expect(row.status).toBe('Refunded');
    expect(row.generationAttempts).toBe(3);
    expect(row.generationLastError).toContain('NMVTIS');
    expect(await refunds(id)).toHaveLength(1);
    expect(await getBalance(db, user.userId)).toBe(1);
    const refundMails = await mails(user.email, 'credit was returned');
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]!.text).toContain('did not answer');
    expect(await mails(user.email, 'is ready')).toHaveLength(0);
  });

  it('refunds at once when the provider says the report cannot be made', async () => {
    const user = await customer(1);
    const { id } = (await order(user, { vin: REFUSED_VIN })).json();
    await t.jobs.drain();
    const row = await orderRow(id);
    expect(row).toMatchObject({ status: 'Refunded', generationAttempts: 1 });
    expect(await refunds(id)).toHaveLength(1);
    const [mail] = await mails(user.email, 'credit was returned');
    expect(mail!.text).toContain('Report ID does not match VIN.');
  });

  it("keeps an admin's upload made while the report is generated", async () => {
    const user = await customer(1);
    // Made first: making a user waits for its mail, and the queue is busy with the order below.
    const admin = await customer(0);
    const { id } = (await order(user, { vin: GATED_VIN })).json();
    // The worker polls; wait until it holds the order (Processing, waiting for the provider).
    for (let i = 0; i < 100 && (await orderRow(id)).status !== 'Processing'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await myOrders(user))[0]!.progress).toMatch(/Gathering/);
    const reports = createReportsService({
      db,
      storage: createReportStorage(t.config),
      lifecycle: createOrderLifecycle({ jobs: t.jobs, mail: MAIL }),
      links: { verify: () => false },
      maxReportMb: 20,
      log: noLog,
    });
    const dir = await mkdtemp(join(tmpdir(), 'vr-upload-'));
    const file = join(dir, 'upload.pdf');
    await writeFile(file, await makeReportPdf('Uploaded by an admin'));
    const uploaded = await reports.attachReportCompleteOrderAndMailCustomer({
      orderId: id,
      file,
      actorId: admin.userId,
    });
    releaseGate();
    await t.jobs.drain();

    const row = await orderRow(id);
    expect(row).toMatchObject({ status: 'Completed', reportSource: 'uploaded' });
    expect(row.reportKey).toBe(uploaded.reportKey);
    expect(await pdfText((await myOrders(user))[0]!.reportUrl!)).toContain('Uploaded by an admin');
    expect(await mails(user.email, 'is ready')).toHaveLength(1);
  });

  it('completes an order once after a worker died mid-generation, and once with two instances on one database', async () => {
    const user = await customer(4);
    const ids: string[] = [];
    for (const vin of [
      CLEAN.vin,
      SALVAGE.vin,
      demo('theft-recovery').vin,
      demo('lien-recorded').vin,
    ]) {
      ids.push((await order(user, { vin })).json().id);
    }
    const deps = {
      db,
      storage: createReportStorage(t.config),
      jobs: t.jobs,
      lifecycle: createOrderLifecycle({ jobs: t.jobs, mail: MAIL }),
      decoder: await testDecoder(t.config),
      history,
      recalls: createRecallsProvider(t.config),
      tmpDir: join(t.config.DATA_DIR, 'tmp'),
      attemptTimeoutMs: 20_000,
      retryHours: 1,
      retryFirstSeconds: 1,
      log: noLog,
    };
    // An instance dies while rendering the first order: nothing is stored or mailed.
    const dying: RenderReport = () => Promise.reject(new Error('process killed'));
    const died = createReportGenerationService({ ...deps, render: dying });
    await expect(died.generateOrderReport({ orderId: ids[0]! })).rejects.toThrow('killed');
    expect((await orderRow(ids[0]!)).status).toBe('Processing');

    // A second instance works the same queue; every job is also queued twice, as when a job
    // that expired runs again.
    const render: RenderReport = async () => makeReportPdf('Second instance');
    const second = createReportGenerationService({ ...deps, render });
    const otherQueue = await createJobQueue({
      database: t.database,
      log: { info: () => {}, error: () => {}, warn: () => {} },
    });
    await registerReportGenerationJob(otherQueue, second);
    for (const orderId of ids) await t.jobs.enqueue(db, 'report-generation', { orderId });
    await Promise.all([t.jobs.drain(), otherQueue.drain()]);
    await otherQueue.stop();
    await settleJobs(db);

    for (const orderId of ids) {
      expect(await orderRow(orderId)).toMatchObject({
        status: 'Completed',
        reportSource: 'generated',
      });
    }
    expect(await mails(user.email, 'is ready')).toHaveLength(ids.length);
  });

  it('regenerates a generated report on an admin request without mailing again', async () => {
    const user = await customer(1);
    const { id } = (await order(user, { vin: demo('odometer-rollback').vin })).json();
    await t.jobs.drain();
    const before = await orderRow(id);
    await t.jobs.enqueue(db, 'report-generation', { orderId: id, regenerate: true });
    await t.jobs.drain();
    const after = await orderRow(id);
    expect(before.status).toBe('Completed');
    expect(after).toMatchObject({ status: 'Completed', reportKey: before.reportKey });
    expect(await mails(user.email, 'is ready')).toHaveLength(1);
  });
});
