import { LOOKUP_MESSAGES, US_STATES } from '@vr/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCarsxePlateProvider } from '../src/adapters/plates/carsxe-plate-provider.ts';
import type { PlateAnswer, PlateProvider } from '../src/adapters/plates/index.ts';
import { PlateProviderError } from '../src/adapters/plates/index.ts';
import { createSandboxPlateProvider } from '../src/adapters/plates/sandbox-plate-provider.ts';
import { SANDBOX_ERROR_MESSAGE, SANDBOX_PLATES } from '../src/adapters/plates/sandbox-plates.ts';
import type { Db } from '../src/db/client.ts';
import { plateSearches } from '../src/db/schema.ts';
import { ProviderFailedError } from '../src/http/errors.ts';
import { createPlatesService } from '../src/modules/plates/plates.service.ts';
import { createVerifiedUser, freshEmail, type SignedIn } from './auth-support.ts';
import { freshIp, get, post } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { startCarsxeDouble, type CarsxeDouble } from './support/carsxe-double.ts';
import { testDatabases } from './support/databases.ts';

/** Quotas no test of the lookup itself reaches. */
const ROOMY_QUOTAS = { perUserHour: 1000, perIpHour: 1000 };

/** The sandbox, counting what reaches it. */
function countingSandbox() {
  const inner = createSandboxPlateProvider({ slowMs: 50 });
  const calls: string[] = [];
  const provider: PlateProvider = {
    name: 'sandbox',
    lookup: (state, plate, signal) => {
      calls.push(`${state}/${plate}`);
      return inner.lookup(state, plate, signal);
    },
    health: (signal) => inner.health!(signal),
  };
  return { provider, calls };
}

describe.each(testDatabases())('licence plate lookup on $name', (testDb) => {
  let t: TestApp;
  let db: Db;
  let alice: SignedIn;
  const sandbox = countingSandbox();

  beforeAll(async () => {
    t = await createTestApp(testDb, { slaJob: false, plateProvider: sandbox.provider });
    db = t.database.db;
    alice = await createVerifiedUser(t.app, db);
  });
  afterAll(async () => {
    await t.close();
  });

  const search = (plate: string, state: string, token = alice.token) =>
    get(t.app, `/api/api/license-plate/search/${encodeURIComponent(plate)}/${state}`, { token });

  it('finds a demo plate, then answers the repeat from the cache without the provider', async () => {
    const first = await search('7abc123', 'ca');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      found: true,
      vin: '1HGCM82633A004352',
      error: null,
      state: 'CA',
      plateNumber: '7ABC123',
      message: 'Vehicle found',
    });
    const again = await search('7ABC123', 'CA');
    expect(again.json()).toEqual(first.json());
    expect(sandbox.calls.filter((c) => c === 'CA/7ABC123')).toHaveLength(1);
  });

  it('says not found in the product words, and caches that too', async () => {
    const res = await search('NOPE999', 'TX');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      found: false,
      vin: null,
      message: LOOKUP_MESSAGES.plateNotFound,
    });
    expect((await search('NOPE999', 'TX')).json()).toEqual(res.json());
    expect(sandbox.calls.filter((c) => c === 'TX/NOPE999')).toHaveLength(1);
  });

  it('answers a provider failure with 502 and its message, and does not cache it', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await search('ERROR500', 'CA');
      expect(res.statusCode).toBe(502);
      expect(res.headers['retry-after']).toBeUndefined();
      // The search's own shape, exactly: no requestId, nothing of the error shape added.
      expect(res.body).toBe(
        JSON.stringify({
          success: false,
          found: false,
          vin: null,
          error: SANDBOX_ERROR_MESSAGE,
          state: 'CA',
          plateNumber: 'ERROR500',
          message: SANDBOX_ERROR_MESSAGE,
        }),
      );
    }
    expect(sandbox.calls.filter((c) => c === 'CA/ERROR500')).toHaveLength(2);
  });

  it('records every lookup with its user and outcome', async () => {
    const rows = await db
      .select()
      .from(plateSearches)
      .where(eq(plateSearches.userId, alice.userId));
    const outcomes = rows.map((r) => `${r.state}/${r.plate}:${r.outcome}:${r.fromCache}`).sort();
    expect(outcomes).toEqual(
      [
        'CA/7ABC123:found:false',
        'CA/7ABC123:found:true',
        'CA/ERROR500:error:false',
        'CA/ERROR500:error:false',
        'TX/NOPE999:not_found:false',
        'TX/NOPE999:not_found:true',
      ].sort(),
    );
  });

  it('refuses bad plates and states with 400, and answers 401 without a token', async () => {
    for (const [plate, state] of [
      ['TOOLONGPLATE1', 'CA'],
      ['AB*12', 'CA'],
      ['ABC123', 'XX'],
      ['ABC123', 'C'],
    ] as const) {
      const res = await search(plate, state);
      expect(res.statusCode, `${plate}/${state}`).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await get(t.app, '/api/api/license-plate/search/ABC/CA')).statusCode).toBe(401);
  });

  it('lists the 50 states and DC, and reports the provider healthy without a token', async () => {
    const states = (await get(t.app, '/api/api/license-plate/states')).json();
    expect(states.states).toHaveLength(51);
    expect(states.states).toEqual(US_STATES.map((s) => ({ code: s.code, name: s.name })));
    const health = await get(t.app, '/api/api/license-plate/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ success: true, provider: 'sandbox', reachable: true });
  });

  it('shares one provider call between identical lookups in flight, and expires the cache', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const calls: string[] = [];
    const provider: PlateProvider = {
      name: 'counting',
      lookup: async (state, plate): Promise<PlateAnswer> => {
        calls.push(`${state}/${plate}`);
        await new Promise((r) => setTimeout(r, 20));
        return { found: true, vin: '1HGCM82633A004352' };
      },
      health: async () => {},
    };
    const service = createPlatesService({
      db,
      provider,
      cacheDays: 30,
      timeoutMs: 1000,
      quotas: ROOMY_QUOTAS,
      now: () => now,
    });
    const shared = { userId: alice.userId, ip: freshIp(), state: 'OR', plate: 'SHARED1' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => service.search(shared)));
    expect(answers.every((a) => a.vin === '1HGCM82633A004352')).toBe(true);
    expect(calls).toHaveLength(1);
    now = new Date(now.getTime() + 29 * 86_400_000);
    expect((await service.search(shared)).found).toBe(true);
    expect(calls).toHaveLength(1);
    now = new Date(now.getTime() + 2 * 86_400_000);
    expect((await service.search(shared)).found).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('answers 504 when the provider does not answer within the timeout', async () => {
    const hanging: PlateProvider = {
      name: 'hanging',
      lookup: (_state, _plate, signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () =>
            reject(new PlateProviderError('The plate provider did not answer in time.', 'timeout')),
          ),
        ),
      health: async () => {},
    };
    const service = createPlatesService({
      db,
      provider: hanging,
      cacheDays: 30,
      timeoutMs: 50,
      quotas: ROOMY_QUOTAS,
    });
    const search = service.search({
      userId: alice.userId,
      ip: freshIp(),
      state: 'NV',
      plate: 'HANG1',
    });
    await expect(search).rejects.toBeInstanceOf(ProviderFailedError);
    await expect(search).rejects.toMatchObject({
      kind: 'timeout',
      message: 'The plate provider did not answer in time.',
      answer: { success: false, error: 'The plate provider did not answer in time.' },
    });
  });
});

