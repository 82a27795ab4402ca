import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../src/db/schema.ts';
import { serializeErr } from '../src/lib/error-serializer.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases, type TestDatabase } from './support/databases.ts';

/** The describe block's test app, whose log lines at `level` and above are kept in `lines`. */
function appLogging(testDb: TestDatabase, level: string) {
  const logged = { t: undefined as unknown as TestApp, lines: [] as string[] };
  beforeAll(async () => {
    logged.t = await createTestApp(testDb, {
      env: { LOG_LEVEL: level },
      logStream: { write: (line) => logged.lines.push(line) },
    });
  });
  afterAll(() => logged.t.close());
  return logged;
}

describe.each(testDatabases())('logs of a failed query on $name', (testDb) => {
  const logged = appLogging(testDb, 'error');
  const { lines } = logged;

  it('name the query and the database error, not the values it carried', async () => {
    // An adjustment for an admin id that does not exist: the foreign key refuses the row.
    const failed: unknown = await logged.t.database.db
      .insert(creditLedger)
      .values({
        id: 'ledger-row-5f0c',
        userId: 'admin-id-8c21e4',
        kind: 'adjustment',
        delta: 987654,
        balanceAfter: 987654,
        actorId: 'admin-id-8c21e4',
      })
      .catch((err: unknown) => err);
    expect(String(failed)).toContain('987654');

    // What the error handler does with an unexpected error.
    logged.t.app.log.error({ err: failed }, 'request failed');
    const text = lines.join('\n');
    expect(text).toContain('insert into \\"credit_ledger\\"');
    expect(text).toMatch(/foreign key/);
    for (const value of ['987654', 'admin-id-8c21e4', 'ledger-row-5f0c']) {
      expect(text).not.toContain(value);
    }
  });
});

describe.each(testDatabases())(
  'logs of requests carrying credentials in the URL on $name',
  (testDb) => {
    // Every line, quick successes' included (those are written at debug).
    const logged = appLogging(testDb, 'debug');
    const { lines } = logged;

    it('name the paths and the other parameters, never the secrets', async () => {
      const urls = [
        '/api/api/report-orders/order-1/report?expires=1999999999&sig=SECRETSIG1',
        '/api/api/report-orders/order-1/report?expires=1999999999&SIG=SECRETSIG2',
        '/r/SECRETSHARE3',
        '/R/SECRETSHARE4?token=SECRETTOKEN5',
        '/api/api/shared-reports/SECRETSHARE6/pdf',
        '/api/api/recalls/unsubscribe/SECRETUNSUB7',
        '/api/vehicles/DecodeVinValues/1HGCM82633A004352?format=json&Key=SECRETKEY8&code=SECRETCODE9',
      ];
      for (const url of urls) await logged.t.app.inject({ url });
      // A message naming a URL, as Fastify's own do.
      logged.t.app.log.warn(`could not answer GET:${urls[0]}`);
      logged.t.app.log.error(
        { err: new Error(`fetch https://api.example/q?key=SECRETKEY10 failed`) },
        'x',
      );

      const text = lines.join('\n');
      expect(text).toContain(
        '/api/api/report-orders/order-1/report?expires=1999999999&sig=[redacted]',
      );
      expect(text).toContain('"url":"/r/[redacted]"');
      expect(text).toContain('/api/api/shared-reports/[redacted]/pdf');
      expect(text).toContain('format=json&Key=[redacted]');
      expect(text).toContain('q?key=[redacted] failed');
      expect(text).not.toContain('SECRET');
    });
  },
);

describe('the error serializer', () => {
  it('logs a thrown value without a stack or message instead of failing the log call', () => {
    const stackless = Object.assign(new Error('provider down ?sig=SECRET'), { stack: undefined });
    const serialized = serializeErr(stackless);
    expect(serialized.message).toBe('provider down ?sig=[redacted]');
    expect(() => serializeErr({ name: 'Odd' } as Error)).not.toThrow();
  });
});
