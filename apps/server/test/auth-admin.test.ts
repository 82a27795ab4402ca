import { AUTH_MESSAGES } from '@vr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseConfig } from '../src/config.ts';
import { createVerifiedUser, freshEmail, lastCode, signIn } from './auth-support.ts';
import { get, post } from './support/requests.ts';
import { createTestApp, testDecoder, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

describe.each(testDatabases())('roles and the admin gate on $name', (db) => {
  const adminEmail = freshEmail('boss');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(db, {
      env: { ADMIN_EMAILS: ` ${adminEmail.toUpperCase()} , other-admin@example.com` },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const adminUsers = (token?: string, query = '') =>
    get(t.app, `/api/api/admin/users${query}`, token ? { token } : {});

  it('makes an ADMIN_EMAILS account ADMIN when it verifies', async () => {
    const admin = await createVerifiedUser(t.app, t.database.db, { email: adminEmail });
    expect((await get(t.app, '/api/api/user/me', { token: admin.token })).json().role).toBe(
      'ADMIN',
    );
    const register = await post(t.app, '/api/api/register', {}, { token: admin.token });
    expect(register.json().user.role).toBe('ADMIN');
  });

  it('answers 401 without a valid token, 403 for a USER and a page of users for an ADMIN', async () => {
    for (const token of [undefined, 'not-a-token', 'x'.repeat(5000)]) {
      const res = await adminUsers(token);
      expect(res.statusCode).toBe(401);
      expect(typeof res.json().message).toBe('string');
    }
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/api/admin/users',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.statusCode).toBe(401);
    expect(basic.json().message).toBe(AUTH_MESSAGES.authRequired);

    const user = await createVerifiedUser(t.app, t.database.db, { fullName: 'Jo Bloggs' });
    const forbidden = await adminUsers(user.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(AUTH_MESSAGES.adminRequired);

    const admin = await signIn(t.app, adminEmail);
    const page = await adminUsers(admin.token, '?page=1&size=1');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ email: user.email, username: 'Jo Bloggs', role: 'USER' });
    expect(body.pagination).toMatchObject({ current: 1, size: 1 });
    expect(body.pagination.total).toBeGreaterThanOrEqual(2);
    expect(body.pagination.pages).toBe(body.pagination.total);

    const all = (await adminUsers(admin.token)).json();
    expect(all.pagination).toMatchObject({ current: 1, size: 10 });
    expect(all.data.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([user.email, adminEmail]),
    );
    expect(all.data.find((u: { email: string }) => u.email === adminEmail).role).toBe('ADMIN');

    for (const query of ['?page=0', '?size=1000', '?page=abc']) {
      expect((await adminUsers(admin.token, query)).statusCode, query).toBe(400);
    }
  });

  it('makes ADMIN_EMAILS accounts ADMIN at boot', async () => {
    const late = freshEmail('late-admin');
    const user = await createVerifiedUser(t.app, t.database.db, { email: late });
    expect((await get(t.app, '/api/api/user/me', { token: user.token })).json().role).toBe('USER');
    const pending = freshEmail('pending-admin');
    await post(t.app, '/api/auth/sign-up/email', { email: pending, password: 'Str0ng!pass' });
    // Read before the second app's mail worker starts, so this app's queue delivers it.
    const otp = await lastCode(t.database.db, pending);

    const config = parseConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: t.config.DATA_DIR,
      ADMIN_EMAILS: `${late},${pending}`,
    });
    const rebooted = await buildApp({
      config,
      database: t.database,
      adapters: { decoder: await testDecoder(config) },
    });
    try {
      // The same session, now ADMIN: the role is read on every request.
      expect((await get(rebooted, '/api/api/user/me', { token: user.token })).json().role).toBe(
        'ADMIN',
      );
      expect((await get(t.app, '/api/api/admin/users', { token: user.token })).statusCode).toBe(
        200,
      );

      // An unverified address in the list becomes ADMIN only once verified.
      const verify = await post(rebooted, '/api/auth/email-otp/verify-email', {
        email: pending,
        otp,
        password: 'Str0ng!pass',
      });
      expect(verify.json().user.role).toBe('ADMIN');
    } finally {
      await rebooted.close();
    }
  });
});
