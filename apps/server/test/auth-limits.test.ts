import { AUTH_LIMITS, AUTH_MESSAGES } from '@vr/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, createVerifiedUser, freshEmail, lastCode } from './auth-support.ts';
import { freshIp, post } from './support/requests.ts';
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
    const resend = () =>
      post(t.app, '/api/auth/email-otp/send-verification-otp', { email, password: PASSWORD });
    for (let i = 0; i < 2; i += 1) {
      const res = await resend();
      expect(res.statusCode).toBe(200);
    }
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'OTP_SEND_LIMIT',
      message: AUTH_MESSAGES.verificationSendLimit,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    advance(5 * MINUTE);
    expect((await resend()).statusCode).toBe(200);
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
      { email: pending, otp, password: PASSWORD },
      { ip },
    );
    expect(code.statusCode).toBe(429);
    expect(code.json().message).toBe(AUTH_MESSAGES.tooManyFailuresFromIp);
    expect((await signInAs(email, PASSWORD, ip)).statusCode).toBe(429);
    expect((await signInAs(email, PASSWORD, freshIp())).statusCode).toBe(200);

    advance(60 * MINUTE);
    expect((await signInAs(email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it("answers about addresses only within each route's per-IP budget, counted before any look-up", async () => {
    const { email: known } = await createVerifiedUser(t.app, t.database.db);
    const ip = freshIp();
    const budget = AUTH_LIMITS.requestsPerIpPerMinute;
    /** What the requests past a budget got: all the same refusal, or a list of what differs. */
    const refusals = (list: LightMyRequestResponse[]) =>
      new Set(
        list.map((res) => {
          const retryAfter = Number(res.headers['retry-after']);
          const retry = retryAfter > 0 && retryAfter <= 60 ? 'within a minute' : retryAfter;
          return `${res.statusCode} ${res.json().code} Retry-After ${retry}`;
        }),
      );
    const REFUSED = new Set(['429 TOO_MANY_REQUESTS Retry-After within a minute']);
    const verify = (email: string) =>
      post(
        t.app,
        '/api/auth/email-otp/verify-email',
        { email, otp: '123456', password: PASSWORD },
        { ip },
      );
    const signUp = () =>
      post(t.app, '/api/auth/sign-up/email', { email: known, password: PASSWORD }, { ip });
    const requestReset = (email: string) =>
      post(t.app, '/api/auth/email-otp/request-password-reset', { email }, { ip });
    advance(0); // one minute's window for the whole replay

    // The audit's replay from one address: verify-email x300 (a known address every 10th) ...
    const verifies: LightMyRequestResponse[] = [];
    for (let i = 0; i < 300; i += 1) {
      verifies.push(await verify(i % 10 === 0 ? known : freshEmail('nobody')));
    }
    expect(verifies.slice(0, budget.verifyEmail).map((res) => res.statusCode)).toEqual(
      Array.from({ length: budget.verifyEmail }, (_, i) => (i % 10 === 0 ? 409 : 404)),
    );
    expect(refusals(verifies.slice(budget.verifyEmail))).toEqual(REFUSED);

    // ... sign-up x200 of the known address ...
    const signUps: LightMyRequestResponse[] = [];
    for (let i = 0; i < 200; i += 1) signUps.push(await signUp());
    expect(signUps.slice(0, budget.signUp).every((res) => res.statusCode === 409)).toBe(true);
    expect(refusals(signUps.slice(budget.signUp))).toEqual(REFUSED);

    // ... and request-password-reset x180 of unknown addresses: never a 404.
    const resets: LightMyRequestResponse[] = [];
    for (let i = 0; i < 180; i += 1) resets.push(await requestReset(freshEmail('nobody')));
    const answered = resets.slice(0, budget.requestPasswordReset);
    expect(answered.every((res) => res.statusCode === 200)).toBe(true);
    expect(answered[0]?.json().message).toBe(AUTH_MESSAGES.resetCodeSentIfAccount);
    expect(refusals(resets.slice(budget.requestPasswordReset))).toEqual(REFUSED);
    expect(resets.some((res) => res.statusCode === 404)).toBe(false);

    // Other addresses keep their own budget; this one gets answers again a minute later.
    expect(
      (await post(t.app, '/api/auth/sign-up/email', { email: known, password: PASSWORD }))
        .statusCode,
    ).toBe(409);
    advance(MINUTE);
    expect((await verify(known)).statusCode).toBe(409);
    expect((await signUp()).statusCode).toBe(409);
    expect((await requestReset(freshEmail('nobody'))).statusCode).toBe(200);
  });

  it('rate-limits delete-unverified-user per IP address only, so nobody blocks it for an e-mail', async () => {
    const ip = freshIp();
    const email = freshEmail();
    for (let i = 0; i < 5; i += 1) {
      const res = await post(t.app, '/api/api/delete-unverified-user', { email }, { ip });
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
    expect(Number(perIp.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await post(t.app, '/api/api/delete-unverified-user', { email });
    expect(elsewhere.statusCode).toBe(404);
  });
});
