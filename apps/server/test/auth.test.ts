import { AUTH_MESSAGES } from '@vr/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authUsers } from '../src/db/schema.ts';
import {
  OTHER_PASSWORD,
  PASSWORD,
  createVerifiedUser,
  freshEmail,
  lastCode,
  lastMail,
  sessionCookie,
  signIn,
  wrongCode,
} from './auth-support.ts';
import { get, post } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const MINUTE = 60 * 1000;

describe.each(testDatabases())('accounts on $name', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(db);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const signUp = (email: string, password = PASSWORD, extra: object = {}) =>
    post(t.app, '/api/auth/sign-up/email', { email, password, ...extra });
  const verifyEmail = (email: string, otp: string, password = PASSWORD) =>
    post(t.app, '/api/auth/email-otp/verify-email', { email, otp, password });
  const resendCode = (email: string, password = PASSWORD) =>
    post(t.app, '/api/auth/email-otp/send-verification-otp', { email, password });

  it('registers, verifies with the mailed code, and the bearer token opens the API until sign-out', async () => {
    const email = freshEmail();
    const res = await signUp(`  ${email.toUpperCase()} `, PASSWORD, {
      fullName: ' Ada  King Lovelace ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, email });
    expect(sessionCookie(res)).toBeUndefined();

    const mail = await lastMail(t.database.db, email);
    expect(mail.subject).toBe('Your Vehicle Records verification code');
    expect(mail.text).toContain('verify your e-mail address');
    expect(mail.text).toContain('expires in 10 minutes');
    const otp = await lastCode(t.database.db, email);
    expect(mail.html).toContain(otp);

    const verify = await post(t.app, '/api/auth/email-otp/verify-email', {
      email,
      otp,
      password: PASSWORD,
    });
    expect(verify.statusCode).toBe(200);
    const { token, user } = verify.json();
    expect(user).toMatchObject({
      email,
      firstName: 'Ada',
      lastName: 'King Lovelace',
      role: 'USER',
    });
    const cookie = verify.headers['set-cookie'];
    expect(String(cookie)).toMatch(/vr\.session_token=.*HttpOnly; SameSite=Lax/);
    expect(String(cookie)).not.toContain('Secure');

    const me = await get(t.app, '/api/api/user/me', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: user.id,
      email,
      firstName: 'Ada',
      lastName: 'King Lovelace',
      role: 'USER',
    });

    const first = await post(t.app, '/api/api/register', {}, { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, user: { email, role: 'USER' } });
    const again = await post(t.app, '/api/api/register', undefined, { token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), created: false });

    const out = await post(t.app, '/api/auth/sign-out', {}, { token });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('vr.session_token=; Max-Age=0');
    const after = await get(t.app, '/api/api/user/me', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(AUTH_MESSAGES.sessionExpired);
    expect((await post(t.app, '/api/api/register', {}, { token })).json()).toMatchObject({
      error: AUTH_MESSAGES.sessionExpired,
    });
  });

  it('answers empty names, no placeholder, without a full name', async () => {
    const { token } = await createVerifiedUser(t.app, t.database.db);
    const me = await get(t.app, '/api/api/user/me', { token });
    expect(me.json()).toMatchObject({ firstName: '', lastName: '' });
    const single = await createVerifiedUser(t.app, t.database.db, { fullName: 'Cher' });
    expect((await get(t.app, '/api/api/user/me', { token: single.token })).json()).toMatchObject({
      firstName: 'Cher',
      lastName: '',
    });
  });

  it('signs in with the password: a bearer token, and the cookie alone gives a fresh one', async () => {
    const { email } = await createVerifiedUser(t.app, t.database.db);
    const session = await signIn(t.app, email.toUpperCase());
    expect((await get(t.app, '/api/api/user/me', { token: session.token })).statusCode).toBe(200);

    const refresh = await post(t.app, '/api/api/auth/refresh', undefined, {
      cookie: session.cookie,
      origin: t.config.PUBLIC_URL,
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json().user).toMatchObject({ email, role: 'USER' });
    expect(refresh.json().token).toBe(session.token);

    const withoutCookie = await post(t.app, '/api/api/auth/refresh');
    expect(withoutCookie.statusCode).toBe(401);
    expect(withoutCookie.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    // The cookie signs out too (with the page's origin, as a browser sends it).
    const out = await post(t.app, '/api/auth/sign-out', undefined, {
      cookie: session.cookie,
      origin: t.config.PUBLIC_URL,
    });
    expect(out.statusCode).toBe(200);
    const gone = await post(t.app, '/api/api/auth/refresh', undefined, {
      cookie: session.cookie,
      origin: t.config.PUBLIC_URL,
    });
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toMatchObject({
      code: 'SESSION_EXPIRED',
      message: AUTH_MESSAGES.sessionExpired,
    });
    expect((await get(t.app, '/api/api/user/me', { token: session.token })).statusCode).toBe(401);
  });

  it('refuses a cookie-carrying request from a foreign origin', async () => {
    const { cookie } = await createVerifiedUser(t.app, t.database.db);
    // The loopback spelling PUBLIC_URL does not use is the same site.
    const local = await signIn(t.app, (await createVerifiedUser(t.app, t.database.db)).email);
    const same = await post(
      t.app,
      '/api/auth/sign-out',
      {},
      { cookie: local.cookie, origin: 'http://127.0.0.1:3000' },
    );
    expect(same.statusCode).toBe(200);
    const res = await post(
      t.app,
      '/api/auth/sign-out',
      {},
      { cookie, origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('tells a wrong password from an unverified account at sign-in', async () => {
    const { email } = await createVerifiedUser(t.app, t.database.db);
    const wrong = await post(t.app, '/api/auth/sign-in/email', { email, password: OTHER_PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: AUTH_MESSAGES.invalidCredentials,
    });
    const unknown = await post(t.app, '/api/auth/sign-in/email', {
      email: freshEmail('nobody'),
      password: PASSWORD,
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.invalidCredentials);

    // An address waiting for its code: its sign-up's password is right, but not verified yet.
    const pending = freshEmail();
    await signUp(pending);
    const unverified = await post(t.app, '/api/auth/sign-in/email', {
      email: pending,
      password: PASSWORD,
    });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: AUTH_MESSAGES.additionalVerification,
    });
    const other = await post(t.app, '/api/auth/sign-in/email', {
      email: pending,
      password: OTHER_PASSWORD,
    });
    expect(other.statusCode).toBe(401);
    expect(other.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('enforces the password rule on sign-up with the product text', async () => {
    for (const password of [
      'Sh0rt!',
      'alllower1!',
      'ALLUPPER1!',
      'NoDigits!!',
      'NoSpecial12',
      '        ',
    ]) {
      const email = freshEmail('weak');
      const res = await signUp(email, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual({
        code: 'PASSWORD_POLICY',
        message: AUTH_MESSAGES.passwordPolicy,
        field: 'password',
      });
      const rows = await t.database.db
        .select()
        .from(authUsers)
        .where(sql`${authUsers.email} = ${email}`);
      expect(rows).toEqual([]);
    }
  });

  it('refuses a sign-up of an address with an account, and takes more of one without', async () => {
    const { email } = await createVerifiedUser(t.app, t.database.db);
    const verified = await signUp(email.toUpperCase());
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toEqual({
      code: 'USER_EXISTS_VERIFIED',
      message: AUTH_MESSAGES.existsVerified,
      field: 'email',
    });

    // Signing up again before verifying is a second sign-up, with its own code.
    const pending = freshEmail();
    expect((await signUp(pending)).statusCode).toBe(200);
    const first = await lastCode(t.database.db, pending);
    const again = await signUp(pending, OTHER_PASSWORD, { fullName: 'New Name' });
    expect(again.statusCode).toBe(200);
    const second = await lastCode(t.database.db, pending);
    const rows = await t.database.db
      .select()
      .from(authUsers)
      .where(sql`${authUsers.email} = ${pending}`);
    expect(rows).toEqual([]);
    const verify = await verifyEmail(pending, second, OTHER_PASSWORD);
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user).toMatchObject({ firstName: 'New', lastName: 'Name' });
    // The first sign-up went with the verification of the second.
    const stale = await verifyEmail(pending, first);
    expect(stale.json().code).toBe('EMAIL_ALREADY_VERIFIED');
    await signIn(t.app, pending, OTHER_PASSWORD);
  });

  it('never deletes anything through delete-unverified-user', async () => {
    const email = freshEmail();
    await signUp(email);
    const otp = await lastCode(t.database.db, email);
    const pending = await post(t.app, '/api/api/delete-unverified-user', {
      email: ` ${email.toUpperCase()}`,
    });
    expect(pending.statusCode).toBe(404);
    expect(pending.json()).toEqual({ ok: false, message: AUTH_MESSAGES.accountNotDeleted });
    expect((await verifyEmail(email, otp)).statusCode).toBe(200);

    const verified = await post(t.app, '/api/api/delete-unverified-user', { email });
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toEqual({ ok: false, message: AUTH_MESSAGES.accountNotDeleted });
    const session = await signIn(t.app, email);
    expect((await get(t.app, '/api/api/user/me', { token: session.token })).statusCode).toBe(200);
  });

  it('answers the verification errors in the product texts', async () => {
    const email = freshEmail();
    await signUp(email);
    const otp = await lastCode(t.database.db, email);
    const verify = (body: object) =>
      post(t.app, '/api/auth/email-otp/verify-email', { email, otp, password: PASSWORD, ...body });

    const wrong = await verify({ otp: wrongCode(otp) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'INVALID_OTP',
      message: AUTH_MESSAGES.invalidCode,
      field: 'otp',
    });
    // The right code with another password is not this sign-up's.
    const otherPassword = await verify({ password: OTHER_PASSWORD });
    expect(otherPassword.statusCode).toBe(400);
    expect(otherPassword.json().code).toBe('INVALID_OTP');
    const noPassword = await post(t.app, '/api/auth/email-otp/verify-email', { email, otp });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({
      message: AUTH_MESSAGES.passwordRequired,
      field: 'password',
    });

    const nobody = await verify({ email: freshEmail('nobody') });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({
      code: 'USER_NOT_FOUND',
      message: AUTH_MESSAGES.noPendingVerification,
    });

    expect((await verify({})).statusCode).toBe(200);
    const twice = await verify({});
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      code: 'EMAIL_ALREADY_VERIFIED',
      message: AUTH_MESSAGES.alreadyVerified,
    });
  });

  it('expires a code after 10 minutes', async () => {
    const email = freshEmail();
    await signUp(email);
    const otp = await lastCode(t.database.db, email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * MINUTE + 1000);
    const res = await verifyEmail(email, otp);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'OTP_EXPIRED', message: AUTH_MESSAGES.expiredCode });
  });

  it('accepts a code up to its 10th minute', async () => {
    const email = freshEmail();
    await signUp(email);
    const otp = await lastCode(t.database.db, email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 9 * MINUTE);
    expect((await verifyEmail(email, otp)).statusCode).toBe(200);
  });

  it('stops a code after 5 wrong entries', async () => {
    const email = freshEmail();
    await signUp(email);
    const otp = await lastCode(t.database.db, email);
    for (let i = 0; i < 5; i += 1) {
      const res = await verifyEmail(email, wrongCode(otp));
      expect(res.json().code).toBe('INVALID_OTP');
    }
    const right = await verifyEmail(email, otp);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({
      code: 'OTP_ATTEMPTS_EXCEEDED',
      message: AUTH_MESSAGES.codeAttemptsExceeded,
    });

    // A new code works again.
    expect((await resendCode(email)).statusCode).toBe(200);
    const fresh = await lastCode(t.database.db, email);
    expect((await verifyEmail(email, fresh)).statusCode).toBe(200);
  });

  it('replaces the old code on resend', async () => {
    const email = freshEmail();
    await signUp(email);
    const first = await lastCode(t.database.db, email);
    const resend = await resendCode(email.toUpperCase());
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ success: true });
    const second = await lastCode(t.database.db, email);
    if (second !== first) {
      const old = await verifyEmail(email, first);
      expect(old.json().code).toBe('INVALID_OTP');
    }
    expect((await verifyEmail(email, second)).statusCode).toBe(200);
  });

  it('answers the resend errors in the product texts', async () => {
    const nobody = await resendCode(freshEmail('nobody'));
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({
      code: 'USER_NOT_FOUND',
      message: AUTH_MESSAGES.resendVerificationNotFound,
    });

    // A waiting sign-up of the address, but not one made with this password.
    const pending = freshEmail();
    await signUp(pending);
    const notOwn = await resendCode(pending, OTHER_PASSWORD);
    expect(notOwn.statusCode).toBe(404);
    expect(notOwn.json().message).toBe(AUTH_MESSAGES.resendVerificationNotFound);

    const { email } = await createVerifiedUser(t.app, t.database.db);
    const verified = await resendCode(email);
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toEqual({
      code: 'EMAIL_ALREADY_VERIFIED',
      message: AUTH_MESSAGES.alreadyVerified,
    });

    const missing = await post(t.app, '/api/auth/email-otp/send-verification-otp', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(AUTH_MESSAGES.resendVerificationEmailRequired);
    const noPassword = await post(t.app, '/api/auth/email-otp/send-verification-otp', { email });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ field: 'password' });
  });

  it('resets a password with the mailed code and ends every session of the account', async () => {
    const { email, token: first } = await createVerifiedUser(t.app, t.database.db);
    const second = await signIn(t.app, email);

    const request = await post(t.app, '/api/auth/email-otp/request-password-reset', { email });
    expect(request.statusCode).toBe(200);
    expect(request.json()).toEqual({
      success: true,
      message: 'If an account exists for this address, a reset code has been sent.',
    });
    const mail = await lastMail(t.database.db, email);
    expect(mail.subject).toBe('Your Vehicle Records password reset code');
    expect(mail.text).toContain('reset your password');
    const otp = await lastCode(t.database.db, email);

    const weak = await post(t.app, '/api/auth/email-otp/reset-password', {
      email,
      otp,
      password: 'weakpass',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: 'PASSWORD_POLICY',
      message: AUTH_MESSAGES.passwordPolicy,
    });

    const wrong = await post(t.app, '/api/auth/email-otp/reset-password', {
      email,
      otp: wrongCode(otp),
      password: OTHER_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCode);

    const reset = await post(t.app, '/api/auth/email-otp/reset-password', {
      email,
      otp,
      password: OTHER_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true });

    for (const token of [first, second.token]) {
      expect((await get(t.app, '/api/api/user/me', { token })).statusCode).toBe(401);
    }
    const old = await post(t.app, '/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
    await signIn(t.app, email, OTHER_PASSWORD);

    const reused = await post(t.app, '/api/auth/email-otp/reset-password', {
      email,
      otp,
      password: PASSWORD,
    });
    expect(reused.statusCode).toBe(400);
  });

  it('answers a reset request alike for every address, and mails a code only to an account', async () => {
    const nobody = freshEmail('nobody');
    const pending = freshEmail();
    await signUp(pending);
    const signUpCode = await lastCode(t.database.db, pending);
    for (const email of [nobody, pending]) {
      const res = await post(t.app, '/api/auth/email-otp/request-password-reset', { email });
      expect(res.statusCode, email).toBe(200);
      expect(res.json(), email).toEqual({
        success: true,
        message: AUTH_MESSAGES.resetCodeSentIfAccount,
      });
    }
    await expect(lastMail(t.database.db, nobody)).rejects.toThrow(/no mail/);
    expect((await lastMail(t.database.db, pending)).subject).toBe(
      'Your Vehicle Records verification code',
    );
    // Nor does the reset itself tell an address without an account from a wrong code.
    for (const email of [nobody, pending]) {
      const reset = await post(t.app, '/api/auth/email-otp/reset-password', {
        email,
        otp: signUpCode,
        password: OTHER_PASSWORD,
      });
      expect(reset.statusCode, email).toBe(400);
      expect(reset.json(), email).toMatchObject({ code: 'INVALID_OTP' });
    }
    expect((await verifyEmail(pending, signUpCode)).statusCode).toBe(200);
  });

  it('lists every auth route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/sign-up/email',
        '/api/auth/email-otp/verify-email',
        '/api/auth/email-otp/send-verification-otp',
        '/api/auth/sign-in/email',
        '/api/auth/email-otp/request-password-reset',
        '/api/auth/email-otp/reset-password',
        '/api/auth/sign-out',
        '/api/api/auth/refresh',
        '/api/api/register',
        '/api/api/user/me',
        '/api/api/delete-unverified-user',
        '/api/api/admin/users',
      ]),
    );
  });

  it('answers other paths under /api/auth with 404', async () => {
    for (const url of [
      '/api/auth/get-session',
      '/api/auth/sign-in/email-otp',
      '/api/auth/delete-user',
    ]) {
      const res = await post(t.app, url, {});
      expect(res.statusCode, url).toBe(404);
    }
  });
});
