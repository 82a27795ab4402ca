import { ADMIN_CREDIT_MAX, ADMIN_MESSAGES, API_MESSAGES, PAGE_MAX } from '@vr/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, freshEmail, PASSWORD, type SignedIn } from './auth-support.ts';
import { freshIp, post } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import {
  hostileRequests,
  routesOf,
  type HostileRequest,
  type OpenApiDocument,
} from './support/hostile-variants.ts';
import { multipart } from './support/multipart.ts';
import { makeReportPdf } from './support/pdf.ts';

/** The only 5xx the product may answer: a provider failed (502/504), or load shed with a hint. */
function allowedServerError(res: LightMyRequestResponse): boolean {
  if (res.statusCode === 502 || res.statusCode === 504) return true;
  return res.statusCode === 503 && res.headers['retry-after'] !== undefined;
}

function messageOf(res: LightMyRequestResponse): string {
  try {
    return String((res.json() as { message?: unknown }).message ?? '');
  } catch {
    return res.body;
  }
}

describe.each(testDatabases())('hostile input on $name', (testDb) => {
  const adminEmail = freshEmail('admin');
  const sweepAdminEmail = freshEmail('admin');
  let t: TestApp;
  let user: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(testDb, {
      slaJob: false,
      env: { ADMIN_EMAILS: `${adminEmail},${sweepAdminEmail}` },
    });
    user = await createVerifiedUser(t.app, t.database.db);
    admin = await createVerifiedUser(t.app, t.database.db, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (request: HostileRequest, token?: string) =>
    t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: {
        'x-forwarded-for': freshIp(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...request.headers,
      },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });

  it('answers every route × hostile input × caller without a 5xx, naming the bad field', async () => {
    // Callers of their own: the sweep ends their sessions when it reaches sign-out.
    const sweepUser = await createVerifiedUser(t.app, t.database.db);
    const sweepAdmin = await createVerifiedUser(t.app, t.database.db, { email: sweepAdminEmail });
    const routes = routesOf(t.app.swagger() as unknown as OpenApiDocument)
      // Signing out ends the callers' sessions, so it goes last.
      .sort((a, b) => Number(a.path.endsWith('/sign-out')) - Number(b.path.endsWith('/sign-out')));
    const inputs = {
      pdf: await makeReportPdf(),
      bodyLimit: t.app.initialConfig.bodyLimit!,
      known: { id: sweepUser.userId, userId: sweepUser.userId },
    };
    const callers = [
      { name: 'anonymous', token: undefined },
      { name: 'USER', token: sweepUser.token },
      { name: 'ADMIN', token: sweepAdmin.token },
    ];
    const failures: string[] = [];
    for (const route of routes) {
      const requests = hostileRequests(route, inputs);
      expect(requests.length, `${route.method} ${route.path}`).toBeGreaterThan(0);
      for (const caller of callers) {
        for (const request of requests) {
          const res = await send(request, caller.token);
          const what = `${request.label} as ${caller.name}: ${res.statusCode} ${messageOf(res)}`;
          if (res.statusCode >= 500 && !allowedServerError(res)) failures.push(what);
          else if (request.field && res.statusCode === 400) {
            if (!messageOf(res).includes(request.field)) failures.push(`${what} (names no field)`);
          }
        }
      }
    }
    expect(routes.length).toBeGreaterThanOrEqual(50);
    expect(failures).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/api/health' })).statusCode).toBe(200);
    // Thousands of requests, one after another: more room than one request's test needs.
  }, 180_000);

  const asAdmin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: string) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${admin.token}`,
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });

  it('refuses an admin credit the column cannot hold with 400 naming credit', async () => {
    const setCredit = (raw: string) =>
      asAdmin('PUT', `/api/api/admin/users/${user.userId}`, `{"credit":${raw}}`);
    for (const raw of ['2147483648', String(ADMIN_CREDIT_MAX + 1)]) {
      const res = await setCredit(raw);
      expect(res.statusCode, raw).toBe(400);
      expect(res.json().message).toBe(ADMIN_MESSAGES.creditAboveMax);
      expect(res.json().message).toMatch(/^credit: /);
    }
    for (const raw of ['1e400', '-1', '1.5', '"abc"']) {
      const res = await setCredit(raw);
      expect(res.statusCode, raw).toBe(400);
      expect(res.json().message).toBe(ADMIN_MESSAGES.invalidCredits);
    }
    expect((await setCredit(String(ADMIN_CREDIT_MAX))).statusCode).toBe(200);
    const credit = await t.app.inject({
      method: 'GET',
      url: '/api/api/user/credit',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(credit.json()).toMatchObject({ creditBalance: ADMIN_CREDIT_MAX });

    const page = await asAdmin('GET', `/api/api/admin/users?page=${PAGE_MAX + 1}`);
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toMatch(/^page: /);
  });

  it('refuses NUL and lone surrogates with 400 naming the field, in the one error shape', async () => {
    const signUp = await post(t.app, '/api/auth/sign-up/email', {
      email: freshEmail(),
      password: PASSWORD,
      fullName: 'Ann\u0000',
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toEqual({
      code: 'INVALID_INPUT',
      field: 'fullName',
      message: API_MESSAGES.unstorableText('fullName'),
    });
    // A surrogate pair is a character like any other.
    const emoji = await post(t.app, '/api/auth/sign-up/email', {
      email: freshEmail(),
      password: PASSWORD,
      fullName: 'Ann 🚗',
    });
    expect(emoji.statusCode).toBe(200);

    const card = await t.app.inject({
      method: 'POST',
      url: '/api/api/sandbox/payment-methods',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
        billingDetails: { address: { city: 'Spring\ud800field' } },
      }),
    });
    expect(card.statusCode).toBe(400);
    expect(card.json()).toEqual({
      code: 'INVALID_INPUT',
      field: 'billingDetails.address.city',
      message: API_MESSAGES.unstorableText('billingDetails.address.city'),
    });

    const byEmail = await asAdmin('GET', '/api/api/admin/users/email/a%00b%40example.com');
    expect(byEmail.statusCode).toBe(400);
    expect(byEmail.json()).toEqual({
      code: 'INVALID_INPUT',
      field: 'email',
      message: API_MESSAGES.unstorableText('email'),
    });
  });

  describe('batch upload of malformed multipart', () => {
    const upload = (payload: Buffer, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/api/admin/reports/batch-upload',
        headers: { ...headers, authorization: `Bearer ${admin.token}` },
        payload,
      });
    /** The route's 400 and 413 answers have the batch shape its schema documents. */
    function expectRefused(res: LightMyRequestResponse, status: number) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ success: false, results: [] });
      return res.json().message as string;
    }

    it('answers 400 to an unterminated body', async () => {
      const { payload, headers } = multipart([
        { name: 'reportOrderIds', value: 'order-1' },
        {
          name: 'files',
          filename: 'r.pdf',
          contentType: 'application/pdf',
          data: await makeReportPdf(),
        },
      ]);
      const message = expectRefused(
        await upload(payload.subarray(0, payload.length - 40), headers),
        400,
      );
      expect(message.startsWith(API_MESSAGES.malformedMultipart(''))).toBe(true);
    });

    it('answers 413 to 1,000 fields, naming the fields and the limit', async () => {
      const { payload, headers } = multipart(
        Array.from({ length: 1000 }, (_, i) => ({ name: 'reportOrderIds', value: `o${i}` })),
      );
      const message = expectRefused(await upload(payload, headers), 413);
      expect(message).toMatch(/^files, reportOrderIds: at most \d+ files/);
    });

    it('answers 415 to a Content-Encoding, a gzip lie included', async () => {
      const { payload, headers } = multipart([{ name: 'reportOrderIds', value: 'order-1' }]);
      const res = await upload(payload, { ...headers, 'content-encoding': 'gzip' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: API_MESSAGES.encodedMultipart });
    });

    it('answers 400 naming the field to a NUL in an order ID', async () => {
      const { payload, headers } = multipart([
        { name: 'reportOrderIds', value: 'order\u0000' },
        {
          name: 'files',
          filename: 'r.pdf',
          contentType: 'application/pdf',
          data: await makeReportPdf(),
        },
      ]);
      const message = expectRefused(await upload(payload, headers), 400);
      expect(message).toBe(API_MESSAGES.unstorableText('reportOrderIds'));
    });
  });
});
