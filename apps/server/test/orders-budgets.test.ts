import { expectedCheckDigit, ORDER_MESSAGES } from '@vr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicleHistoryProvider } from '../src/adapters/vehicle-history/index.ts';
import type { VinDecoder } from '../src/adapters/vin-decoder/vin-decoder.ts';
import type { Db } from '../src/db/client.ts';
import { adjustTo } from '../src/modules/credits/credit-ledger.ts';
import { getBalance } from '../src/modules/credits/credits.repo.ts';
import { createVerifiedUser, freshEmail, lastMail, type SignedIn } from './auth-support.ts';
import { createTestApp, testConfig, testDecoder, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { call, get } from './support/requests.ts';
import { startVinauditDouble, type VinauditDouble } from './support/vinaudit-double.ts';
import { distinctVin } from './support/vins.ts';

const credentials = { key: 'key-1', user: 'user-1', pass: 'pass-1' };
const PREVIEWS_PER_USER_HOUR = 5;
const PRECHECKS_PER_HOUR = 6;

/** A VIN with a correct check digit whose maker the vPIC data does not know: no decode. */
function undecodableVin(): string {
  const base = 'ZZZZZZZZ_ZZ000001'.replace(/Z/g, '9');
  return base.replace('_', expectedCheckDigit(base.replace('_', '0')));
}

describe.each(testDatabases())('report order pre-checks and their budgets on $name', (testDb) => {
  const adminEmail = freshEmail('admin');
  const withRecords = Array.from({ length: 110 }, () => distinctVin());
  const noRecords = distinctVin();
  let double: VinauditDouble;
  let t: TestApp;
  let db: Db;
  let admin: SignedIn;
  let decodes = 0;
  const queries = () => double.calls.filter((c) => c.path === '/v2/query').length;

  beforeAll(async () => {
    double = await startVinauditDouble({
      ...credentials,
      reports: Object.fromEntries(
        [...withRecords, undecodableVin()].map((vin) => [vin, { titles: [] }]),
      ),
      // A Wednesday noon, outside the NMVTIS maintenance window the double plays (06:00-07:00 UTC
      // daily, 06:00-10:00 on Sundays): on the real clock the suite failed in those hours.
      now: () => new Date('2026-01-14T12:00:00Z'),
    });
    const shared = await testDecoder(testConfig());
    // Counts what would be live vPIC calls with VPIC_URL: every decode of an order.
    const decoder: VinDecoder = {
      ...shared,
      decode: (...args) => {
        decodes += 1;
        return shared.decode(...args);
      },
    };
    t = await createTestApp(testDb, {
      slaJob: false,
      decoder,
      historyProvider: createVehicleHistoryProvider({
        REPORT_PROVIDER: 'vinaudit',
        REPORT_TIMEOUT_MS: 5000,
        REPORT_API_BASE: double.url,
        REPORT_API_KEY: credentials.key,
        REPORT_API_USER: credentials.user,
        REPORT_API_PASS: credentials.pass,
      }),
      env: {
        ADMIN_EMAILS: adminEmail,
        REPORT_PREVIEWS_PER_USER_HOUR: String(PREVIEWS_PER_USER_HOUR),
        REPORT_PRECHECKS_PER_HOUR: String(PRECHECKS_PER_HOUR),
      },
    });
    db = t.database.db;
    admin = await createVerifiedUser(t.app, db, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
    await double.close();
  });

  async function customer(credits: number) {
    const user = await createVerifiedUser(t.app, db);
    if (credits > 0) {
      await adjustTo(db, { userId: user.userId, newBalance: credits, actorId: 'test' });
    }
    return user;
  }
  const order = (user: SignedIn, body: object) =>
    call(t.app, 'POST', '/api/api/report-orders', body, { token: user.token });
  const preview = (user: SignedIn, vin: string) =>
    get(t.app, `/api/api/report-orders/preview/${vin}`, { token: user.token });

  it('answers an account without credit 402 at once, asking neither the provider nor vPIC, and counts it against its previews', async () => {
    const broke = await customer(0);
    const [queriesBefore, decodesBefore] = [queries(), decodes];
    for (const vin of withRecords.slice(0, 7)) {
      const res = await order(broke, { vin });
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe(ORDER_MESSAGES.insufficientCredits);
    }
    expect(queries()).toBe(queriesBefore);
    expect(decodes).toBe(decodesBefore);
    // Seven refusals ran past the account's five previews an hour.
    const refused = await preview(broke, withRecords[0]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/limit of 5 report previews an hour/);
    expect(queries()).toBe(queriesBefore);
  });

  it('counts a 409 and a 422 against the account, never a paid order: 100 credits order 100 vehicles in a row', async () => {
    const buyer = await customer(100);
    const queriesBefore = queries();
    const answers: number[] = [];
    for (const vin of withRecords.slice(0, 100)) {
      answers.push((await order(buyer, { vin })).statusCode);
    }
    expect(answers).toEqual(Array.from({ length: 100 }, () => 201));
    expect(await getBalance(db, buyer.userId)).toBe(0);
    // Each was asked first, within a service budget of 6: a paid order gives its unit back.
    expect(queries()).toBe(queriesBefore + 100);

    const some = await customer(2);
    const first = await order(some, { vin: withRecords[100]! });
    expect(first.statusCode).toBe(201);
    expect((await order(some, { vin: withRecords[100]! })).statusCode).toBe(409);
    expect((await order(some, { vin: noRecords })).statusCode).toBe(422);
    expect(await getBalance(db, some.userId)).toBe(1);
    // The 409 and the 422 took two of the five previews.
    for (let i = 0; i < 3; i += 1) {
      expect((await preview(some, withRecords[101]!)).statusCode).toBe(200);
    }
    expect((await preview(some, withRecords[101]!)).statusCode).toBe(429);
  });

  it('stops free questions for the whole service past its hourly ceiling; a paid order goes ahead unasked', async () => {
    // Spent so far: the 422 and three previews of the last test. Two remain.
    const first = await customer(0);
    expect((await preview(first, withRecords[102]!)).statusCode).toBe(200);
    expect((await preview(first, withRecords[102]!)).statusCode).toBe(200);
    const queriesBefore = queries();
    const other = await customer(1);
    const over = await preview(other, withRecords[102]!);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/paused for everyone/);

    const funded = await order(other, { vin: noRecords });
    expect(funded.statusCode).toBe(201);
    expect(queries()).toBe(queriesBefore);
    expect(await getBalance(db, other.userId)).toBe(0);
  });

  it('names the vehicle from its own decode; a client label only as plain text when the decode has none', async () => {
    const buyer = await customer(2);
    const bait = '<b>FREE MONEY</b> call +1-555';
    const decodable = withRecords[103]!;
    const named = await order(buyer, { vin: decodable, vehicle: bait });
    expect(named.statusCode).toBe(201);
    const mail = await lastMail(db, buyer.email);
    expect(mail.text).toContain(`VIN: ${decodable}. Vehicle: 2003 HONDA Accord.`);
    expect(mail.text).not.toContain('FREE MONEY');

    const unknown = undecodableVin();
    const label = `${bait}\u0007\n${'x'.repeat(120)}`;
    expect((await order(buyer, { vin: unknown, vehicle: label })).statusCode).toBe(201);
    const list = (
      await get(t.app, `/api/api/admin/report-orders/user/${buyer.userId}`, { token: admin.token })
    ).json() as { data: { vin: string; vehicle: string }[] };
    const rows = new Map(list.data.map((o) => [o.vin, o.vehicle]));
    expect(rows.get(decodable)).toBe('2003 HONDA Accord');
    const plain = rows.get(unknown)!;
    expect(plain).toBe(`FREE MONEY call +1-555 ${'x'.repeat(57)}`);
    expect([...plain]).toHaveLength(80);
  });
});
