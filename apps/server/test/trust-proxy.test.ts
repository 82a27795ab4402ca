import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.ts';
import { fastifyTrustProxy, TRUST_PROXY_TRUE_MESSAGE } from '../src/trust-proxy.ts';
import { createVerifiedUser, freshEmail, PASSWORD } from './auth-support.ts';
import { freshIp, post } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

/**
 * The client address that per-address limits count is whatever TRUST_PROXY lets the proxies in
 * front write: a client must not choose it, and clients behind one proxy must not share it.
 */

/** The address the server sees for a request from `socket` carrying `forwardedFor`. */
async function clientAddressSeen(trustProxy: string, socket: string, forwardedFor?: string) {
  const app = Fastify({
    trustProxy: fastifyTrustProxy(parseConfig({ TRUST_PROXY: trustProxy }).TRUST_PROXY),
  });
  app.get('/', (request) => request.ip);
  const res = await app.inject({
    url: '/',
    remoteAddress: socket,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  await app.close();
  return res.body;
}

describe('TRUST_PROXY', () => {
  it('refuses true at boot, saying what to set instead', () => {
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(
      `Invalid TRUST_PROXY: ${TRUST_PROXY_TRUE_MESSAGE}`,
    );
    expect(() => parseConfig({ TRUST_PROXY: '0' })).toThrow(/^Invalid TRUST_PROXY: a hop count/);
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      /^Invalid TRUST_PROXY: "10.0.0.0\/33" is not/,
    );
    expect(() => parseConfig({ TRUST_PROXY: 'yes' })).toThrow(/^Invalid TRUST_PROXY/);
  });

  it('ignores X-Forwarded-For unless told to', async () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(await clientAddressSeen('false', '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });

  it('with a hop count, takes the address the last proxy appended, not what the client wrote', async () => {
    expect(parseConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(await clientAddressSeen('1', '10.0.0.2', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await clientAddressSeen('2', '10.0.0.2', '6.6.6.6, 198.51.100.7, 10.0.0.3')).toBe(
      '198.51.100.7',
    );
  });

  it('with loopback or CIDR ranges, believes only hops from those addresses', async () => {
    const ranges = '127.0.0.1, 10.0.0.0/8, fd00::/8';
    expect(parseConfig({ TRUST_PROXY: ranges }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    expect(await clientAddressSeen(ranges, '127.0.0.1', '6.6.6.6, 198.51.100.7, 10.1.2.3')).toBe(
      '198.51.100.7',
    );
    // A client connecting directly, not through a trusted proxy, is its own address.
    expect(await clientAddressSeen(ranges, '203.0.113.9', '198.51.100.7')).toBe('203.0.113.9');
    expect(await clientAddressSeen('loopback', '127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
  });

  it('keeps its verdicts per address: the same hops give the same client again and again', async () => {
    const app = Fastify({
      trustProxy: fastifyTrustProxy(parseConfig({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY),
    });
    app.get('/', (request) => request.ip);
    const seen = async (socket: string, forwardedFor: string) =>
      (
        await app.inject({
          url: '/',
          remoteAddress: socket,
          headers: { 'x-forwarded-for': forwardedFor },
        })
      ).body;
    for (const round of [1, 2, 3]) {
      expect(await seen('10.0.0.2', '198.51.100.7'), `round ${round}`).toBe('198.51.100.7');
      // The client's own address is no proxy, whatever it claims to have forwarded.
      expect(await seen('198.51.100.7', '10.0.0.2'), `round ${round}`).toBe('198.51.100.7');
      // A second proxy of the range is believed too; the nearest address outside it is the client.
      expect(await seen('10.0.0.2', '6.6.6.6, 10.9.9.9'), `round ${round}`).toBe('6.6.6.6');
      expect(await seen('10.0.0.2', '6.6.6.6, 198.51.100.9'), `round ${round}`).toBe(
        '198.51.100.9',
      );
    }
    await app.close();
  });
});

describe.each(testDatabases())('sign-in limits behind one proxy on $name', (testDb) => {
  let t: TestApp;

  beforeAll(async () => {
    // One proxy in front; the test's requests come from its address (inject's 127.0.0.1).
    t = await createTestApp(testDb, { slaJob: false, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts a client rotating X-Forwarded-For as one address, and not its neighbour', async () => {
    const neighbour = await createVerifiedUser(t.app, t.database.db);
    const attacker = '198.51.100.66';
    const statuses: number[] = [];
    for (let i = 0; i < 25 && !statuses.includes(429); i += 1) {
      // The client writes any address it likes; the proxy appends the one it connected from.
      const res = await post(
        t.app,
        '/api/auth/sign-in/email',
        { email: freshEmail('nobody'), password: PASSWORD },
        { ip: `${freshIp()}, ${attacker}` },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([401]));

    const signIn = await post(
      t.app,
      '/api/auth/sign-in/email',
      { email: neighbour.email, password: PASSWORD },
      { ip: '198.51.100.67' },
    );
    expect(signIn.statusCode).toBe(200);
  });
});
