import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailSeal } from '../src/jobs/mail-sealing.ts';
import { PASSWORD, createVerifiedUser, freshEmail, lastCode, lastMail } from './auth-support.ts';
import { storedJobData } from './support/jobs.ts';
import { post } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

/** Mailed codes are delivered, and no job row the queue keeps holds one. */
describe.each(testDatabases())('mail jobs at rest on $name', (testDb) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(testDb, { slaJob: false });
  });
  afterAll(() => t.close());

  it('keep the sign-up and reset codes sealed in the queue, and deliver them', async () => {
    const email = freshEmail();
    const signUp = await post(t.app, '/api/auth/sign-up/email', { email, password: PASSWORD });
    expect(signUp.statusCode).toBe(200);
    const signUpCode = await lastCode(t.database.db, email);

    const user = await createVerifiedUser(t.app, t.database.db);
    const reset = await post(t.app, '/api/auth/email-otp/request-password-reset', {
      email: user.email,
    });
    expect(reset.statusCode).toBe(200);
    const resetMail = await lastMail(t.database.db, user.email);
    expect(resetMail.subject).toMatch(/password reset code/);
    const resetCode = /code is: (\d{6})/.exec(resetMail.text)?.[1];
    expect(resetCode).toMatch(/^\d{6}$/);

    const stored = (await storedJobData(t.database)).join('\n');
    // The mails went through the queue, sealed.
    expect(stored.match(/"kind": ?"sealed"/g)?.length).toBeGreaterThanOrEqual(3);
    for (const secret of [signUpCode, resetCode!, email, user.email]) {
      expect(stored).not.toContain(secret);
    }
  });
});

describe('a sealed mail', () => {
  const mail = { to: 'a@example.com', subject: 'code', text: 'Your code is: 123456', html: '' };

  it('opens with the auth secret it was sealed under, and not with another', () => {
    const seal = createMailSeal('s'.repeat(43));
    const sealed = seal.seal(mail);
    expect(sealed).not.toContain('123456');
    expect(seal.open(sealed)).toEqual(mail);
    expect(() => createMailSeal('t'.repeat(43)).open(sealed)).toThrow();
  });

  it('is refused when altered', () => {
    const seal = createMailSeal('s'.repeat(43));
    const bytes = Buffer.from(seal.seal(mail), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => seal.open(bytes.toString('base64'))).toThrow();
  });
});
