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
import { createPlateService } from '../src/modules/plates/plates.service.ts';
import { createVerifiedUser, get, type SignedIn } from './auth-support.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { startCarsxeDouble } from './support/carsxe-double.ts';
import { testDatabases } from './support/databases.ts';

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
    health: (signal) => inner.health(signal),
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
      cached: false,
    });
    const again = await search('7ABC123', 'CA');
    expect(again.json()).toMatchObject({ found: true, vin: '1HGCM82633A004352', cached: true });
    expect(sandbox.calls.filter((c) => c === 'CA/7ABC123')).toHaveLength(1);
  });

  it('says not found in the spec words, and caches that too', async () => {
    const res = await search('NOPE999', 'TX');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      found: false,
      vin: null,
      message: LOOKUP_MESSAGES.plateNotFound,
    });
    expect((await search('NOPE999', 'TX')).json().cached).toBe(true);
    expect(sandbox.calls.filter((c) => c === 'TX/NOPE999')).toHaveLength(1);
  });

  it('answers a provider failure with 502 and its message, and does not cache it', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await search('ERROR500', 'CA');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        success: false,
        found: false,
        error: SANDBOX_ERROR_MESSAGE,
        cached: false,
      });
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
    const service = createPlateService({
      db,
      provider,
      cacheDays: 30,
      timeoutMs: 1000,
      now: () => now,
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        service.search({ userId: null, state: 'OR', plate: 'SHARED1' }),
      ),
    );
    expect(answers.every((a) => a.body.vin === '1HGCM82633A004352')).toBe(true);
    expect(calls).toHaveLength(1);
    now = new Date(now.getTime() + 29 * 86_400_000);
    expect(
      (await service.search({ userId: null, state: 'OR', plate: 'SHARED1' })).body.cached,
    ).toBe(true);
    now = new Date(now.getTime() + 2 * 86_400_000);
    expect(
      (await service.search({ userId: null, state: 'OR', plate: 'SHARED1' })).body.cached,
    ).toBe(false);
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
    const service = createPlateService({ db, provider: hanging, cacheDays: 30, timeoutMs: 50 });
    const outcome = await service.search({ userId: alice.userId, state: 'NV', plate: 'HANG1' });
    expect(outcome.status).toBe(504);
    expect(outcome.body).toMatchObject({
      success: false,
      error: 'The plate provider did not answer in time.',
    });
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
