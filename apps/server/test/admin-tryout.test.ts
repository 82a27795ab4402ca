import { ADMIN_MESSAGES, ORDER_MESSAGES } from '@vr/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { adminAuditLog, outbox } from '../src/db/schema.ts';
import { createVerifiedUser, freshEmail, type SignedIn } from './auth-support.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { api } from './support/requests.ts';
import { settleJobs } from './support/jobs.ts';

const VIN = '1HGCM82633A004352';
const TRYOUTS_PER_HOUR = 3;

describe.each(testDatabases())('the admin tryout on $name', (testDb) => {
  const adminEmail = freshEmail('admin');
  let t: TestApp;
  let db: Db;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(testDb, {
      slaJob: false,
      env: { ADMIN_EMAILS: adminEmail, ADMIN_TRYOUTS_PER_HOUR: String(TRYOUTS_PER_HOUR) },
    });
    db = t.database.db;
    admin = await createVerifiedUser(t.app, db, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const tryout = (body: object) => api(t.app, 'POST', '/api/api/admin/tryout', admin.token, body);
  const mailsTo = async (to: string) => {
    await settleJobs(db);
    return db.select().from(outbox).where(eq(outbox.to, to));
  };

  it('mails one recipient only: a list is refused naming the field, nothing sent', async () => {
    for (const email of [
      'one@example.com,two@example.com',
      'one@example.com; two@example.com',
      'one@example.com two@example.com',
      'Lead <one@example.com>',
    ]) {
      const res = await tryout({ vin: VIN, email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toMatchObject({
        field: 'email',
        message: `email: ${ADMIN_MESSAGES.tryoutOneRecipient}`,
      });
    }
    expect(await mailsTo('one@example.com')).toHaveLength(0);
    expect(await mailsTo('two@example.com')).toHaveLength(0);
  });

  it('checks the VIN as an order does, and bounds it before anything else', async () => {
    for (const vin of ['1HGCM82633A004353', '1HGCM82633A00435', 'Q'.repeat(17)]) {
      const res = await tryout({ vin, email: 'lead@example.com' });
      expect(res.statusCode, vin).toBe(400);
      expect(res.json().message).toBe(ORDER_MESSAGES.invalidVin);
    }
    const huge = await tryout({ vin: 'A'.repeat(200_000) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().field).toBe('vin');
    expect(await mailsTo('lead@example.com')).toHaveLength(0);
  });

  it('runs at most ADMIN_TRYOUTS_PER_HOUR per admin, and the audit log names the recipient', async () => {
    // The refused requests above counted nothing: all three tryouts of the hour remain.
    for (let i = 0; i < TRYOUTS_PER_HOUR; i += 1) {
      const res = await tryout({ vin: VIN, email: ` Lead${i}@example.com ` });
      expect(res.statusCode).toBe(200);
      expect(res.json().reportMail).toBe(ADMIN_MESSAGES.tryoutMailed(`Lead${i}@example.com`));
    }
    const over = await tryout({ vin: VIN, email: 'lead9@example.com' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/limit of 3 tryouts an hour/);
    expect(await mailsTo('lead9@example.com')).toHaveLength(0);
    expect(await mailsTo('Lead0@example.com')).toHaveLength(1);

    const entries = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'tryout'));
    expect(entries.map((e) => (e.after as { recipient: string }).recipient).sort()).toEqual([
      'Lead0@example.com',
      'Lead1@example.com',
      'Lead2@example.com',
    ]);
  });
});