describe.each(testDatabases())('plate provider budget on $name', (testDb) => {
  const adminEmail = freshEmail('admin');
  const VIN = '1HGCM82633A004352';
  let double: CarsxeDouble;
  let t: TestApp;
  let admin: SignedIn;
  let customer: SignedIn;
  /** A second account on the admin's address. */
  let neighbour: SignedIn;

  /** Calls that reached the provider's HTTP API, each one billed. */
  const lookupCalls = () => double.calls.length;
  const search = (who: SignedIn, plate: string, ip: string) =>
    get(t.app, `/api/api/license-plate/search/${plate}/CA`, { token: who.token, ip });

  beforeAll(async () => {
    double = await startCarsxeDouble({
      key: 'good',
      plates: { 'CA/7ABC123': VIN, 'CA/8XYZ789': VIN },
    });
    t = await createTestApp(testDb, {
      slaJob: false,
      // Below its default of 60, so that two accounts spend it in fewer requests.
      env: { ADMIN_EMAILS: adminEmail, PLATE_SEARCHES_PER_IP_HOUR: '40' },
      // The production adapter against a double of the provider's HTTP API, which counts.
      plateProvider: createCarsxePlateProvider({ apiKey: 'good', baseUrl: double.url }),
    });
    admin = await createVerifiedUser(t.app, t.database.db, { email: adminEmail });
    customer = await createVerifiedUser(t.app, t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await double.close();
  });

  it('answers anonymous health checks without a billed call: the provider is not checked', async () => {
    const check = () => get(t.app, '/api/api/license-plate/health');
    const concurrent = await Promise.all(Array.from({ length: 20 }, check));
    const sequential = [];
    for (let i = 0; i < 20; i += 1) sequential.push(await check());
    for (const res of [...concurrent, ...sequential]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        provider: 'carsxe',
        reachable: null,
        message: 'carsxe is not checked: every call to it is billed.',
      });
    }
    expect(double.calls).toHaveLength(0);
  });

  it('asks the provider once for a plate however it is written', async () => {
    const searcher = await createVerifiedUser(t.app, t.database.db);
    const before = lookupCalls();
    const answers = [];
    for (const written of ['8 XYZ-789', '8xyz789', '8.xyz.789', ' 8XYZ789 ']) {
      answers.push(await search(searcher, encodeURIComponent(written), freshIp()));
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ found: true, vin: VIN, plateNumber: '8XYZ789' });
    }
    expect(lookupCalls() - before).toBe(1);
    expect(double.calls.at(-1)?.get('plate')).toBe('8XYZ789');
  });

  it('stops a user with no credits at 30 provider calls for 100 plates, then answers 429 with Retry-After', async () => {
    const credit = await get(t.app, '/api/api/user/credit', { token: customer.token });
    expect(credit.json().creditBalance).toBe(0);
    const before = lookupCalls();
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 100; i += 1) answers.push(await search(customer, `Q${1000 + i}`, ip));
    expect(answers.slice(0, 30).map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    expect(answers.slice(30).map((r) => r.statusCode)).toEqual(Array(70).fill(429));
    expect(lookupCalls() - before).toBe(30);
    const recorded = await t.database.db
      .select()
      .from(plateSearches)
      .where(eq(plateSearches.userId, customer.userId));
    expect(recorded).toHaveLength(30);
    const refused = answers[99]!;
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({
      message: LOOKUP_MESSAGES.plateUserQuota(30, wait),
      retryAfterSeconds: wait,
    });
    expect(refused.json().message).toMatch(/limit of 30 plate searches an hour .*try again in/);
    // The quota is the account's, from any address.
    expect((await search(customer, 'Q2000', freshIp())).statusCode).toBe(429);
    expect(lookupCalls() - before).toBe(30);
  });

  it('caps one address at its hourly quota over all its accounts, cache hits included', async () => {
    const ip = freshIp();
    const before = lookupCalls();
    neighbour = await createVerifiedUser(t.app, t.database.db);
    for (const who of [admin, neighbour]) {
      for (let i = 0; i < 20; i += 1) {
        const res = await search(who, '7ABC123', ip);
        expect(res.statusCode).toBe(200);
        expect(res.json().vin).toBe(VIN);
      }
    }
    expect(lookupCalls() - before).toBe(1);
    const refused = await search(admin, '7ABC123', ip);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(refused.json().message).toBe(LOOKUP_MESSAGES.plateIpQuota(40, wait));
    const tryout = await post(
      t.app,
      '/api/api/admin/tryout',
      { vin: '', vehicle: 'CA/7ABC123', email: 'lead@example.com' },
      { token: admin.token, ip },
    );
    expect(tryout.statusCode).toBe(429);
    expect(tryout.headers['retry-after']).toBeDefined();
    // The same accounts elsewhere still search: the address is what is spent.
    expect((await search(admin, '7ABC123', freshIp())).statusCode).toBe(200);
  });

  it('lists recent plate searches with their user to an admin only, newest first', async () => {
    const ip = freshIp();
    const searcher = neighbour;
    await search(searcher, '7ABC123', ip);
    await search(searcher, 'NEWONE1', ip);
    const list = (query: string, token?: string) =>
      get(t.app, `/api/api/admin/plate-searches${query}`, { token });
    expect((await list('')).statusCode).toBe(401);
    expect((await list('', customer.token)).statusCode).toBe(403);

    const res = await list('?page=1&size=2', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.pagination).toMatchObject({ current: 1, size: 2 });
    expect(body.pagination.pages).toBe(Math.ceil(body.pagination.total / 2));
    const rows = body.data as { plate: string; createdAt: string }[];
    expect(rows.map((r) => r.plate).sort()).toEqual(['7ABC123', 'NEWONE1']);
    expect(rows).toContainEqual({
      id: expect.any(String),
      userId: searcher.userId,
      userEmail: searcher.email,
      state: 'CA',
      plate: '7ABC123',
      outcome: 'found',
      vin: VIN,
      fromCache: true,
      error: null,
      createdAt: expect.any(String),
    });
    expect(rows).toContainEqual(
      expect.objectContaining({ plate: 'NEWONE1', outcome: 'not_found', fromCache: false }),
    );

    const all = (await list('?page=1&size=100', admin.token)).json();
    expect(all.pagination.total).toBe(body.pagination.total);
    const times = all.data.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const next = (await list('?page=2&size=2', admin.token)).json();
    expect(next.data).toEqual(all.data.slice(2, 4));
  });

  it('counts the quota over the hour and asks the provider for health once a minute (clock injected)', async () => {
    let now = new Date(Date.now() + 7 * 86_400_000);
    const counting = countingSandbox();
    let healthy = true;
    const provider: PlateProvider = {
      ...counting.provider,
      health: async (signal) => {
        counting.calls.push('health');
        if (!healthy)
          throw new PlateProviderError('The plate provider failed (503).', 'unavailable');
        return counting.provider.health!(signal);
      },
    };
    const service = createPlatesService({
      db: t.database.db,
      provider,
      cacheDays: 30,
      timeoutMs: 1000,
      quotas: { perUserHour: 2, perIpHour: 100 },
      now: () => now,
    });
    const lookup = (plate: string) =>
      service.search({ userId: admin.userId, ip: freshIp(), state: 'TX', plate });
    await lookup('HOUR1');
    now = new Date(now.getTime() + 10 * 60_000);
    await lookup('HOUR2');
    now = new Date(now.getTime() + 40 * 60_000);
    await expect(lookup('HOUR3')).rejects.toMatchObject({
      statusCode: 429,
      retryAfterSeconds: 600,
    });
    now = new Date(now.getTime() + 10 * 60_000);
    expect((await lookup('HOUR3')).success).toBe(true);

    const healthChecks = () => counting.calls.filter((c) => c === 'health').length;
    expect(await service.health()).toMatchObject({ reachable: true });
    now = new Date(now.getTime() + 59_000);
    await service.health();
    expect(healthChecks()).toBe(1);
    healthy = false;
    now = new Date(now.getTime() + 1_000);
    expect(await service.health()).toEqual({
      reachable: false,
      message: 'The plate provider failed (503).',
    });
    now = new Date(now.getTime() + 30_000);
    expect((await service.health()).reachable).toBe(false);
    expect(healthChecks()).toBe(2);
  });
});

