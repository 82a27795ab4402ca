import { AUTH_MESSAGES, SIGNED_IN_COOKIE } from '@vr/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  freshEmail,
  lastCode,
  PASSWORD,
  signIn,
  type SignedIn,
} from './auth-support.ts';
import { get, post } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { routesOf, type OpenApiDocument } from './support/hostile-variants.ts';

function setCookies(res: LightMyRequestResponse): string[] {
  const header = res.headers['set-cookie'];
  return Array.isArray(header) ? header : header ? [header] : [];
}

/** The Set-Cookie line of the cookie `name`, if the answer set or cleared it. */
function cookieLine(res: LightMyRequestResponse, name: string): string | undefined {
  return setCookies(res).find((line) => line.startsWith(`${name}=`));
}

/** A cookie's attributes other than HttpOnly, in a comparable form. */
function attributes(line: string): string[] {
  return line
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase())
    .filter((a) => a !== 'httponly' && !a.startsWith('expires='))
    .sort();
}

describe.each(testDatabases())('session cookies and caching on $name', (testDb) => {
  const adminEmail = freshEmail('admin');
  let t: TestApp;
  let admin: SignedIn;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp(testDb, { slaJob: false, env: { ADMIN_EMAILS: adminEmail } });
    admin = await createVerifiedUser(t.app, t.database.db, { email: adminEmail });
    origin = t.config.PUBLIC_URL;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every authenticated GET with Cache-Control: no-store', async () => {
    const routes = routesOf(t.app.swagger() as unknown as OpenApiDocument).filter(
      (route) =>
        route.method === 'GET' &&
        !route.path.includes('{') &&
        ((route.operation as { security?: unknown[] }).security ?? []).length > 0,
    );
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api/api/user/me',
        '/api/api/user/credit-history',
        '/api/api/user/payment-methods',
        '/api/api/report-orders/my-orders',
        '/api/api/admin/users',
      ]),
    );
    const answers: string[] = [];
    for (const route of routes) {
      const res = await get(t.app, route.path, { token: admin.token });
      answers.push(`${route.path} ${res.statusCode} ${String(res.headers['cache-control'])}`);
    }
    expect(answers).toEqual(routes.map((route) => `${route.path} 200 no-store`));
  });

  it('sets a readable signed-in flag with the session cookie, and clears it with it', async () => {
    const { email } = await createVerifiedUser(t.app, t.database.db);
    const res = await post(t.app, '/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const session = setCookies(res).find((line) => line.startsWith('vr.session_token='))!;
    const flag = cookieLine(res, SIGNED_IN_COOKIE)!;
    expect(session).toMatch(/HttpOnly/i);
    expect(flag).toMatch(new RegExp(`^${SIGNED_IN_COOKIE}=1;`));
    expect(flag).not.toMatch(/HttpOnly/i);
    expect(attributes(flag)).toEqual(attributes(session));

    const cookie = session.split(';')[0]!;
    const out = await post(t.app, '/api/auth/sign-out', {}, { cookie, origin });
    expect(out.statusCode).toBe(200);
    expect(cookieLine(out, SIGNED_IN_COOKIE)).toMatch(
      new RegExp(`^${SIGNED_IN_COOKIE}=;.*Max-Age=0`, 'i'),
    );

    // The ended session's refresh clears the flag too, and so does one without any cookie.
    const ended = await post(t.app, '/api/api/auth/refresh', undefined, { cookie, origin });
    expect(ended.statusCode).toBe(401);
    expect(cookieLine(ended, SIGNED_IN_COOKIE)).toMatch(/Max-Age=0/i);
    const none = await post(t.app, '/api/api/auth/refresh');
    expect(none.statusCode).toBe(401);
    expect(none.body).toBe(
      JSON.stringify({ message: AUTH_MESSAGES.authRequired, code: 'UNAUTHORIZED' }),
    );
    expect(cookieLine(none, SIGNED_IN_COOKIE)).toMatch(/Max-Age=0/i);
  });

  it('sets the flag when verification signs in', async () => {
    const email = freshEmail();
    expect(
      (await post(t.app, '/api/auth/sign-up/email', { email, password: PASSWORD })).statusCode,
    ).toBe(200);
    const otp = await lastCode(t.database.db, email);
    const verify = await post(t.app, '/api/auth/email-otp/verify-email', {
      email,
      otp,
      password: PASSWORD,
    });
    expect(verify.statusCode).toBe(200);
    expect(cookieLine(verify, SIGNED_IN_COOKIE)).toMatch(new RegExp(`^${SIGNED_IN_COOKIE}=1;`));
  });

  it('refuses a cookie-carrying refresh from a foreign origin or from none, as better-auth does', async () => {
    const { email } = await createVerifiedUser(t.app, t.database.db);
    const session = await signIn(t.app, email);
    const refresh = (headers: { origin?: string; referer?: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/api/auth/refresh',
        headers: { cookie: session.cookie, ...headers },
      });
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      {},
    ]) {
      const res = await refresh(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect(setCookies(res)).toEqual([]);
    }
    expect((await refresh({ origin })).statusCode).toBe(200);
    expect((await refresh({ referer: `${origin}/dashboard` })).statusCode).toBe(200);
    // Without cookies there is nothing to forge: a plain 401.
    const anonymous = await post(t.app, '/api/api/auth/refresh', undefined, {
      origin: 'https://evil.example',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
