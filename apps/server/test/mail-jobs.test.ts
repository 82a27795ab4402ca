import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../src/adapters/mail/smtp-mailer.ts';
import type { Mailer } from '../src/adapters/mail/index.ts';
import { adjustTo } from '../src/modules/credits/credit-ledger.ts';
import { PASSWORD, freshEmail, type SignedIn } from './auth-support.ts';
import { api, post } from './support/requests.ts';
import { distinctVin } from './support/vins.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const SUCCEEDING_CARD = '4242424242424242';
/** The code of a code mail, from its raw text (headers hold other digits). */
function codeOf(raw: string): string {
  const code = /code is:\s*(\d{6})(?!\d)/.exec(raw)?.[1];
  if (!code) throw new Error(`no code in the mail:\n${raw}`);
  return code;
}

/** Upper bound for a retry to come round (the first ones wait 1–4 s); never reached when green. */
const DELIVERY_BOUND_MS = 60_000;

interface ReceivedMail {
  to: string;
  subject: string;
  messageId: string;
  raw: string;
}

/** An SMTP server on loopback that refuses every connection while `refusing` is set. */
class SmtpServer {
  refusing = false;
  refused = 0;
  readonly mails: ReceivedMail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onConnect: (_session, callback) => {
      if (!this.refusing) return callback();
      this.refused += 1;
      callback(Object.assign(new Error('Service not available'), { responseCode: 421 }));
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        this.mails.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1] ?? '',
          raw,
        });
        callback();
      });
    },
  });
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  to(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to === address);
  }

  /** The mails to `address`, once there are `count` of them. */
  async waitFor(address: string, count = 1): Promise<ReceivedMail[]> {
    await expect
      .poll(() => this.to(address).length, { timeout: DELIVERY_BOUND_MS, interval: 50 })
      .toBeGreaterThanOrEqual(count);
    return this.to(address);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Registers and verifies with the code the SMTP server received. */
async function verifiedUser(t: TestApp, smtp: SmtpServer): Promise<SignedIn> {
  const email = freshEmail('smtp');
  expect(
    (await post(t.app, '/api/auth/sign-up/email', { email, password: PASSWORD })).statusCode,
  ).toBe(200);
  const [mail] = await smtp.waitFor(email);
  const verify = await post(t.app, '/api/auth/email-otp/verify-email', {
    email,
    otp: codeOf(mail!.raw),
    password: PASSWORD,
  });
  expect(verify.statusCode).toBe(200);
  const body = verify.json();
  return { email, token: body.token, cookie: '', userId: body.user.id };
}

async function savedCard(t: TestApp, user: SignedIn): Promise<string> {
  const card = await api(t.app, 'POST', '/api/api/sandbox/payment-methods', user.token, {
    number: SUCCEEDING_CARD,
    expMonth: 12,
    expYear: 2034,
    cvc: '123',
  });
  const pm: string = card.json().id;
  await api(t.app, 'POST', '/api/api/user/payment-methods', user.token, {
    paymentMethodId: pm,
    isDefault: true,
  });
  return pm;
}

describe.each(testDatabases())('mail jobs with the SMTP server down, then up, on $name', (db) => {
  const smtp = new SmtpServer();
  let t: TestApp;
  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp(db, {
      slaJob: false,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Records Desk <records@example.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('answers every request while SMTP refuses, then delivers each of 20 mails exactly once', async () => {
    const customers = [await verifiedUser(t, smtp), await verifiedUser(t, smtp)];
    const cards = [];
    for (const c of customers) {
      await adjustTo(t.database.db, { userId: c.userId, newBalance: 10, actorId: 'test' });
      cards.push(await savedCard(t, c));
    }
    const before = smtp.mails.length;

    smtp.refusing = true;
    const signUps = Array.from({ length: 6 }, () => freshEmail('queued'));
    for (const email of signUps) {
      const res = await post(t.app, '/api/auth/sign-up/email', { email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
    }
    const orderIds: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await api(t.app, 'POST', '/api/api/report-orders', customers[i % 2]!.token, {
        vin: distinctVin(),
      });
      expect(res.statusCode).toBe(201);
      orderIds.push(res.json().id);
    }
    const intentIds: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await api(
        t.app,
        'POST',
        '/api/api/stripe-credit/credit-purchase',
        customers[i % 2]!.token,
        {
          packageId: 'credits_3',
          paymentMethodId: cards[i % 2],
          confirmImmediately: true,
        },
      );
      expect(res.json().status).toBe('succeeded');
      intentIds.push(res.json().paymentIntentId);
    }
    // Every mail has been tried once and refused; all 20 wait for a retry.
    await t.jobs.drain();
    expect(smtp.refused).toBeGreaterThanOrEqual(20);
    expect(smtp.mails).toHaveLength(before);
    expect(await t.jobs.unfinished('mail')).toBe(20);

    smtp.refusing = false;
    await expect
      .poll(() => t.jobs.unfinished('mail'), { timeout: DELIVERY_BOUND_MS, interval: 100 })
      .toBe(0);
    const delivered = smtp.mails.slice(before);
    expect(delivered).toHaveLength(20);
    expect(new Set(delivered.map((m) => m.messageId)).size).toBe(20);
    for (const mail of delivered) expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@example\.test>$/);
    for (const email of signUps) {
      expect(smtp.to(email).map((m) => m.subject)).toEqual([
        'Your Vehicle Records verification code',
      ]);
    }
    const texts = delivered.map((m) => m.raw);
    for (const id of [...orderIds, ...intentIds]) {
      expect(texts.filter((raw) => raw.includes(id))).toHaveLength(1);
    }

    // The code that waited out the outage still verifies its account.
    const [code] = smtp.to(signUps[0]!);
    const verify = await post(t.app, '/api/auth/email-otp/verify-email', {
      email: signUps[0],
      otp: codeOf(code!.raw),
      password: PASSWORD,
    });
    expect(verify.statusCode).toBe(200);
  });
});

describe.each(testDatabases())('a mail sent again on $name', (db) => {
  const smtp = new SmtpServer();
  let t: TestApp;
  let smtpMailer: Mailer;
  const crashedOnce = new Set<string>();
  beforeAll(async () => {
    await smtp.start();
    smtpMailer = createSmtpMailer(smtp.url, 'Records Desk <records@example.test>', {
      info: () => {},
    });
    // The process "dies" after the SMTP server accepted a mail, before its job is marked done.
    const crashingAfterAccept: Mailer = {
      kind: 'smtp',
      async send(message, id) {
        await smtpMailer.send(message, id);
        if (crashedOnce.has(id)) return;
        crashedOnce.add(id);
        throw new Error('died after SMTP accepted the mail');
      },
      close: () => smtpMailer.close(),
    };
    t = await createTestApp(db, { slaJob: false, mailer: () => crashingAfterAccept });
  });
  afterAll(async () => {
    await t.close();
    await smtpMailer.close();
    await smtp.close();
  });

  it('carries the same Message-ID when its job runs twice', async () => {
    const email = freshEmail('twice');
    expect(
      (await post(t.app, '/api/auth/sign-up/email', { email, password: PASSWORD })).statusCode,
    ).toBe(200);
    const mails = await smtp.waitFor(email, 2);
    await expect
      .poll(() => t.jobs.unfinished('mail'), { timeout: DELIVERY_BOUND_MS, interval: 100 })
      .toBe(0);
    expect(smtp.to(email)).toHaveLength(2);
    expect(mails[0]!.messageId).toMatch(/^<[0-9a-f-]{36}@example\.test>$/);
    expect(mails[1]!.messageId).toBe(mails[0]!.messageId);
    expect(codeOf(mails[1]!.raw)).toBe(codeOf(mails[0]!.raw));
  });
});
