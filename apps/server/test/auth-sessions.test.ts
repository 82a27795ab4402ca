import { AUTH_MESSAGES } from '@vr/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVerifiedUser, sessionCookie, signIn } from './auth-support.ts';
import { get, post } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const DAY = 24 * 60 * 60 * 1000;

function advance(ms: number): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

describe.each(testDatabases())('sessions on $name', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    // The defaults, spelled out: 7 days idle, 30 days at most.
    t = await createTestApp(db, { env: { SESSION_IDLE_DAYS: '7', SESSION_MAX_DAYS: '30' } });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const me = (token: string) => get(t.app, '/api/api/user/me', { token });
  // With the page's origin, as a browser sends it.
  const refresh = (cookie: string) =>
    post(t.app, '/api/api/auth/refresh', undefined, { cookie, origin: t.config.PUBLIC_URL });

  it('takes the signed cookie value as a bearer token too, and refuses a forged signature', async () => {
    const { email } = await createVerifiedUser(t.app, t.database.db);
    const session = await signIn(t.app, email);
    const signed = session.cookie.slice(session.cookie.indexOf('=') + 1);
    expect(decodeURIComponent(signed)).toMatch(/^[^.]+\.[A-Za-z0-9+/]+=*$/);
    expect((await me(signed)).statusCode).toBe(200);
    expect((await me(decodeURIComponent(signed))).statusCode).toBe(200);
    const forged = `${session.token}.${Buffer.alloc(32, 7).toString('base64')}`;
    expect((await me(forged)).statusCode).toBe(401);
    expect((await me(`${session.token}.`)).statusCode).toBe(401);
  });

  it('ends a session unused for the idle time', async () => {
    const { email } = await createVerifiedUser(t.app, t.database.db);
    advance(0);
    const session = await signIn(t.app, email);
    advance(7 * DAY - 60_000);
    expect((await me(session.token)).statusCode).toBe(200);
    advance(2 * 60_000);
    const res = await me(session.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MESSAGES.sessionExpired);
    const renewed = await refresh(session.cookie);
    expect(renewed.statusCode).toBe(401);
    expect(String(renewed.headers['set-cookie'])).toContain('vr.session_token=; Max-Age=0');
  });

  it('extends the idle time on refresh, not on API calls', async () => {
    const { email } = await createVerifiedUser(t.app, t.database.db);
    advance(0);
    const first = await signIn(t.app, email);
    const second = await signIn(t.app, email);

    advance(6 * DAY);
    expect((await me(first.token)).statusCode).toBe(200);
    const renewed = await refresh(second.cookie);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().token).toBe(second.token);
    // The cookie is renewed with the session.
    expect(sessionCookie(renewed)).toBeDefined();

    advance(2 * DAY);
    expect((await me(first.token)).statusCode).toBe(401);
    expect((await me(second.token)).statusCode).toBe(200);
  });

  it('ends a session 30 days after sign-in however often it is refreshed', async () => {
    const { email } = await createVerifiedUser(t.app, t.database.db);
    advance(0);
    const session = await signIn(t.app, email);
    for (let day = 6; day < 30; day += 6) {
      advance(6 * DAY);
      const res = await refresh(session.cookie);
      expect(res.statusCode, `day ${day}`).toBe(200);
    }
    advance(6 * DAY); // day 30
    expect((await me(session.token)).statusCode).toBe(401);
    const res = await refresh(session.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(String(res.headers['set-cookie'])).toContain('vr.session_token=; Max-Age=0');
  });

  it('keeps other sessions when one signs out', async () => {
    const { email, token } = await createVerifiedUser(t.app, t.database.db);
    const other = await signIn(t.app, email);
    expect((await post(t.app, '/api/auth/sign-out', {}, { token })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('answers sign-out without a session with success', async () => {
    const res = await post(t.app, '/api/auth/sign-out', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });
});
