import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

describe.each(testDatabases())('platform on $name', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports health ok while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the seeded credit catalog with server-decided prices', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/api/stripe-credit/credit-packages',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(
      body.packages.map((p: { creditAmount: number; amount: number }) => [
        p.creditAmount,
        p.amount,
      ]),
    ).toEqual([
      [1, 800],
      [3, 1500],
      [5, 2400],
      [10, 4500],
      [25, 9500],
      [100, 35000],
    ]);
    expect(body.packages[0]).toMatchObject({
      packageId: 'credits_1',
      currency: 'usd',
      priceDisplay: '$8.00',
    });
  });

  it('answers unknown API paths with JSON 404', async () => {
    for (const url of ['/api/api/nope', '/api/whatever', '/api/api/health/extra']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('matches paths case-insensitively, as vPIC does', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/vehicles/decodevinvalues/1HGCM82633A004352?format=json',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().Results[0].Model).toBe('Accord');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it("serves the API docs under the app's own Content-Security-Policy", async () => {
    const policy = (await t.app.inject({ method: 'GET', url: '/api/api/health' })).headers[
      'content-security-policy'
    ];
    for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(400);
      expect(res.headers['content-security-policy'], url).toBe(policy);
    }
    // Swagger UI's validator badge would load an image from another origin.
    const initializer = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.body).toContain('"validatorUrl":null');
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/api/health', '/api/api/stripe-credit/credit-packages']),
    );
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vehicles/DecodeVINValuesBatch/',
      headers: { 'content-type': 'application/json' },
      payload: '{"DATA":',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it.runIf(db.name === 'pglite')(
    'answers liveness without queuing behind a transaction that holds the embedded database',
    async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const holding = new Promise<void>((resolve) => (started = resolve));
      // The embedded database answers a moment before the transaction takes it.
      await t.database.executeSql('select 1');
      const transaction = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        started();
        await held;
      });
      await holding;
      // Before, the probe asked again, and its query waited for the transaction: this answer
      // never came.
      const health = await t.app.inject({ method: 'GET', url: '/api/api/health' });
      release();
      await transaction;
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
    },
  );

  it('reports 503 with a message once the database is gone', async () => {
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', message: 'Database unavailable' });
  });
});
