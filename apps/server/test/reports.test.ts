import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileReportStorage } from '../src/adapters/report-storage/file-report-storage.ts';
import { createS3ReportStorage } from '../src/adapters/report-storage/s3-report-storage.ts';
import type { ReportStorage } from '../src/adapters/report-storage/report-storage.ts';
import type { Db } from '../src/db/client.ts';
import { adminAuditLog, reportOrders } from '../src/db/schema.ts';
import { adjustTo } from '../src/modules/credits/credit-ledger.ts';
import { createOrderLifecycle } from '../src/modules/orders/order-lifecycle.ts';
import { createReportsService, type ReportsDeps } from '../src/modules/reports/reports.service.ts';
import { createReportLinks, REPORT_LINK_TTL_MS } from '../src/modules/reports/report-links.ts';
import { checkReportPdf, REPORT_FILE_MESSAGES } from '../src/modules/reports/report-pdf.ts';
import { runCli } from '../src/modules/users/users.cli.ts';
import { createVerifiedUser, lastMail } from './auth-support.ts';
import { get } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { makeReportPdf, PNG_BYTES } from './support/pdf.ts';

const VIN = '1HGCM82633A004352';
const scratch = mkdtempSync(join(tmpdir(), 'vr-report-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let scratchCount = 0;

/** `bytes` as a file, the way uploads and the CLI hand reports over. */
function fileOf(bytes: Buffer | string): string {
  const path = join(scratch, `${(scratchCount += 1)}.pdf`);
  writeFileSync(path, bytes);
  return path;
}

function storageContract(name: string, make: () => Promise<ReportStorage>) {
  it(`${name}: stores, replaces, reads and deletes a report`, async () => {
    const storage = await make();
    await storage.check();
    expect(await storage.get('order-1/missing.pdf')).toBeNull();
    await storage.put('order-1/a.pdf', fileOf('first'));
    await storage.put('order-1/a.pdf', fileOf('second version'));
    const stored = await storage.get('order-1/a.pdf');
    expect(stored?.size).toBe(14);
    expect(await text(stored!.body)).toBe('second version');
    await storage.delete('order-1/a.pdf');
    expect(await storage.get('order-1/a.pdf')).toBeNull();
  });
}

describe('report storage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vr-reports-'));
  let s3: S3rver;
  let endpoint = '';
  beforeAll(async () => {
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: join(dir, 's3'),
      configureBuckets: [{ name: 'reports', configs: [] }],
    });
    const address = await s3.run();
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  storageContract('files', async () => createFileReportStorage(join(dir, 'files')));
  storageContract('S3 (s3rver on loopback)', async () =>
    createS3ReportStorage({
      bucket: 'reports',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }),
  );

  it("files: keeps each report its owner's alone (0600), also copied from a readable file", async () => {
    const storage = createFileReportStorage(join(dir, 'files'));
    const source = fileOf('report');
    chmodSync(source, 0o644);
    await storage.put('order-2/a.pdf', source);
    expect(statSync(join(dir, 'files', 'order-2', 'a.pdf')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'files', 'order-2')).mode & 0o777).toBe(0o700);
  });

  it('files: refuses keys that could leave its directory', async () => {
    const storage = createFileReportStorage(join(dir, 'files'));
    await expect(storage.put('../escape.pdf', fileOf('x'))).rejects.toThrow(/invalid report key/);
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/invalid report key/);
  });
});

describe('report PDF checks', () => {
  it('accepts a real PDF and refuses a renamed PNG, an empty, a truncated and an oversized file', async () => {
    const pdf = await makeReportPdf();
    await expect(checkReportPdf(fileOf(pdf), 20)).resolves.toBe(pdf.length);
    await expect(checkReportPdf(fileOf(PNG_BYTES), 20)).rejects.toMatchObject({
      statusCode: 400,
      message: REPORT_FILE_MESSAGES.notPdf,
    });
    await expect(checkReportPdf(fileOf(Buffer.alloc(0)), 20)).rejects.toMatchObject({
      statusCode: 400,
      message: REPORT_FILE_MESSAGES.empty,
    });
    await expect(
      checkReportPdf(fileOf(pdf.subarray(0, Math.floor(pdf.length / 2))), 20),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: REPORT_FILE_MESSAGES.damaged,
    });
    const big = Buffer.concat([pdf, Buffer.alloc(1024 * 1024)]);
    await expect(checkReportPdf(fileOf(big), 1)).rejects.toMatchObject({
      statusCode: 413,
      message: REPORT_FILE_MESSAGES.tooLarge(1),
    });
  });
});

describe('report links', () => {
  it('open only the signed order for its owner until they expire', () => {
    let now = Date.UTC(2026, 10, 23, 12);
    const links = createReportLinks('x'.repeat(40), () => now);
    const order = { id: 'order-1', userId: 'user-1' };
    const url = new URL(links.urlFor(order), 'http://host');
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig')!;
    expect(url.pathname).toBe('/api/api/report-orders/order-1/report');
    expect(links.verify(order, expires, sig)).toBe(true);
    expect(links.verify({ ...order, id: 'order-2' }, expires, sig)).toBe(false);
    expect(links.verify({ ...order, userId: 'user-2' }, expires, sig)).toBe(false);
    expect(links.verify(order, expires + 60, sig)).toBe(false);
    expect(links.verify(order, expires, `${sig.slice(0, -2)}AA`)).toBe(false);
    expect(createReportLinks('y'.repeat(40), () => now).verify(order, expires, sig)).toBe(false);
    now += REPORT_LINK_TTL_MS + 1000;
    expect(links.verify(order, expires, sig)).toBe(false);
  });
});