describe('sandbox demo plates', () => {
  it('decode cleanly: every demo VIN is a real VIN of the offline data', async () => {
    const t = await createTestApp(testDatabases()[0]!, { slaJob: false });
    try {
      for (const demo of SANDBOX_PLATES.filter((p) => p.vin)) {
        const res = await get(t.app, `/api/vehicles/DecodeVinValues/${demo.vin}?format=json`);
        const result = res.json().Results[0];
        expect(result.ErrorCode, demo.plate).toBe('0');
        expect(`${result.ModelYear} ${result.Make}`.toLowerCase()).toBe(
          demo.vehicle.split(' ').slice(0, 2).join(' ').toLowerCase(),
        );
      }
    } finally {
      await t.close();
    }
  });
});

describe('CarsXE adapter against a local double of its API', () => {
  it('finds, does not find, and maps a bad key, a 5xx and a hang to provider errors', async () => {
    const double = await startCarsxeDouble({
      key: 'good',
      plates: { 'CA/7ABC123': '1HGCM82633A004352' },
    });
    try {
      const provider = createCarsxePlateProvider({ apiKey: 'good', baseUrl: double.url });
      const signal = () => AbortSignal.timeout(2000);
      expect(await provider.lookup('CA', '7ABC123', signal())).toEqual({
        found: true,
        vin: '1HGCM82633A004352',
      });
      expect(Object.fromEntries(double.calls[0]!)).toMatchObject({
        key: 'good',
        plate: '7ABC123',
        state: 'CA',
        country: 'US',
      });
      expect(await provider.lookup('CA', 'UNKNOWN', signal())).toEqual({ found: false });
      const badKey = createCarsxePlateProvider({ apiKey: 'bad', baseUrl: double.url });
      await expect(badKey.lookup('CA', '7ABC123', signal())).rejects.toMatchObject({
        kind: 'rejected',
      });
    } finally {
      await double.close();
    }
    const failing = await startCarsxeDouble({ key: 'good', plates: {}, failWith: 503 });
    try {
      const provider = createCarsxePlateProvider({ apiKey: 'good', baseUrl: failing.url });
      await expect(provider.lookup('CA', 'X1', AbortSignal.timeout(2000))).rejects.toMatchObject({
        kind: 'unavailable',
      });
    } finally {
      await failing.close();
    }
    const hanging = await startCarsxeDouble({ key: 'good', plates: {}, hang: true });
    try {
      const provider = createCarsxePlateProvider({ apiKey: 'good', baseUrl: hanging.url });
      await expect(provider.lookup('CA', 'X1', AbortSignal.timeout(100))).rejects.toMatchObject({
        kind: 'timeout',
      });
    } finally {
      await hanging.close();
    }
  });
});
