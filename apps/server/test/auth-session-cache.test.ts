import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { authSessions } from '../src/db/schema.ts';
import { createVerifiedUser, signIn } from './auth-support.ts';
import { get, post } from './support/requests.ts';
import { createTestApp, testDecoder, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const DAY = 24 * 60 * 60 * 1000;
const CACHE_SECONDS = 3;

/** The clock every instance reads (Date), moved by the test: by order, never by waiting. */
function advance(ms: number): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

describe.each(testDatabases())('bearer sessions cached per instance on $name', (testDb) => {
  // Two instances on one database, as behind a load balancer.
  let t: TestApp;
  let here: FastifyInstance;
  let there: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(testDb, {
      env: {
        SESSION_CACHE_SECONDS: String(CACHE_SECONDS),
        SESSION_IDLE_DAYS: '7',
        SESSION_MAX_DAYS: '30',
      },
    });
    here = t.app;
    there = await buildApp({
      config: t.config,
      database: t.database,
      adapters: { decoder: await testDecoder(t.config) },
      workers: { slaRefunds: false, reports: false },
    });
    await there.ready();
  });
  afterAll(async () => {
    await there.close();
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const me = (app: FastifyInstance, token: string) => get(app, '/api/api/user/me', { token });

  it('a session signed out on one instance stops there at once and on the other within SESSION_CACHE_SECONDS', async () => {
    const { token } = await createVerifiedUser(here, t.database.db);
    advance(0);
    expect((await me(here, token)).statusCode).toBe(200);
    expect((await me(there, token)).statusCode).toBe(200);

    expect((await post(here, '/api/auth/sign-out', {}, { token })).statusCode).toBe(200);
    // The instance that signed it out forgets it at once ...
    expect((await me(here, token)).statusCode).toBe(401);
    // ... the other still trusts what it read a moment ago ...
    expect((await me(there, token)).statusCode).toBe(200);
    advance(CACHE_SECONDS * 1000 - 1);
    expect((await me(there, token)).statusCode).toBe(200);
    // ... and no longer.
    advance(1);
    const ended = await me(there, token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('every session ended by the operator (every session row deleted) stops working everywhere within it', async () => {
    const first = await createVerifiedUser(here, t.database.db);
    const second = await createVerifiedUser(here, t.database.db);
    advance(0);
    for (const app of [here, there]) {
      for (const { token } of [first, second]) expect((await me(app, token)).statusCode).toBe(200);
    }
    await t.database.db.delete(authSessions);
    advance(CACHE_SECONDS * 1000);
    for (const app of [here, there]) {
      for (const { token } of [first, second]) expect((await me(app, token)).statusCode).toBe(401);
    }
  });

  it('never keeps a session past its own end', async () => {
    const { email } = await createVerifiedUser(here, t.database.db);
    advance(0);
    const { token } = await signIn(here, email);
    // A second before the idle expiry: read, and kept for at most that second, not CACHE_SECONDS.
    advance(7 * DAY - 1000);
    expect((await me(there, token)).statusCode).toBe(200);
    advance(999);
    expect((await me(there, token)).statusCode).toBe(200);
    advance(1);
    expect((await me(there, token)).statusCode).toBe(401);
  });

  it('takes no other token for one it keeps', async () => {
    const { token } = await createVerifiedUser(here, t.database.db);
    advance(0);
    expect((await me(there, token)).statusCode).toBe(200);
    // Another last character (a token that already ends in x would otherwise stay itself).
    const other = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    expect((await me(there, other)).statusCode).toBe(401);
  });
});
