import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, desc, eq, like } from 'drizzle-orm';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  REPORT_VIEW_MESSAGES,
  SHARE_LINK_DAYS,
  SHARED_REPORT_RATE_PER_HOUR,
  type ReportViewResponse,
  type SharedReport,
} from '@vr/contracts';
import { SANDBOX_HISTORIES } from '../src/adapters/vehicle-history/sandbox-histories.ts';
import type { Db } from '../src/db/client.ts';
import { outbox, reportInputs } from '../src/db/schema.ts';
import { adjustTo } from '../src/modules/credits/credit-ledger.ts';
import { MAIL_ATTACHMENT_MAX_BYTES } from '../src/modules/reports/reports.service.ts';
import { createVerifiedUser, freshEmail, type SignedIn } from './auth-support.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { reportBatch } from './support/multipart.ts';
import { makeReportPdf } from './support/pdf.ts';
import { api, freshIp, get } from './support/requests.ts';

const run = promisify(execFile);
const SALVAGE = SANDBOX_HISTORIES.find((h) => h.story === 'salvage-rebuilt')!;
const FAILING = SANDBOX_HISTORIES.find((h) => h.story === 'failing')!;
const PUBLIC_URL = 'http://reports.example.test';

/** A valid PDF of about `bytes` (random, so incompressible), as a large uploaded report. */
async function bulkyPdf(bytes: number): Promise<Buffer> {
  const doc = await PDFDocument.load(await makeReportPdf('A large uploaded report'));
  doc.setSubject(randomBytes(bytes / 2).toString('hex'));
  // Without object streams the text stays as it is: the file is as large as asked.
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

async function pdfText(bytes: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vr-view-pdf-'));
  const file = join(dir, 'report.pdf');
  writeFileSync(file, bytes);
  const { stdout } = await run('pdftotext', [file, '-']);
  rmSync(dir, { recursive: true, force: true });
  return stdout.replace(/\s+/g, ' ');
}

/** Waits (polling, as the dashboard does) until `done` holds: the workers run in the background. */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500 && !(await done()); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// The first report of a render thread loads the report modules into it: more than one test's
// usual room on a loaded machine.
vi.setConfig({ testTimeout: 150_000 });

describe.each(testDatabases())('report web view, mails and sharing on $name', (testDb) => {
  const dist = mkdtempSync(join(tmpdir(), 'vr-view-dist-'));
  const adminEmail = freshEmail('admin');
  const logLines: string[] = [];
  let t: TestApp;
  let db: Db;
  let admin: SignedIn;

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<html><head></head><body>landing</body></html>');
    writeFileSync(
      join(dist, 'app.html'),
      '<html><head><title>App</title></head><body>shell</body></html>',
    );
    t = await createTestApp(testDb, {
      slaJob: false,
      reportJob: true,
      logStream: { write: (line) => void logLines.push(line) },
      env: {
        WEB_DIST_DIR: dist,
        PUBLIC_URL,
        ADMIN_EMAILS: adminEmail,
        // Debug: a quick success's request line is written at debug (decision 0025).
        LOG_LEVEL: 'debug',
      },
    });
    db = t.database.db;
    admin = await createVerifiedUser(t.app, db, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  async function customer(): Promise<SignedIn> {
    const user = await createVerifiedUser(t.app, db);
    await adjustTo(db, { userId: user.userId, newBalance: 5, actorId: 'test' });
    return user;
  }

  async function completedOrder(user: SignedIn, vin = SALVAGE.vin): Promise<string> {
    const res = await api(t.app, 'POST', '/api/api/report-orders', user.token, {
      vin,
      fresh: true,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    await until(async () => {
      const mine = await api(t.app, 'GET', '/api/api/report-orders/my-orders', user.token);
      return (mine.json() as { id: string; status: string }[]).some(
        (o) => o.id === id && o.status === 'Completed',
      );
    });
    return id;
  }

  /** The newest mail to `to` with `subject`, once the worker has delivered it. */
  async function mailOf(to: string, subject: string) {
    const newest = async () =>
      (
        await db
          .select()
          .from(outbox)
          .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)))
          .orderBy(desc(outbox.id))
      )[0];
    await until(async () => (await newest()) !== undefined);
    return (await newest())!;
  }

  async function upload(orderId: string, pdf: Buffer) {
    const { payload, headers } = reportBatch([[orderId, 'corrected.pdf', pdf]]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api/admin/reports/batch-upload',
      headers: { ...headers, authorization: `Bearer ${admin.token}` },
      payload,
    });
    expect(res.statusCode).toBe(200);
  }

  const share = (user: SignedIn, id: string, method: 'GET' | 'POST' | 'DELETE') =>
    api(t.app, method, `/api/api/report-orders/${id}/share`, user.token);
  const tokenOf = (url: string) => url.slice(`${PUBLIC_URL}/r/`.length);

  it('mails the truth on ordering, then a ready mail linking the web view with the PDF attached', async () => {
    const user = await customer();
    const id = await completedOrder(user);

    const received = await mailOf(user.email, 'we received your report order');
    expect(received.text).toContain('usually ready in under a minute');
    expect(received.text).toContain(
      `If it is not ready within ${t.config.REPORT_SLA_HOURS} hours, your credit comes back automatically.`,
    );

    const ready = await mailOf(user.email, 'is ready');
    const link = /Open your report: (\S+)/.exec(ready.text)?.[1];
    expect(link).toBe(`${PUBLIC_URL}/dashboard/reports/${id}`);
    expect(ready.html).toContain(`href="${link}"`);
    expect(ready.text).toContain("The report's PDF is attached");
    const size = Number(
      new RegExp(`Attached: report-${id}-${SALVAGE.vin}\\.pdf \\((\\d+) bytes\\)`).exec(
        ready.text,
      )?.[1],
    );
    expect(size).toBeGreaterThan(1000);
    expect(size).toBeLessThan(MAIL_ATTACHMENT_MAX_BYTES);

    // The link carries no credential: followed, it is the app's page, which asks to sign in.
    const page = await get(t.app, new URL(link!).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('shell');
  });

  it("answers the owner's report as a page from the same findings as its PDF, and nobody else's", async () => {
    const user = await customer();
    const id = await completedOrder(user);
    const res = await api(t.app, 'GET', `/api/api/report-orders/${id}/report-view`, user.token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ReportViewResponse;
    expect(body).toMatchObject({ orderId: id, vin: SALVAGE.vin });
    const view = body.view!;
    expect(view.facts).toContainEqual({ label: 'VIN', value: SALVAGE.vin });
    expect(view.flags.map((f) => f.level)).toContain('red');
    expect(view.records.length).toBeGreaterThan(0);
    const [stored] = await db.select().from(reportInputs).where(eq(reportInputs.orderId, id));
    expect(Date.parse(stored!.generatedAt.toISOString())).toBe(Date.parse(body.generatedAt));

    const pdf = await t.app.inject({ method: 'GET', url: body.pdfUrl });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const flag of view.flags) expect(text).toContain(flag.text.replace(/\s+/g, ' '));
    for (const table of view.records) {
      expect(text).toContain(table.title);
      for (const row of table.rows) expect(text).toContain(row[0]!.text);
    }

    const stranger = await customer();
    const other = await api(
      t.app,
      'GET',
      `/api/api/report-orders/${id}/report-view`,
      stranger.token,
    );
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(REPORT_VIEW_MESSAGES.notFound);
    const anonymous = await api(
      t.app,
      'GET',
      `/api/api/report-orders/${id}/report-view`,
      undefined,
    );
    expect(anonymous.statusCode).toBe(401);
  });

  it('shares a Completed report for 30 days: the public page and PDF without the owner e-mail, noindex, counted; revoked at once', async () => {
    const user = await customer();
    const id = await completedOrder(user);
    expect((await share(user, id, 'GET')).json()).toEqual({
      shared: false,
      expiresAt: null,
      opens: 0,
    });

    const made = await share(user, id, 'POST');
    expect(made.statusCode).toBe(200);
    const { url, expiresAt } = made.json() as { url: string; expiresAt: string };
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/r/[A-Za-z0-9_-]{43}$`));
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(SHARE_LINK_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(SHARE_LINK_DAYS);
    const token = tokenOf(url);

    const page = await get(t.app, new URL(url).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain('shell');
    expect(page.headers['x-robots-tag']).toContain('noindex');

    const data = await get(t.app, `/api/api/shared-reports/${token}`);
    expect(data.statusCode).toBe(200);
    expect(data.headers['x-robots-tag']).toContain('noindex');
    expect(data.body).not.toContain(user.email);
    const shared = data.json() as SharedReport;
    expect(shared.vin).toBe(SALVAGE.vin);
    expect(shared.view?.flags.length).toBeGreaterThan(0);
    const pdf = await get(t.app, shared.pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['x-robots-tag']).toContain('noindex');
    await get(t.app, `/api/api/shared-reports/${token}`);

    const status = (await share(user, id, 'GET')).json();
    expect(status).toEqual({ shared: true, expiresAt, opens: 2 });
    const stranger = await customer();
    expect((await share(stranger, id, 'GET')).statusCode).toBe(404);
    expect((await share(stranger, id, 'POST')).statusCode).toBe(404);
    expect((await share(stranger, id, 'DELETE')).statusCode).toBe(404);

    expect((await share(user, id, 'DELETE')).statusCode).toBe(204);
    expect((await get(t.app, `/api/api/shared-reports/${token}`)).statusCode).toBe(404);
    expect((await get(t.app, `/api/api/shared-reports/${token}/pdf`)).statusCode).toBe(404);
    const gone = await get(t.app, `/r/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['x-robots-tag']).toContain('noindex');
    expect((await get(t.app, `/r/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await share(user, id, 'GET')).json()).toMatchObject({ shared: false });
  });

  it('shares only Completed reports', async () => {
    const user = await customer();
    const res = await api(t.app, 'POST', '/api/api/report-orders', user.token, {
      vin: FAILING.vin,
    });
    const id = res.json().id as string;
    // Its provider fails: the order waits for a retry, Processing.
    await until(async () => {
      const mine = await api(t.app, 'GET', '/api/api/report-orders/my-orders', user.token);
      return (mine.json() as { id: string; progress: string | null }[]).some(
        (o) => o.id === id && /try again/.test(o.progress ?? ''),
      );
    });
    const refused = await share(user, id, 'POST');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REPORT_VIEW_MESSAGES.shareNotCompleted);
    const view = await api(t.app, 'GET', `/api/api/report-orders/${id}/report-view`, user.token);
    expect(view.statusCode).toBe(409);
    expect(view.json().message).toBe(REPORT_VIEW_MESSAGES.notReady);
  });

  it("shows an admin's replacement as a PDF-only page, owner and shared alike, and mails it attached", async () => {
    const user = await customer();
    const id = await completedOrder(user);
    const token = tokenOf((await share(user, id, 'POST')).json().url);
    await upload(id, await makeReportPdf('Corrected by the records desk'));

    const own = (
      await api(t.app, 'GET', `/api/api/report-orders/${id}/report-view`, user.token)
    ).json();
    expect(own.view).toBeNull();
    const shared = (await get(t.app, `/api/api/shared-reports/${token}`)).json() as SharedReport;
    expect(shared.view).toBeNull();
    const pdf = await get(t.app, shared.pdfUrl);
    expect(await pdfText(pdf.rawPayload)).toContain('Corrected by the records desk');

    const updated = await mailOf(user.email, 'was updated');
    expect(updated.text).toContain(`${PUBLIC_URL}/dashboard/reports/${id}`);
    expect(updated.text).toMatch(/Attached: report-.*\.pdf/);
  });

  it('leaves a PDF of 2 MB or more out of the mail; the link still opens it', async () => {
    const user = await customer();
    const id = await completedOrder(user);
    const big = await bulkyPdf(MAIL_ATTACHMENT_MAX_BYTES + 100_000);
    expect(big.length).toBeGreaterThan(MAIL_ATTACHMENT_MAX_BYTES);
    await upload(id, big);
    const updated = await mailOf(user.email, 'was updated');
    expect(updated.text).toContain(`${PUBLIC_URL}/dashboard/reports/${id}`);
    expect(updated.text).not.toContain('Attached:');
    expect(updated.text).not.toContain('is attached');
  });

  it('budgets each shared link per hour, counted in the database', async () => {
    const user = await customer();
    const id = await completedOrder(user);
    const token = tokenOf((await share(user, id, 'POST')).json().url);
    const statuses: number[] = [];
    for (let i = 0; i <= SHARED_REPORT_RATE_PER_HOUR; i++) {
      statuses.push(
        (await get(t.app, `/api/api/shared-reports/${token}`, { ip: freshIp() })).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(SHARED_REPORT_RATE_PER_HOUR);
    const last = await get(t.app, `/api/api/shared-reports/${token}/pdf`, { ip: freshIp() });
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('never writes a share token into a log line', async () => {
    const user = await customer();
    const id = await completedOrder(user);
    const token = tokenOf((await share(user, id, 'POST')).json().url);
    const from = logLines.length;
    await get(t.app, `/r/${token}`);
    await get(t.app, `/api/api/shared-reports/${token}`);
    await get(t.app, `/api/api/shared-reports/${token}/pdf`);
    const lines = logLines.slice(from).join('\n');
    expect(lines).toContain('/r/[redacted]');
    expect(lines).toContain('/api/api/shared-reports/[redacted]');
    expect(lines).not.toContain(token);
  });
});
