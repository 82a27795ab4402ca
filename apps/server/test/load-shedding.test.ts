import { API_MESSAGES } from '@vr/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { get } from './support/requests.ts';
import { testConfig, testDecoder } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const CATALOG = '/api/api/stripe-credit/credit-packages';

describe.each(testDatabases())('an overloaded instance on $name', (testDb) => {
  let database: Database;
  let waiting = 0;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const config = testConfig({ DATABASE_QUEUE_MAX: '100' });
    database = await testDb.open();
    app = await buildApp({
      config,
      // The pool's queue as the shedding sees it, set by the test.
      database: { ...database, waitingForConnection: () => waiting },
      adapters: { decoder: await testDecoder(config) },
      workers: { slaRefunds: false },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers API requests 503 with Retry-After while DATABASE_QUEUE_MAX queries wait', async () => {
    waiting = 99;
    expect((await get(app, CATALOG)).statusCode).toBe(200);
    waiting = 100;
    const shed = await get(app, CATALOG);
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.json()).toEqual({
      message: API_MESSAGES.overloaded,
      requestId: shed.headers['x-request-id'],
    });
    expect(shed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    waiting = 0;
    expect((await get(app, CATALOG)).statusCode).toBe(200);
  });

  it('sheds a path the router matches whatever its case, as it sheds the path itself', async () => {
    waiting = 0;
    expect((await get(app, CATALOG.toUpperCase())).statusCode).toBe(200);
    waiting = 100;
    for (const url of [CATALOG.toUpperCase(), '/Api/aPi/stripe-credit/credit-packages']) {
      const shed = await get(app, url);
      expect(shed.statusCode, url).toBe(503);
      expect(shed.headers['retry-after'], url).toBe('1');
    }
    waiting = 0;
  });
});

describe.each(testDatabases().filter((db) => db.name === 'postgres'))(
  'a pool that stays busy on $name',
  (testDb) => {
    let database: Database;
    let app: Awaited<ReturnType<typeof buildApp>>;

    beforeAll(async () => {
      const config = testConfig();
      database = await testDb.open({ poolMax: 1, connectionWaitMs: 300 });
      app = await buildApp({
        config,
        database,
        adapters: { decoder: await testDecoder(config) },
        workers: { slaRefunds: false },
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('answers 503 with Retry-After when no connection frees up in time, then recovers', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const holding = new Promise<void>((resolve) => (started = resolve));
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        started();
        await held;
      });
      await holding;
      const catalog = await get(app, CATALOG);
      const health = await get(app, '/api/api/health');
      release();
      await transaction;
      expect(catalog.statusCode).toBe(503);
      expect(catalog.headers['retry-after']).toBe('1');
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('1');
      expect((await get(app, CATALOG)).statusCode).toBe(200);
    });
  },
);
