import { AUTH_MESSAGES } from '@vr/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PASSWORD,
  createVerifiedUser,
  freshEmail,
  freshIp,
  lastCode,
  post,
} from './auth-support.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Moves the clock the server reads (Date only: timers and I/O keep running). */
function advance(ms: number): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

describe.each(testDatabases())('limits on $name', (db) => {
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

  const signInAs = (email: string, password: string, ip = freshIp()) =>
    post(t.app, '/api/auth/sign-in/email', { email, password }, { ip });

  it('mails at most 3 verification codes per address in 5 minutes', async () => {
    const email = freshEmail();
    expect(
      (await post(t.app, '/api/auth/sign-up/email', { email, password: PASSWORD })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const res = await post(t.app, '/api/auth/email-otp/send-verification-otp', { email });
      expect(res.statusCode).toBe(200);
    }
    const limited = await post(t.app, '/api/auth/email-otp/send-verification-otp', { email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'OTP_SEND_LIMIT',
      message: AUTH_MESSAGES.verificationSendLimit,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    advance(5 * MINUTE);
    expect(
      (await post(t.app, '/api/auth/email-otp/send-verification-otp', { email })).statusCode,
    ).toBe(200);
  });

  it('mails at most 3 reset codes per address in 5 minutes', async () => {
    const { email } = await createVerifiedUser(t.app, t.database.db);
    advance(5 * MINUTE); // the sign-up's code is out of the window
    for (let i = 0; i < 3; i += 1) {
      const res = await post(t.app, '/api/auth/email-otp/request-password-reset', { email });
      expect(res.statusCode).toBe(200);
    }
    const limited = await post(t.app, '/api/auth/email-otp/request-password-reset', { email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'OTP_SEND_LIMIT',
      message: AUTH_MESSAGES.resetSendLimit,
    });
  });

  it('caps failures from one IP address at 100 an hour, behind a per-minute burst limit', async () => {
    const ip = freshIp();
    const pending = freshEmail();
    await post(t.app, '/api/auth/sign-up/email', { email: pending, password: PASSWORD });
    // Made before the clock stops: PGlite's now() follows the (then frozen) JavaScript clock,
    // and the queue delivers a mail only once now() has passed the moment it was queued.
    const { email } = await createVerifiedUser(t.app, t.database.db);
    advance(0);
    // better-auth's own limiter admits 20 sign-in requests a minute from one address ...
    for (let i = 0; i < 20; i += 1) {
      expect((await signInAs(freshEmail('nobody'), PASSWORD, ip)).statusCode).toBe(401);
    }
    const burst = await signInAs(freshEmail('nobody'), PASSWORD, ip);
    expect(burst.statusCode).toBe(429);
    expect(burst.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: AUTH_MESSAGES.tooManyRequests,
    });
    advance(61 * SECOND);
    // Wrong sign-in codes count as failures too (and check no password, so they are quick).
    for (let i = 0; i < 80; i += 1) {
      const res = await post(
        t.app,
        '/api/auth/sign-in/email',
        { email: freshEmail('nobody'), password: PASSWORD, otp: '000000' },
        { ip },
      );
      expect(res.statusCode).toBe(400);
    }
    // ... and ours 100 failures an hour.
    const capped = await signInAs(freshEmail('nobody'), PASSWORD, ip);
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: AUTH_MESSAGES.tooManyFailuresFromIp,
    });
    // Codes are secrets too: the same budget covers them.
    const otp = await lastCode(t.database.db, pending);
    const code = await post(
      t.app,
      '/api/auth/email-otp/verify-email',
      { email: pending, otp },
      { ip },
    );
    expect(code.statusCode).toBe(429);
    expect(code.json().message).toBe(AUTH_MESSAGES.tooManyFailuresFromIp);
    expect((await signInAs(email, PASSWORD, ip)).statusCode).toBe(429);
    expect((await signInAs(email, PASSWORD, freshIp())).statusCode).toBe(200);

    advance(60 * MINUTE);
    expect((await signInAs(email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('rate-limits delete-unverified-user per address and per e-mail', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await post(
        t.app,
        '/api/api/delete-unverified-user',
        { email: freshEmail() },
        { ip },
      );
      expect(res.statusCode).toBe(404);
    }
    const perIp = await post(
      t.app,
      '/api/api/delete-unverified-user',
      { email: freshEmail() },
      { ip },
    );
    expect(perIp.statusCode).toBe(429);
    expect(perIp.json().message).toBe(AUTH_MESSAGES.tooManyRequests);

    const email = freshEmail();
    for (let i = 0; i < 5; i += 1) {
      await post(t.app, '/api/api/delete-unverified-user', { email });
    }
    const perEmail = await post(t.app, '/api/api/delete-unverified-user', { email });
    expect(perEmail.statusCode).toBe(429);
  });
});