describe.each(testDatabases())('attaching reports on $name', (testDb) => {
  let t: TestApp;
  let db: Db;
  let deps: ReportsDeps;
  const attachReport = (
    with_: ReportsDeps,
    input: { orderId: string; file: string; actorId: string },
  ) => createReportsService(with_).attachReportCompleteOrderAndMailCustomer(input);
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-attach-'));

  beforeAll(async () => {
    t = await createTestApp(testDb, { slaJob: false, env: { DATA_DIR: dataDir } });
    db = t.database.db;
    deps = {
      db,
      storage: createFileReportStorage(join(dataDir, 'reports')),
      lifecycle: createOrderLifecycle({
        jobs: t.jobs,
        mail: { productName: 'Vehicle Records', publicUrl: 'http://localhost:3000' },
      }),
      links: createReportLinks('x'.repeat(40)),
      maxReportMb: 20,
      log: { warn: () => {} },
    };
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function orderFor(credits = 1) {
    const user = await createVerifiedUser(t.app, db);
    await adjustTo(db, { userId: user.userId, newBalance: credits, actorId: 'test' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api/report-orders',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { vin: VIN },
    });
    return { user, orderId: res.json().id as string };
  }

  it('completes the order, e-mails the customer and serves the PDF through the owner link only', async () => {
    const { user, orderId } = await orderFor();
    const stranger = await createVerifiedUser(t.app, db);
    const pdf = await makeReportPdf(`Report for ${VIN}`);

    const cliOut: string[] = [];
    const cliErr: string[] = [];
    const file = join(dataDir, 'upload.pdf');
    writeFileSync(file, pdf);
    const code = await runCli(['attach-report', orderId, file], {
      openServices: async () => ({
        users: { setRoleByEmail: () => Promise.reject(new Error()) },
        reports: createReportsService(deps),
        close: async () => {},
      }),
      out: (line) => cliOut.push(line),
      err: (line) => cliErr.push(line),
    });
    expect({ code, cliOut, cliErr }).toEqual({
      code: 0,
      cliOut: [`Report attached to order ${orderId}; the order is Completed.`],
      cliErr: [],
    });

    const mine = (
      await get(t.app, '/api/api/report-orders/my-orders', { token: user.token })
    ).json();
    expect(mine[0]).toMatchObject({ id: orderId, status: 'Completed' });
    const link: string = mine[0].reportUrl;
    expect(link).toMatch(/^\/api\/api\/report-orders\/.+\/report\?expires=\d+&sig=/);

    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(pdf)).toBe(true);

    const tampered = link.replace(/sig=([^&]+)/, (_m, s: string) => `sig=${s.slice(0, -3)}abc`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const otherOrder = link.replace(orderId, (await orderFor()).orderId);
    expect((await t.app.inject({ method: 'GET', url: otherOrder })).statusCode).toBe(403);
    const strangers = (
      await get(t.app, '/api/api/report-orders/my-orders', { token: stranger.token })
    ).json();
    expect(strangers).toEqual([]);

    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, orderId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: 'cli', action: 'report.upload' });
  });

  it('replaces a report and keeps the old file until the new one is stored', async () => {
    const { orderId } = await orderFor();
    const first = await attachReport(deps, {
      orderId,
      file: fileOf(await makeReportPdf('v1')),
      actorId: 'a',
    });
    const failing: ReportsDeps = {
      ...deps,
      storage: { ...deps.storage, put: async () => Promise.reject(new Error('disk full')) },
    };
    await expect(
      attachReport(failing, { orderId, file: fileOf(await makeReportPdf('v2')), actorId: 'a' }),
    ).rejects.toThrow('disk full');
    const kept = await deps.storage.get(first.reportKey!);
    expect(kept).not.toBeNull();
    await text(kept!.body);

    const second = await attachReport(deps, {
      orderId,
      file: fileOf(await makeReportPdf('v2')),
      actorId: 'a',
    });
    expect(second.reportKey).not.toBe(first.reportKey);
    expect(await deps.storage.get(first.reportKey!)).toBeNull();
    const [row] = await db.select().from(reportOrders).where(eq(reportOrders.id, orderId));
    expect(row?.status).toBe('Completed');
  });

  it('refuses a bad file, an unknown order and a refunded order', async () => {
    const { orderId } = await orderFor();
    await expect(
      attachReport(deps, { orderId, file: fileOf(PNG_BYTES), actorId: 'a' }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      attachReport(deps, { orderId: 'nope', file: fileOf(await makeReportPdf()), actorId: 'a' }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await db.update(reportOrders).set({ status: 'Refunded' }).where(eq(reportOrders.id, orderId));
    await expect(
      attachReport(deps, { orderId, file: fileOf(await makeReportPdf()), actorId: 'a' }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it('mails the customer that the report is ready', async () => {
    const { user, orderId } = await orderFor();
    await attachReport(deps, { orderId, file: fileOf(await makeReportPdf()), actorId: 'a' });
    const mail = await lastMail(db, user.email);
    expect(mail.subject).toMatch(/report is ready/);
    expect(mail.text).toContain(VIN);
    expect(mail.text).toContain('http://localhost:3000/dashboard');
  });

  it('tells a customer who had the report already that it was updated, not ready again', async () => {
    const { user, orderId } = await orderFor();
    await attachReport(deps, { orderId, file: fileOf(await makeReportPdf()), actorId: 'a' });
    await attachReport(deps, { orderId, file: fileOf(await makeReportPdf('v2')), actorId: 'a' });
    const mail = await lastMail(db, user.email);
    expect(mail.subject).toMatch(/report was updated/);
    expect(mail.text).toContain(VIN);
  });
});
