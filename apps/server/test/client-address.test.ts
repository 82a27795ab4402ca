import { AUTH_LIMITS } from '@vr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressKey } from '../src/http/client-address.ts';
import { createVerifiedUser, freshEmail, PASSWORD } from './auth-support.ts';
import { get, post } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

/**
 * A client is counted by its address's /64 on IPv6, and as its IPv4 address when it arrives
 * IPv4-mapped, by the budgets kept in the database as by those kept in memory: stepping through
 * one's own /64 buys nothing.
 */

const PLATES_PER_IP = 3;
const DECODES_PER_MINUTE = 4;

describe.each(testDatabases())('per-address budgets on IPv6 on $name', (testDb) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(testDb, {
      slaJob: false,
      env: {
        PLATE_SEARCHES_PER_IP_HOUR: String(PLATES_PER_IP),
        DECODE_RATE_PER_MINUTE: String(DECODES_PER_MINUTE),
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const signUp = (ip: string) =>
    post(t.app, '/api/auth/sign-up/email', { email: freshEmail(), password: PASSWORD }, { ip });

  it('refuses sign-ups from the next address of a /64 once the first has spent the budget', async () => {
    const budget = AUTH_LIMITS.requestsPerIpPerMinute.signUp;
    for (let i = 0; i < budget; i += 1) {
      expect((await signUp(`2001:db8:1:1::${i + 1}`)).statusCode).toBe(200);
    }
    const refused = await signUp('2001:db8:1:1::1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signUp('2001:db8:1:1::ffff')).statusCode).toBe(429);
    expect((await signUp('2001:db8:1:1:abcd:ef01:2345:6789')).statusCode).toBe(429);
    // The next /64 is another client.
    expect((await signUp('2001:db8:1:2::1')).statusCode).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const budget = AUTH_LIMITS.requestsPerIpPerMinute.signUp;
    for (let i = 0; i < budget; i += 1) {
      expect((await signUp('198.51.100.23')).statusCode).toBe(200);
    }
    expect((await signUp('::ffff:198.51.100.23')).statusCode).toBe(429);
    expect((await signUp('198.51.100.24')).statusCode).toBe(200);
  });

  it('refuses plate searches from the same /64 past the hourly budget of an address', async () => {
    const search = async (ip: string) => {
      // A new account each time: only the address's budget is common to them.
      const user = await createVerifiedUser(t.app, t.database.db);
      return get(t.app, '/api/api/license-plate/search/7ABC123/CA', { ip, token: user.token });
    };
    for (let i = 0; i < PLATES_PER_IP; i += 1) {
      expect((await search(`2001:db8:2:1::${i + 1}`)).statusCode).toBe(200);
    }
    expect((await search('2001:db8:2:1::99')).statusCode).toBe(429);
    expect((await search('2001:db8:2:2::1')).statusCode).toBe(200);
  });

  it('counts in-memory budgets by the same /64', async () => {
    const decode = (ip: string) =>
      get(t.app, '/api/vehicles/DecodeVinValues/1HGCM82633A004352?format=json', { ip });
    for (let i = 0; i < DECODES_PER_MINUTE; i += 1) {
      expect((await decode(`2001:db8:3:1::${i + 1}`)).statusCode).toBe(200);
    }
    expect((await decode('2001:db8:3:1::99')).statusCode).toBe(429);
    expect((await decode('2001:db8:3:2::1')).statusCode).toBe(200);
  });
});

describe('the key a client address is counted under', () => {
  const keyed: [string, string][] = [
    ['198.51.100.7', '198.51.100.7'],
    ['2001:DB8:1:1::5', '2001:db8:1:1::'],
    ['2001:db8:1:1:abcd:ef01:2345:6789', '2001:db8:1:1::'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['fe80::1%eth0', 'fe80::'],
    ['Unknown', 'unknown'],
  ];

  it('is the same the second time an address is seen as the first', () => {
    for (const round of [1, 2]) {
      for (const [ip, key] of keyed)
        expect(clientAddressKey(ip), `${ip}, round ${round}`).toBe(key);
    }
  });

  it('takes a string longer than any address as it comes', () => {
    const long = `2001:db8:1:1::5:${'a'.repeat(80)}`;
    expect(clientAddressKey(long)).toBe(long);
    expect(clientAddressKey(long)).toBe(long);
  });
});
