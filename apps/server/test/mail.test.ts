import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/adapters/mail/index.ts';
import { ConfigError, parseConfig } from '../src/config.ts';
import { outbox } from '../src/db/schema.ts';
import { PASSWORD, codeIn, freshEmail } from './auth-support.ts';
import { post } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP server on loopback that keeps what it receives. */
class Inbox {
  readonly mails: ReceivedMail[] = [];
  private waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        // A mail handed to a waiter is not kept for a later `next`.
        const waiter = this.waiters.find((w) => mail.to.includes(w.to));
        if (waiter) {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          waiter.resolve(mail);
        } else this.mails.push(mail);
        callback();
      });
    },
  });
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  /** The next mail to `to` (one already received counts once). */
  next(to: string): Promise<ReceivedMail> {
    const index = this.mails.findIndex((m) => m.to.includes(to));
    if (index >= 0) return Promise.resolve(this.mails.splice(index, 1)[0]!);
    return new Promise((resolve) => this.waiters.push({ to, resolve }));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe.each(testDatabases())('mail over SMTP on $name', (db) => {
  const inbox = new Inbox();
  let t: TestApp;
  beforeAll(async () => {
    await inbox.start();
    t = await createTestApp(db, {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
        MAIL_FROM: 'Records Desk <records@example.test>',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('mails the verification code to a real SMTP server; the code verifies', async () => {
    const email = freshEmail();
    const res = await post(t.app, '/api/auth/sign-up/email', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const mail = await inbox.next(email);
    expect(mail.from).toBe('records@example.test');
    expect(mail.raw).toMatch(/^From: Records Desk <records@example\.test>/m);
    expect(mail.raw).toMatch(/^Subject: Your Vehicle Records verification code/m);
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');
    expect(mail.raw).toContain('expires in 10 minutes');
    expect(mail.raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@example\.test>/m);
    const verify = await post(t.app, '/api/auth/email-otp/verify-email', {
      email,
      otp: codeIn(mail.raw),
      password: PASSWORD,
    });
    expect(verify.statusCode).toBe(200);
    expect(await t.database.db.select().from(outbox)).toEqual([]);
  });

  it('mails the reset code; the code resets the password', async () => {
    const email = freshEmail();
    await post(t.app, '/api/auth/sign-up/email', { email, password: PASSWORD });
    const signUpMail = await inbox.next(email);
    await post(t.app, '/api/auth/email-otp/verify-email', {
      email,
      otp: codeIn(signUpMail.raw),
      password: PASSWORD,
    });

    expect(
      (await post(t.app, '/api/auth/email-otp/request-password-reset', { email })).statusCode,
    ).toBe(200);
    const mail = await inbox.next(email);
    expect(mail.raw).toMatch(/^Subject: Your Vehicle Records password reset code/m);
    const reset = await post(t.app, '/api/auth/email-otp/reset-password', {
      email,
      otp: codeIn(mail.raw),
      password: 'N3w!password',
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe.each(testDatabases())('the outbox on $name', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps a mail as a row and logs one line with its plain text, once per mail id', async () => {
    const lines: { obj: object; msg: string }[] = [];
    const mailer = createMailer({ MAIL_FROM: 'x <x@y.z>' }, t.database.db, {
      info: (obj, msg) => lines.push({ obj, msg }),
    });
    expect(mailer.kind).toBe('outbox');
    const message = {
      to: 'reader@example.com',
      subject: 'Your report is ready',
      text: 'secret 424242',
      html: '<p>secret 424242</p>',
    };
    await mailer.send(message, 'job-1');
    // The same mail again, as a job run twice sends it.
    await mailer.send(message, 'job-1');
    const rows = await t.database.db.select().from(outbox);
    expect(rows).toEqual([
      expect.objectContaining({
        messageId: 'job-1',
        to: 'reader@example.com',
        subject: 'Your report is ready',
        text: 'secret 424242',
        html: '<p>secret 424242</p>',
      }),
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toContain('outbox');
    expect(lines[0]!.msg).toContain('secret 424242');
    expect(lines[0]!.msg).not.toContain('<p>');
  });
});

describe('mail configuration', () => {
  it('defaults MAIL_FROM to the product name and checks SMTP_URL', () => {
    expect(parseConfig({ PRODUCT_NAME: 'Acme Cars' }).MAIL_FROM).toBe(
      'Acme Cars <no-reply@localhost>',
    );
    expect(parseConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).SMTP_URL).toBe(
      'smtps://u:p@mail.example.com:465',
    );
    expect(() => parseConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(ConfigError);
    expect(() => parseConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/^Invalid SMTP_URL/);
    expect(parseConfig({}).SMTP_URL).toBeUndefined();
  });
});
