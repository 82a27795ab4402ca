import { AUTH_MESSAGES } from '@vr/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authUsers, pendingRegistrations } from '../src/db/schema.ts';
import { freshEmail, lastCode, wrongCode } from './auth-support.ts';
import { freshIp, get, post } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

/*
 * Issue 13, finding 1: an attacker signed up with the owner's address and his own password; the
 * owner's registration then verified the account carrying the attacker's password, and for an
 * ADMIN_EMAILS address the attacker signed in as ADMIN. Replayed here with the attacker signing
 * up before and after the owner.
 */

const OWNER_PASSWORD = 'Owner!pass1';
const ATTACKER_PASSWORD = 'Attack3r!pass';
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

describe.each(testDatabases())("signing up with someone else's address on $name", (db) => {
  const admin = `boss.${process.pid}@example.com`;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(db, { env: { ADMIN_EMAILS: admin } });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const attacker = freshIp();
  const owner = freshIp();
  const signUp = (email: string, password: string, ip: string) =>
    post(t.app, '/api/auth/sign-up/email', { email, password }, { ip });
  const verify = (email: string, otp: string, password: string, ip: string) =>
    post(t.app, '/api/auth/email-otp/verify-email', { email, otp, password }, { ip });
  const resend = (email: string, password: string, ip: string) =>
    post(t.app, '/api/auth/email-otp/send-verification-otp', { email, password }, { ip });
  const signIn = (email: string, password: string, ip: string) =>
    post(t.app, '/api/auth/sign-in/email', { email, password }, { ip });
  const deleteUnverified = (email: string, ip: string) =>
    post(t.app, '/api/api/delete-unverified-user', { email }, { ip });
  const accountsOf = (email: string) =>
    t.database.db.select().from(authUsers).where(eq(authUsers.email, email));

  it('leaves an ADMIN_EMAILS address to whoever proves the mailbox, with his own password', async () => {
    // The attacker signs up first, with the admin's address and his own password.
    expect((await signUp(admin, ATTACKER_PASSWORD, attacker)).statusCode).toBe(200);
    const attackerFirstCode = await lastCode(t.database.db, admin);
    expect(await accountsOf(admin)).toEqual([]);
    const early = await signIn(admin, ATTACKER_PASSWORD, attacker);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');
    // delete-unverified-user deletes nothing, and his calls use up only his own address's budget.
    for (let i = 0; i < 5; i += 1) {
      expect((await deleteUnverified(admin, attacker)).statusCode).toBe(404);
    }
    expect((await deleteUnverified(admin, attacker)).statusCode).toBe(429);

    // The owner registers: his sign-up is a new one of its own, not a conflict.
    expect((await deleteUnverified(admin, owner)).statusCode).toBe(404);
    expect((await signUp(admin, OWNER_PASSWORD, owner)).statusCode).toBe(200);
    const ownerCode = await lastCode(t.database.db, admin);
    // The attacker signs up again right after, so the newest mail carries his code.
    expect((await signUp(admin, ATTACKER_PASSWORD, attacker)).statusCode).toBe(200);
    const attackerCode = await lastCode(t.database.db, admin);
    expect(await accountsOf(admin)).toEqual([]);

    // The owner types the newest code: it is not his sign-up's, so it verifies nothing.
    const newest = await verify(admin, attackerCode, OWNER_PASSWORD, owner);
    expect(newest.statusCode).toBe(400);
    expect(newest.json()).toMatchObject({
      code: 'INVALID_OTP',
      message: AUTH_MESSAGES.invalidCode,
    });
    // A code goes only with its own sign-up's password.
    const crossed = await verify(admin, ownerCode, ATTACKER_PASSWORD, attacker);
    expect(crossed.json().code).toBe('INVALID_OTP');
    // The attacker's guesses use up his own sign-up's attempts, not the owner's.
    for (let i = 0; i < 4; i += 1) {
      const guess = await verify(admin, wrongCode(ownerCode), ATTACKER_PASSWORD, attacker);
      expect(guess.json().code).toBe('INVALID_OTP');
    }
    const exhausted = await verify(admin, wrongCode(ownerCode), ATTACKER_PASSWORD, attacker);
    expect(exhausted.statusCode).toBe(403);
    expect(exhausted.json().code).toBe('OTP_ATTEMPTS_EXCEEDED');

    // The owner's own code and password create the account, ADMIN, signed in.
    const verified = await verify(admin, ownerCode, OWNER_PASSWORD, owner);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email: admin, role: 'ADMIN' });
    const adminList = await get(t.app, '/api/api/admin/users', { token: verified.json().token });
    expect(adminList.statusCode).toBe(200);
    expect(await accountsOf(admin)).toHaveLength(1);

    // That removed the attacker's sign-ups: his codes verify nothing, his password signs in never.
    expect(
      await t.database.db
        .select()
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.email, admin)),
    ).toEqual([]);
    for (const code of [attackerFirstCode, attackerCode]) {
      const late = await verify(admin, code, ATTACKER_PASSWORD, attacker);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('EMAIL_ALREADY_VERIFIED');
    }
    const ownerSignIn = await signIn(admin, OWNER_PASSWORD, owner);
    expect(ownerSignIn.statusCode).toBe(200);
    expect(ownerSignIn.json().user.role).toBe('ADMIN');
    const attackerSignIn = await signIn(admin, ATTACKER_PASSWORD, attacker);
    expect(attackerSignIn.statusCode).toBe(401);
    expect(attackerSignIn.json().code).toBe('INVALID_CREDENTIALS');
  });

  it("re-mails a code for the caller's own sign-up only", async () => {
    const email = freshEmail();
    expect((await signUp(email, OWNER_PASSWORD, owner)).statusCode).toBe(200);
    const ownerCode = await lastCode(t.database.db, email);
    expect((await signUp(email, ATTACKER_PASSWORD, attacker)).statusCode).toBe(200);
    expect((await resend(email, ATTACKER_PASSWORD, attacker)).statusCode).toBe(200);
    // The owner's code still works: the attacker's resend replaced only his own sign-up's code.
    const verified = await verify(email, ownerCode, OWNER_PASSWORD, owner);
    expect(verified.statusCode).toBe(200);
  });

  it('forgets a sign-up not verified within 24 hours', async () => {
    const email = freshEmail();
    expect((await signUp(email, OWNER_PASSWORD, owner)).statusCode).toBe(200);
    const code = await lastCode(t.database.db, email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * HOUR - MINUTE);
    expect((await signIn(email, OWNER_PASSWORD, owner)).json().code).toBe('EMAIL_NOT_VERIFIED');

    vi.setSystemTime(Date.now() + 2 * MINUTE);
    expect((await signIn(email, OWNER_PASSWORD, owner)).json().code).toBe('INVALID_CREDENTIALS');
    const late = await verify(email, code, OWNER_PASSWORD, owner);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({
      code: 'USER_NOT_FOUND',
      message: AUTH_MESSAGES.noPendingVerification,
    });
    expect((await resend(email, OWNER_PASSWORD, owner)).statusCode).toBe(404);
    expect(await accountsOf(email)).toEqual([]);
  });
});
