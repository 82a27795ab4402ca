import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { outbox, paymentIntents } from '../src/db/schema.ts';
import { settleJobs } from './support/jobs.ts';
import { createVerifiedUser, type SignedIn } from './auth-support.ts';
import { api } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const NUMBER = '4000002760003184';
const CVC = '731';

async function receipts(db: Db, to: string) {
  await settleJobs(db);
  const rows = await db
    .select()
    .from(outbox)
    .where(sql`${outbox.to} = ${to}`);
  return rows.filter((r) => r.subject.includes('receipt'));
}

describe.each(testDatabases())('receipts and card secrecy on $name', (testDb) => {
  let t: TestApp;
  let db: Db;
  let user: SignedIn;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(testDb, {
      slaJob: false,
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line) => void logLines.push(line) },
    });
    db = t.database.db;
    user = await createVerifiedUser(t.app, db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('mails one receipt per purchase, whichever path reports the success, even racing', async () => {
    const card = await api(t.app, 'POST', '/api/api/sandbox/payment-methods', user.token, {
      number: NUMBER,
      expMonth: 12,
      expYear: 2034,
      cvc: CVC,
      billingDetails: { name: 'Rita Receipt' },
    });
    expect(card.statusCode).toBe(200);
    const pm = card.json();
    await api(t.app, 'POST', '/api/api/user/payment-methods', user.token, {
      paymentMethodId: pm.id,
      cardBrand: pm.brand,
      last4: pm.last4,
      expMonth: '12',
      expYear: '2034',
      isDefault: true,
    });
    const intent = (
      await api(t.app, 'POST', '/api/api/stripe-credit/credit-purchase', user.token, {
        packageId: 'credits_5',
        paymentMethodId: pm.id,
        confirmImmediately: false,
      })
    ).json();
    const confirmed = await api(
      t.app,
      'POST',
      `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}/confirm`,
      user.token,
      {},
    );
    expect(confirmed.json().status).toBe('requires_action');
    expect(await receipts(db, user.email)).toHaveLength(0);

    const base = `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}`;
    await Promise.all([
      api(
        t.app,
        'POST',
        `/api/api/sandbox/payment-intent/${intent.paymentIntentId}/3ds`,
        user.token,
        { result: 'complete' },
      ),
      api(t.app, 'GET', base, user.token),
      api(t.app, 'POST', `${base}/confirm`, user.token, {}),
      api(t.app, 'GET', base, user.token),
    ]);
    await api(t.app, 'POST', `${base}/confirm`, user.token, {});
    const mails = await receipts(db, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('receipt for 5 credits');
    expect(mails[0]!.text).toContain(
      'Package: 5 Vehicle Report Credits. Credits: 5. Amount charged: $24.00.',
    );
    expect(mails[0]!.text).toContain('Your balance is now 5 credits.');
    expect(mails[0]!.html).toContain('$24.00');
  });

  it('words a receipt for one credit and a balance of one, then of two, in the right number', async () => {
    const carol = await createVerifiedUser(t.app, db);
    const card = (
      await api(t.app, 'POST', '/api/api/sandbox/payment-methods', carol.token, {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2034,
        cvc: '123',
        billingDetails: { name: 'Carol Count' },
      })
    ).json();
    await api(t.app, 'POST', '/api/api/user/payment-methods', carol.token, {
      paymentMethodId: card.id,
      cardBrand: card.brand,
      last4: card.last4,
      expMonth: '12',
      expYear: '2034',
      isDefault: true,
    });
    const buyOne = async () => {
      const bought = await api(
        t.app,
        'POST',
        '/api/api/stripe-credit/credit-purchase',
        carol.token,
        {
          packageId: 'credits_1',
          paymentMethodId: card.id,
          confirmImmediately: true,
        },
      );
      expect(bought.json().status).toBe('succeeded');
    };
    await buyOne();
    const [first] = await receipts(db, carol.email);
    expect(first!.subject).toMatch(/: receipt for 1 credit$/);
    expect(first!.text).toContain('Your balance is now 1 credit. Credits never expire.');
    await buyOne();
    const both = await receipts(db, carol.email);
    expect(both).toHaveLength(2);
    const second = both.find((mail) => mail.messageId !== first!.messageId)!;
    expect(second.subject).toMatch(/: receipt for 1 credit$/);
    expect(second.text).toContain('Your balance is now 2 credits. Credits never expire.');
  });

  it("never mails a customer's receipt because of another request", async () => {
    const bob = await createVerifiedUser(t.app, db);
    // A success recorded without a receipt queued, as a version that mailed receipts from
    // other requests' response hooks left them.
    await db.insert(paymentIntents).values({
      id: `pi_unreceipted_${bob.userId}`,
      userId: bob.userId,
      packageId: 'credits_5',
      description: '5 Vehicle Report Credits',
      amountCents: 2400,
      currency: 'usd',
      credits: 5,
      status: 'succeeded',
      clientSecret: 'secret',
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/api/stripe-credit/config' });
    expect(anonymous.statusCode).toBe(200);
    expect((await api(t.app, 'GET', '/api/api/user/payment-methods', user.token)).statusCode).toBe(
      200,
    );
    expect(await receipts(db, bob.email)).toEqual([]);
  });

  it('never writes the card number or the CVC to the log or the database', async () => {
    expect(logLines.length).toBeGreaterThan(10);
    const log = logLines.join('\n');
    expect(log).not.toContain(NUMBER);
    expect(log).not.toContain(`"${CVC}"`);
    const tables = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = ('rows' in tables ? tables.rows : tables) as { table_name: string }[];
    expect(names.length).toBeGreaterThan(10);
    for (const { table_name } of names) {
      const rows = await db.execute<{ row: string }>(
        sql.raw(`select row_to_json(t)::text as row from "${table_name}" t`),
      );
      const text = (('rows' in rows ? rows.rows : rows) as { row: string }[])
        .map((r) => r.row)
        .join('\n');
      expect(text, table_name).not.toContain(NUMBER);
      expect(text, table_name).not.toContain(`"${CVC}"`);
    }
  });
});
