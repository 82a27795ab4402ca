import { ADMIN_MESSAGES } from '@vr/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { adminAuditLog, creditLedger, reportOrders } from '../src/db/schema.ts';
import { adjustTo } from '../src/modules/credits/credit-ledger.ts';
import { getBalance } from '../src/modules/credits/credits.repo.ts';
import { REPORT_FILE_MESSAGES } from '../src/modules/reports/report-pdf.ts';
import { createVerifiedUser, freshEmail, lastMail, type SignedIn } from './auth-support.ts';
import { distinctVin } from './support/vins.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { api } from './support/requests.ts';
import { testDatabases } from './support/databases.ts';
import { multipart, reportBatch } from './support/multipart.ts';
import { makeReportPdf, PNG_BYTES } from './support/pdf.ts';

const VIN = '1HGCM82633A004352';

/** An error answer: its status and the `message` a client shows. */
function expectRefused(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, message).toBe(status);
  expect(res.json().message).toBe(message);
}

function upload(app: FastifyInstance, token: string, pairs: [string, string, Buffer][]) {
  const { payload, headers } = reportBatch(pairs);
  return app.inject({
    method: 'POST',
    url: '/api/api/admin/reports/batch-upload',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
}

describe.each(testDatabases())('admin API on $name', (testDb) => {
  const adminEmail = freshEmail('admin');
  let t: TestApp;
  let db: Db;
  let admin: SignedIn;
  let customer: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(testDb, {
      slaJob: false,
      env: { ADMIN_EMAILS: adminEmail, MAX_REPORT_MB: '1' },
    });
    db = t.database.db;
    admin = await createVerifiedUser(t.app, db, { email: adminEmail });
    customer = await createVerifiedUser(t.app, db, { fullName: 'Cara Customer' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function orderFor(user: SignedIn) {
    await adjustTo(db, {
      userId: user.userId,
      newBalance: (await getBalance(db, user.userId)) + 1,
      actorId: 'test',
    });
    const res = await api(t.app, 'POST', '/api/api/report-orders', user.token, {
      vin: distinctVin(),
    });
    return res.json().id as string;
  }

  it('answers 401 without a token and 403 to a USER on every admin route, even with bad input', async () => {
    const routes: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', '/api/api/admin/users'],
      ['GET', '/api/api/admin/users?page=0&size=1000'],
      ['GET', '/api/api/admin/users/all'],
      ['GET', `/api/api/admin/users/email/${encodeURIComponent(customer.email)}`],
      ['PUT', `/api/api/admin/users/${customer.userId}`, { credit: 5 }],
      ['PUT', `/api/api/admin/users/${customer.userId}`, { credit: -1 }],
      ['GET', '/api/api/admin/credit-purchases'],
      ['GET', '/api/api/admin/report-orders/counts'],
      ['GET', '/api/api/admin/report-orders'],
      ['GET', '/api/api/admin/report-orders/pending'],
      ['GET', '/api/api/admin/report-orders/processing'],
      ['GET', '/api/api/admin/report-orders/completed?page=x'],
      ['GET', `/api/api/admin/report-orders/user/${customer.userId}`],
      ['POST', '/api/api/admin/report-orders/missing-order/processing'],
      ['POST', '/api/api/admin/reports/batch-upload', {}],
      ['GET', '/api/api/admin/reports/some-order/download'],
      ['POST', '/api/api/admin/tryout', { vin: VIN }],
      ['POST', '/api/api/admin/tryout', { nonsense: true }],
      ['GET', '/api/api/admin/audit-log'],
      ['GET', '/api/api/admin/plate-searches'],
      ['GET', '/api/api/admin/plate-searches?page=0'],
    ];
    for (const [method, url, body] of routes) {
      expect((await api(t.app, method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(
        401,
      );
      expect(
        (await api(t.app, method, url, customer.token, body)).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
    expect(await getBalance(db, customer.userId)).toBe(0);
    const adminOk = routes.filter(([, url, body]) => {
      const bad = ['page=', 'download', 'batch-upload', 'missing-order'].some((part) =>
        url.includes(part),
      );
      const badBody =
        body !== undefined && ('nonsense' in body || (body as { credit?: number }).credit === -1);
      return !bad && !badBody;
    });
    for (const [method, url, body] of adminOk) {
      const res = await api(t.app, method, url, admin.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(200);
    }
  });

  it('lists users with their credit, finds one by e-mail, and says when none matches', async () => {
    const page = (
      await api(t.app, 'GET', '/api/api/admin/users?page=1&size=100', admin.token)
    ).json();
    const row = page.data.find((u: { id: string }) => u.id === customer.userId);
    expect(row).toMatchObject({
      email: customer.email,
      username: 'Cara Customer',
      role: 'USER',
      paymentBind: false,
    });
    expect(typeof row.credit).toBe('number');
    const byEmail = await api(
      t.app,
      'GET',
      `/api/api/admin/users/email/${encodeURIComponent(` ${customer.email.toUpperCase()} `)}`,
      admin.token,
    );
    expect(byEmail.json().data.id).toBe(customer.userId);
    const none = await api(
      t.app,
      'GET',
      '/api/api/admin/users/email/nobody%40example.com',
      admin.token,
    );
    expectRefused(none, 404, ADMIN_MESSAGES.noUserFound);
    const all = (await api(t.app, 'GET', '/api/api/admin/users/all', admin.token)).json();
    expect(all.data.length).toBe(page.pagination.total);
  });

  it('sets credit with exactly one adjustment row, audited, and refuses non-integers', async () => {
    const user = await createVerifiedUser(t.app, db);
    const res = await api(t.app, 'PUT', `/api/api/admin/users/${user.userId}`, admin.token, {
      credit: 7,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Credit updated from 0 to 7.' });
    const rows = await db.select().from(creditLedger).where(eq(creditLedger.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'adjustment', delta: 7, actorId: admin.userId });
    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, user.userId), eq(adminAuditLog.action, 'credit.set')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.userId,
      before: { credit: 0 },
      after: { credit: 7 },
    });
    for (const credit of [-1, 1.5, 'abc', null]) {
      const bad = await api(t.app, 'PUT', `/api/api/admin/users/${user.userId}`, admin.token, {
        credit,
      });
      expect(bad.statusCode, String(credit)).toBe(400);
      expect(bad.json().message).toBe(ADMIN_MESSAGES.invalidCredits);
    }
    expect(
      (await api(t.app, 'PUT', '/api/api/admin/users/nobody', admin.token, { credit: 1 }))
        .statusCode,
    ).toBe(404);
    expect(await getBalance(db, user.userId)).toBe(7);
  });

  it('keeps the balance equal to the ledger under 10 concurrent credit updates', async () => {
    const user = await createVerifiedUser(t.app, db);
    const targets = [3, 9, 1, 4, 12, 0, 5, 8, 2, 6];
    const answers = await Promise.all(
      targets.map((credit) =>
        api(t.app, 'PUT', `/api/api/admin/users/${user.userId}`, admin.token, { credit }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const balance = await getBalance(db, user.userId);
    expect(targets).toContain(balance);
    const [sum] = await db
      .select({ s: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, user.userId));
    expect(Number(sum?.s)).toBe(balance);
  });

  it('pages and filters orders: empty, exactly one page, a last partial page, and by user', async () => {
    const buyer = await createVerifiedUser(t.app, db);
    const empty = (
      await api(t.app, 'GET', `/api/api/admin/report-orders/user/${buyer.userId}`, admin.token)
    ).json();
    expect(empty).toMatchObject({
      data: [],
      totalCount: 0,
      message: ADMIN_MESSAGES.noOrdersForUser,
      pagination: { current: 1, pages: 0, total: 0 },
    });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await orderFor(buyer));
    const byUser = (p: number, size: number) =>
      api(
        t.app,
        'GET',
        `/api/api/admin/report-orders/user/%20${buyer.userId}%20?page=${p}&size=${size}`,
        admin.token,
      ).then((r) => r.json());
    const onePage = await byUser(1, 5);
    expect(onePage.data).toHaveLength(5);
    expect(onePage.pagination).toEqual({ current: 1, size: 5, pages: 1, total: 5 });
    expect(onePage.data.map((o: { id: string }) => o.id)).toEqual([...ids].reverse());
    const last = await byUser(3, 2);
    expect(last.data).toHaveLength(1);
    expect(last.pagination).toEqual({ current: 3, size: 2, pages: 3, total: 5 });
    expect(last.userId).toBe(buyer.userId);
    expect(last.data[0]).toMatchObject({ userId: buyer.userId, userEmail: buyer.email });
    expect((await byUser(4, 2)).data).toEqual([]);
    expect(
      (await api(t.app, 'GET', '/api/api/admin/report-orders/user/%20', admin.token)).json()
        .message,
    ).toBe(ADMIN_MESSAGES.invalidUserIdProvided);
    expect(
      (await api(t.app, 'GET', '/api/api/admin/report-orders?size=101', admin.token)).statusCode,
    ).toBe(400);

    await db.update(reportOrders).set({ status: 'Processing' }).where(eq(reportOrders.id, ids[0]!));
    const counts = (
      await api(t.app, 'GET', '/api/api/admin/report-orders/counts', admin.token)
    ).json().counts;
    const pending = (
      await api(t.app, 'GET', '/api/api/admin/report-orders/pending?size=100', admin.token)
    ).json();
    const processing = (
      await api(t.app, 'GET', '/api/api/admin/report-orders/processing?size=100', admin.token)
    ).json();
    expect(pending.pagination.total).toBe(counts.pending);
    expect(processing.pagination.total).toBe(counts.processing);
    expect(processing.data.map((o: { id: string }) => o.id)).toContain(ids[0]);
    expect(pending.data.every((o: { status: string }) => o.status === 'Pending')).toBe(true);
    expect(counts.total).toBe(
      counts.pending + counts.processing + counts.completed + counts.refunded,
    );
  });

  it("lists credit purchases with the buyer's e-mail beside the id", async () => {
    const buyer = await createVerifiedUser(t.app, db);
    const created = await api(t.app, 'POST', '/api/api/sandbox/payment-methods', buyer.token, {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    await api(t.app, 'POST', '/api/api/user/payment-methods', buyer.token, {
      paymentMethodId: created.json().id,
    });
    const intent = await api(t.app, 'POST', '/api/api/stripe-credit/credit-purchase', buyer.token, {
      packageId: 'credits_1',
      paymentMethodId: created.json().id,
    });
    const list = (
      await api(t.app, 'GET', '/api/api/admin/credit-purchases?limit=100', admin.token)
    ).json();
    expect(
      list.data.find((p: { id: string }) => p.id === intent.json().paymentIntentId),
    ).toMatchObject({
      userId: buyer.userId,
      userEmail: buyer.email,
      status: 'requires_confirmation',
    });
  });

  it('lets an admin take a Pending order: Processing once, audited, still customer-visible as Processing', async () => {
    const order = await orderFor(customer);
    const take = (id = order) =>
      api(t.app, 'POST', `/api/api/admin/report-orders/${id}/processing`, admin.token);
    const results = await Promise.all([take(), take(), take()]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.json().message).sort()).toEqual(
      [
        ADMIN_MESSAGES.alreadyProcessing,
        ADMIN_MESSAGES.alreadyProcessing,
        ADMIN_MESSAGES.markedProcessing,
      ].sort(),
    );
    const audits = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'order.processing'), eq(adminAuditLog.targetId, order)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.userId, after: { status: 'Processing' } });
    const processing = (
      await api(t.app, 'GET', '/api/api/admin/report-orders/processing?size=100', admin.token)
    ).json();
    expect(processing.data.map((o: { id: string }) => o.id)).toContain(order);
    const mine = (
      await api(t.app, 'GET', '/api/api/report-orders/my-orders', customer.token)
    ).json();
    expect(mine.find((o: { id: string }) => o.id === order)?.status).toBe('Processing');

    const upload1 = await upload(t.app, admin.token, [
      [order, 'r.pdf', await makeReportPdf(`Report for ${VIN}`)],
    ]);
    expect(upload1.statusCode).toBe(200);
    const again = await take();
    expectRefused(again, 409, ADMIN_MESSAGES.onlyPendingToProcessing);
    const unknown = await take('no-such-order');
    expectRefused(unknown, 404, ADMIN_MESSAGES.orderNotFound);
  });

  it('uploads a batch: real PDFs complete their orders and mail the customer; bad files fail alone', async () => {
    const [a, b, c] = [
      await orderFor(customer),
      await orderFor(customer),
      await orderFor(customer),
    ];
    const pdf = await makeReportPdf(`Report for ${VIN}`);
    const res = await upload(t.app, admin.token, [
      [a, 'a.pdf', pdf],
      [b, 'renamed.pdf', PNG_BYTES],
      [c, 'c.pdf', pdf],
    ]);
    expect(res.statusCode).toBe(207);
    const body = res.json();
    expect(body.results.map((r: { success: boolean }) => r.success)).toEqual([true, false, true]);
    expect(body.results[1]).toMatchObject({
      reportOrderId: b,
      fileName: 'renamed.pdf',
      message: ADMIN_MESSAGES.pdfOnly,
    });
    const statuses = await db
      .select({ id: reportOrders.id, status: reportOrders.status })
      .from(reportOrders)
      .where(eq(reportOrders.userId, customer.userId));
    const by = Object.fromEntries(statuses.map((s) => [s.id, s.status]));
    expect([by[a], by[b], by[c]]).toEqual(['Completed', 'Pending', 'Completed']);
    expect((await lastMail(db, customer.email)).subject).toMatch(/report is ready/);

    const list = (
      await api(t.app, 'GET', '/api/api/admin/report-orders/completed?size=100', admin.token)
    ).json();
    const done = list.data.find((o: { id: string }) => o.id === a);
    expect(done.reportUrl).toBe(`/api/api/admin/reports/${a}/download`);
    const download = await api(t.app, 'GET', done.reportUrl, admin.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="report-${a}-${done.vin}.pdf"`,
    );
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses an empty, a truncated and an oversized file, and mismatched pairs', async () => {
    const order = await orderFor(customer);
    const pdf = await makeReportPdf();
    const cases: [Buffer, number, string][] = [
      [Buffer.alloc(0), 400, REPORT_FILE_MESSAGES.empty],
      [pdf.subarray(0, Math.floor(pdf.length / 2)), 400, REPORT_FILE_MESSAGES.damaged],
      [Buffer.concat([pdf, Buffer.alloc(1024 * 1024)]), 413, REPORT_FILE_MESSAGES.tooLarge(1)],
    ];
    for (const [data, status, message] of cases) {
      const res = await upload(t.app, admin.token, [[order, 'report.pdf', data]]);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().results[0].message).toBe(message);
    }
    const { payload, headers } = multipart([
      { name: 'files', filename: 'x.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    const unpaired = await t.app.inject({
      method: 'POST',
      url: '/api/api/admin/reports/batch-upload',
      headers: { ...headers, authorization: `Bearer ${admin.token}` },
      payload,
    });
    expectRefused(unpaired, 400, ADMIN_MESSAGES.invalidFileOrOrder);
    const [row] = await db.select().from(reportOrders).where(eq(reportOrders.id, order));
    expect(row?.status).toBe('Pending');
  });

  it('runs a tryout free of charge and records it in the audit log', async () => {
    const before = await getBalance(db, admin.userId);
    const res = await api(t.app, 'POST', '/api/api/admin/tryout', admin.token, {
      vin: '',
      vehicle: 'CA/7ABC123',
      email: 'lead@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      found: true,
      vin: VIN,
      state: 'CA',
      plateNumber: '7ABC123',
      Make: 'HONDA',
      ModelYear: '2003',
      email: 'lead@example.com',
      reportMail: ADMIN_MESSAGES.tryoutMailed('lead@example.com'),
    });
    const mailed = await lastMail(db, 'lead@example.com');
    expect(mailed.subject).toContain(`tryout report for VIN ${VIN}`);
    expect(mailed.text).toMatch(new RegExp(`Attached: report-${VIN}\\.pdf \\(\\d+ bytes\\)`));
    const missing = await api(t.app, 'POST', '/api/api/admin/tryout', admin.token, {
      vin: '',
      vehicle: 'CA/7ABC123',
      email: '',
    });
    expectRefused(missing, 400, ADMIN_MESSAGES.platesFieldsRequired);
    const vinOnly = await api(t.app, 'POST', '/api/api/admin/tryout', admin.token, { vin: VIN });
    expect(vinOnly.json()).toMatchObject({ vin: VIN, Make: 'HONDA' });
    expect(await getBalance(db, admin.userId)).toBe(before);
    const audit = (
      await api(t.app, 'GET', '/api/api/admin/audit-log?size=100', admin.token)
    ).json();
    expect(
      audit.data.filter((e: { action: string }) => e.action === 'tryout').length,
    ).toBeGreaterThanOrEqual(2);
  });
});
