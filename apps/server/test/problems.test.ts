import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import {
  PROBLEM_DESCRIPTION_MAX,
  PROBLEM_KIND_LABELS,
  PROBLEM_MESSAGES,
  PROBLEM_OUTCOME_TEXTS,
  PROBLEM_REPORTS_PER_USER_DAY,
  type CustomerReportOrder,
} from '@vr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, creditLedger, outbox, reportOrders } from '../src/db/schema.ts';
import { adjustTo } from '../src/modules/credits/credit-ledger.ts';
import { getBalance } from '../src/modules/credits/credits.repo.ts';
import { createVerifiedUser, freshEmail, lastMail, type SignedIn } from './auth-support.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { settleJobs } from './support/jobs.ts';
import { reportBatch } from './support/multipart.ts';
import { makeReportPdf } from './support/pdf.ts';
import { api, call } from './support/requests.ts';
import { distinctVin } from './support/vins.ts';

const METRICS_TOKEN = 'metrics-token-problems-0123';

describe.each(testDatabases())('report a problem on $name', (testDb) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-problems-'));
  const adminEmail = freshEmail('admin');
  let t: TestApp;
  let admin: SignedIn;
  let secondAdmin: SignedIn;
  let pdf: Buffer;

  beforeAll(async () => {
    t = await createTestApp(testDb, {
      slaJob: false,
      env: {
        DATA_DIR: dataDir,
        ADMIN_EMAILS: `${adminEmail},${freshEmail('admin2')}`,
        METRICS_TOKEN,
      },
    });
    admin = await createVerifiedUser(t.app, t.database.db, { email: adminEmail });
    const second = t.config.ADMIN_EMAILS.find((e) => e !== adminEmail)!;
    secondAdmin = await createVerifiedUser(t.app, t.database.db, { email: second });
    pdf = await makeReportPdf('Corrected vehicle history report');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => t.database.db;

  async function customer(credits: number): Promise<SignedIn> {
    const user = await createVerifiedUser(t.app, db());
    await adjustTo(db(), { userId: user.userId, newBalance: credits, actorId: 'test' });
    return user;
  }

  async function upload(orderId: string) {
    const batch = reportBatch([[orderId, 'report.pdf', pdf]]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api/admin/reports/batch-upload',
      headers: { ...batch.headers, authorization: `Bearer ${admin.token}` },
      payload: batch.payload,
    });
    expect(res.statusCode).toBe(200);
  }

  /** An order of the customer's, Completed by an admin's upload of its report. */
  async function completedOrder(user: SignedIn): Promise<string> {
    const ordered = await api(t.app, 'POST', '/api/api/report-orders', user.token, {
      vin: distinctVin(),
    });
    expect(ordered.statusCode).toBe(201);
    const id = ordered.json().id as string;
    await upload(id);
    return id;
  }

  const report = (user: SignedIn, orderId: string, body: unknown) =>
    api(t.app, 'POST', `/api/api/report-orders/${orderId}/problem`, user.token, body);

  const resolve = (who: SignedIn, problemId: string, body: unknown) =>
    api(t.app, 'POST', `/api/api/admin/problems/${problemId}/resolve`, who.token, body);

  const myOrder = async (user: SignedIn, orderId: string): Promise<CustomerReportOrder> => {
    const res = await api(t.app, 'GET', '/api/api/report-orders/my-orders', user.token);
    return (res.json() as CustomerReportOrder[]).find((o) => o.id === orderId)!;
  };

  const refundsOf = (orderId: string) =>
    db()
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.kind, 'refund'), eq(creditLedger.reference, orderId)));

  async function mailsTo(email: string, subject: RegExp) {
    await settleJobs(db());
    const rows = await db().select().from(outbox).where(eq(outbox.to, email));
    return rows.filter((r) => subject.test(r.subject));
  }

  it('gives one ledger refund when two admins answer with a refund at once', async () => {
    const user = await customer(3);
    const orderId = await completedOrder(user);
    expect(await getBalance(db(), user.userId)).toBe(2);
    const reported = await report(user, orderId, {
      kind: 'wrong_record',
      description: 'The salvage title of 2019 belongs to another car.',
    });
    expect(reported.statusCode).toBe(201);
    const problemId = reported.json().id as string;

    const answers = await Promise.all([
      resolve(admin, problemId, {
        reply: 'We checked: that record is not yours.',
        action: 'refund',
      }),
      resolve(secondAdmin, problemId, { reply: 'Refunded, sorry.', action: 'refund' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(PROBLEM_MESSAGES.alreadyAnswered);

    const refunds = await refundsOf(orderId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ delta: 1, balanceAfter: 3, reason: `problem:${problemId}` });
    expect([admin.userId, secondAdmin.userId]).toContain(refunds[0]!.actorId);
    expect(await getBalance(db(), user.userId)).toBe(3);
    const balance = await api(t.app, 'GET', '/api/api/user/credit', user.token);
    expect(balance.json().creditBalance).toBe(3);
    expect(await mailsTo(user.email, /answered your problem/)).toHaveLength(1);
  });

  it('carries a problem from the report to the answer with a refund, the report still readable', async () => {
    const user = await customer(1);
    const orderId = await completedOrder(user);
    const description = '  The odometer reading of 2021 is missing; I have the receipt.  ';
    const reported = await report(user, orderId, { kind: 'missing_record', description });
    expect(reported.statusCode).toBe(201);
    const problem = reported.json();
    expect(problem).toMatchObject({
      orderId,
      kind: 'missing_record',
      description: description.trim(),
      state: 'Open',
      reply: null,
      outcome: null,
    });

    const receipt = await lastMail(db(), user.email);
    expect(receipt.subject).toMatch(/we received your problem report/);
    expect(receipt.text).toContain(orderId);
    expect(receipt.text).toContain(PROBLEM_KIND_LABELS.missing_record);
    expect(receipt.text).toContain(description.trim());

    expect((await myOrder(user, orderId)).problem).toMatchObject({ id: problem.id, state: 'Open' });

    // The admin finds it by part of the customer's e-mail, by the order, and in the open list.
    const local = user.email.split('@')[0]!;
    for (const q of [local.toUpperCase(), orderId, user.userId]) {
      const listed = await api(
        t.app,
        'GET',
        `/api/api/admin/problems?state=open&q=${encodeURIComponent(q)}`,
        admin.token,
      );
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data).toEqual([
        expect.objectContaining({
          id: problem.id,
          orderId,
          userEmail: user.email,
          orderStatus: 'Completed',
          reportSource: 'uploaded',
          description: description.trim(),
        }),
      ]);
      expect(listed.json().counts).toEqual({ open: 1, resolved: 0 });
    }
    const nobody = await api(t.app, 'GET', '/api/api/admin/problems?q=nobody%25here', admin.token);
    expect(nobody.json().data).toEqual([]);

    const reply =
      'You are right: the 2021 reading is missing from the provider. Your credit is back.';
    const answered = await resolve(admin, problem.id, { reply, action: 'refund' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().problem).toMatchObject({
      state: 'Answered',
      outcome: 'refund',
      reply,
      orderStatus: 'Refunded',
      answeredBy: admin.userId,
    });

    const mail = await lastMail(db(), user.email);
    expect(mail.subject).toMatch(/we answered your problem report/);
    expect(mail.text).toContain(reply);
    expect(mail.text).toContain(PROBLEM_OUTCOME_TEXTS.refund);

    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({ reason: `problem:${problem.id}`, actorId: admin.userId });
    expect(await getBalance(db(), user.userId)).toBe(1);

    // The customer sees Refunded, the answer, and can still read the report.
    const order = await myOrder(user, orderId);
    expect(order.status).toBe('Refunded');
    expect(order.problem).toMatchObject({ state: 'Answered', reply, outcome: 'refund' });
    expect(order.reportUrl).not.toBeNull();
    const file = await t.app.inject({ method: 'GET', url: order.reportUrl! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const view = await api(
      t.app,
      'GET',
      `/api/api/report-orders/${orderId}/report-view`,
      user.token,
    );
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ orderId, shareable: false });
    const share = await api(t.app, 'POST', `/api/api/report-orders/${orderId}/share`, user.token);
    expect(share.statusCode).toBe(409);
    const latest = await api(t.app, 'GET', `/api/api/report-orders/${orderId}/problem`, user.token);
    expect(latest.json().problem).toMatchObject({ id: problem.id, state: 'Answered' });

    // A refunded order takes no further problem, and is listed as resolved.
    expect((await report(user, orderId, { kind: 'other', description: 'Again' })).statusCode).toBe(
      409,
    );
    const resolved = await api(
      t.app,
      'GET',
      `/api/api/admin/problems?state=resolved&q=${orderId}`,
      admin.token,
    );
    expect(resolved.json().data.map((p: { id: string }) => p.id)).toEqual([problem.id]);

    const trail = await db()
      .select({ action: adminAuditLog.action, actorId: adminAuditLog.actorId })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, problem.id));
    expect(trail.map((r) => r.action).sort()).toEqual(['problem.answer', 'problem.report']);
    const refundAudit = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'order.refund'), eq(adminAuditLog.targetId, orderId)));
    expect(refundAudit).toHaveLength(1);

    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toMatch(/report_problems_opened_total\{kind="missing_record"\} [1-9]/);
    expect(metrics.body).toMatch(/report_problems_resolved_total\{outcome="refund"\} [1-9]/);
  });

  it('keeps one open problem per order, also when reports arrive at once', async () => {
    const user = await customer(1);
    const orderId = await completedOrder(user);
    const body = { kind: 'vehicle_details', description: 'The model year is 2004, not 2003.' };
    const sent = await Promise.all([1, 2, 3].map(() => report(user, orderId, body)));
    expect(sent.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const refused = sent.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(PROBLEM_MESSAGES.alreadyOpen);
    expect(await mailsTo(user.email, /received your problem/)).toHaveLength(1);

    // Answered, the order can take a new problem.
    const first = sent.find((r) => r.statusCode === 201)!.json().id as string;
    expect((await resolve(admin, first, { reply: 'Checked.', action: 'reply' })).statusCode).toBe(
      200,
    );
    expect((await report(user, orderId, body)).statusCode).toBe(201);
    const order = await myOrder(user, orderId);
    expect(order).toMatchObject({ status: 'Completed', problem: { state: 'Open' } });
  });

  it(`counts ${PROBLEM_REPORTS_PER_USER_DAY} problem reports a day per account in the database`, async () => {
    const user = await customer(1);
    const orderId = await completedOrder(user);
    const body = { kind: 'other', description: 'Something is off.' };
    for (let i = 0; i < PROBLEM_REPORTS_PER_USER_DAY; i += 1) {
      const sent = await report(user, orderId, body);
      expect(sent.statusCode).toBe(201);
      // A refusal while one is open does not count.
      expect((await report(user, orderId, body)).statusCode).toBe(409);
      expect(
        (await resolve(admin, sent.json().id, { reply: 'Ok.', action: 'reply' })).statusCode,
      ).toBe(200);
    }
    const over = await report(user, orderId, body);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3600);
    expect(over.json().message).toMatch(
      new RegExp(`limit of ${PROBLEM_REPORTS_PER_USER_DAY} problem reports a day`),
    );
  });

  it('lets only the owner report, and only on a Completed order', async () => {
    const owner = await customer(2);
    const stranger = await customer(0);
    const orderId = await completedOrder(owner);
    const body = { kind: 'wrong_record', description: 'Not my car.' };
    for (const res of [
      await report(stranger, orderId, body),
      await report(owner, 'no-such-order', body),
      await api(t.app, 'GET', `/api/api/report-orders/${orderId}/problem`, stranger.token),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PROBLEM_MESSAGES.notFound);
    }
    expect(
      (await call(t.app, 'POST', `/api/api/report-orders/${orderId}/problem`, body)).statusCode,
    ).toBe(401);

    const open = await api(t.app, 'POST', '/api/api/report-orders', owner.token, {
      vin: distinctVin(),
    });
    const pending = await report(owner, open.json().id, body);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(PROBLEM_MESSAGES.notCompleted);

    // Customers reach neither the list nor the answer.
    expect((await api(t.app, 'GET', '/api/api/admin/problems', owner.token)).statusCode).toBe(403);
    expect((await resolve(owner, 'any', { reply: 'x', action: 'refund' })).statusCode).toBe(403);
  });

  it('bounds the description and the reply, naming the field', async () => {
    const user = await customer(1);
    const orderId = await completedOrder(user);
    const cases: [unknown, string][] = [
      [{ kind: 'other', description: 'x'.repeat(PROBLEM_DESCRIPTION_MAX + 1) }, 'description'],
      [{ kind: 'other', description: '   ' }, 'description'],
      [{ kind: 'other' }, 'description'],
      [{ kind: 'a typo', description: 'x' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const res = await report(user, orderId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
    const longest = await report(user, orderId, {
      kind: 'other',
      description: 'y'.repeat(PROBLEM_DESCRIPTION_MAX),
    });
    expect(longest.statusCode).toBe(201);
    const tooLong = await resolve(admin, longest.json().id, {
      reply: 'z'.repeat(4001),
      action: 'reply',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().field).toBe('reply');
    const badAction = await resolve(admin, longest.json().id, { reply: 'Ok', action: 'delete' });
    expect(badAction.json().field).toBe('action');
  });

  it('answers with a regeneration or a corrected upload, refusing what cannot be done', async () => {
    const user = await customer(2);
    const orderId = await completedOrder(user);
    const reported = await report(user, orderId, { kind: 'other', description: 'Wrong colour.' });
    const problemId = reported.json().id as string;

    // An uploaded report is not regenerated; "corrected" needs an upload after the report.
    const regenerate = await resolve(admin, problemId, { reply: 'Redone.', action: 'regenerate' });
    expect(regenerate.statusCode).toBe(409);
    const corrected = await resolve(admin, problemId, { reply: 'Fixed.', action: 'corrected' });
    expect(corrected.statusCode).toBe(409);
    expect(corrected.json().message).toBe(PROBLEM_MESSAGES.correctedFirst);
    expect((await myOrder(user, orderId)).problem?.state).toBe('Open');

    await upload(orderId);
    const fixed = await resolve(admin, problemId, { reply: 'Fixed.', action: 'corrected' });
    expect(fixed.statusCode).toBe(200);
    expect((await lastMail(db(), user.email)).text).toContain(PROBLEM_OUTCOME_TEXTS.corrected);
    expect((await myOrder(user, orderId)).status).toBe('Completed');

    // A generated report is queued again, audited as the admin's Regenerate.
    const second = await completedOrder(user);
    await db()
      .update(reportOrders)
      .set({ reportSource: 'generated' })
      .where(eq(reportOrders.id, second));
    const again = await report(user, second, { kind: 'wrong_record', description: 'Old lien.' });
    const redone = await resolve(admin, again.json().id, {
      reply: 'Redone.',
      action: 'regenerate',
    });
    expect(redone.statusCode).toBe(200);
    expect(redone.json().problem).toMatchObject({
      outcome: 'regenerate',
      orderStatus: 'Completed',
    });
    const regenerations = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'order.regenerate'), eq(adminAuditLog.targetId, second)));
    expect(regenerations).toHaveLength(1);
    expect(await refundsOf(second)).toHaveLength(0);
  });
});
