import { AUTH_MESSAGES } from '@vr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, createVerifiedUser, freshEmail, lastCode } from './auth-support.ts';
import { freshIp, post } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const BODY_ROUTES = [
  '/api/auth/sign-up/email',
  '/api/auth/email-otp/verify-email',
  '/api/auth/email-otp/send-verification-otp',
  '/api/auth/sign-in/email',
  '/api/auth/email-otp/request-password-reset',
  '/api/auth/email-otp/reset-password',
  '/api/api/delete-unverified-user',
];

const long = 'a'.repeat(10_000);

/** Bodies no endpoint accepts. */
const BAD_BODIES: unknown[] = [
  {},
  null,
  [],
  [{ email: 'a@b.co' }],
  'a@b.co',
  42,
  true,
  { email: null, password: null, otp: null },
  { email: 42, password: 42, otp: 42 },
  { email: ['a@b.co'], password: ['x'], otp: ['123456'] },
  { email: { $ne: '' }, password: { $gt: '' }, otp: { toString: 1 } },
  { email: '', password: '', otp: '' },
  { email: '   ', password: ' ', otp: '      ' },
  { email: 'not-an-email', password: PASSWORD, otp: '123456' },
  { email: 'a@b', password: PASSWORD, otp: '123456' },
  { email: `${long}@example.com`, password: PASSWORD, otp: '123456' },
  { email: 'a@b.co\u0000', password: PASSWORD, otp: '123456' },
  { email: 'a\u0000@b.co', password: PASSWORD, otp: '123456' },
  { email: 'é@ü.example', password: PASSWORD, otp: '123456' },
  { __proto__: { admin: true }, constructor: { prototype: { role: 'ADMIN' } } },
];

/** Bodies with a valid e-mail and one bad field, per route. */
const FIELD_BODIES: Record<string, unknown[]> = {
  '/api/auth/sign-up/email': [
    { email: 'a@b.co', password: long },
    { email: 'a@b.co', password: 'short' },
    { email: 'a@b.co', password: 42 },
    { email: 'a@b.co', password: PASSWORD, fullName: long },
    { email: 'a@b.co', password: PASSWORD, fullName: 42 },
  ],
  '/api/auth/email-otp/verify-email': [
    { email: 'a@b.co', otp: '12345a', password: PASSWORD },
    { email: 'a@b.co', otp: '1234567', password: PASSWORD },
    { email: 'a@b.co', otp: 123456, password: PASSWORD },
    { email: 'a@b.co', otp: long, password: PASSWORD },
    { email: 'a@b.co', otp: '123456' },
    { email: 'a@b.co', otp: '123456', password: long },
    { email: 'a@b.co', otp: '123456', password: { $ne: 1 } },
  ],
  '/api/auth/email-otp/send-verification-otp': [
    { email: 'a@b.co' },
    { email: 'a@b.co', password: '' },
    { email: 'a@b.co', password: long },
  ],
  '/api/auth/sign-in/email': [
    { email: 'a@b.co', password: '' },
    { email: 'a@b.co', password: long },
    { email: 'a@b.co', password: { $ne: 1 } },
    { email: 'a@b.co', password: PASSWORD, otp: '12345a' },
    { email: 'a@b.co', password: PASSWORD, otp: 123456 },
  ],
  '/api/auth/email-otp/reset-password': [
    { email: 'a@b.co', otp: '123456', password: 'weak' },
    { email: 'a@b.co', otp: 'abcdef', password: PASSWORD },
    { email: 'a@b.co', otp: '123456' },
  ],
};

const RAW_BODIES: { contentType: string; payload: string }[] = [
  { contentType: 'application/json', payload: '{"email":' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{"email":"a@b.co","__proto__":{"x":1}}' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'text/plain', payload: 'email=a@b.co' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'email=a%40b.co&password=x' },
  { contentType: 'application/json', payload: `{"email":"${'x'.repeat(1_100_000)}"}` },
];

describe.each(testDatabases())('bad input on $name', (db) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(db);
    token = (await createVerifiedUser(t.app, t.database.db)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every malformed body with a 4xx and a message, never a 5xx', async () => {
    for (const url of BODY_ROUTES) {
      for (const body of [...BAD_BODIES, ...(FIELD_BODIES[url] ?? [])]) {
        const res = await post(t.app, url, body);
        const label = `${url} ${JSON.stringify(body)?.slice(0, 80)}`;
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, label).toBeLessThan(500);
        expect(typeof res.json().message, label).toBe('string');
      }
      for (const raw of RAW_BODIES) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': raw.contentType, 'x-forwarded-for': freshIp() },
          payload: raw.payload,
        });
        const label = `${url} ${raw.contentType} ${raw.payload.slice(0, 40)}`;
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, label).toBeLessThan(500);
        expect(typeof res.json().message, label).toBe('string');
      }
    }
  });

  it('names the field and uses the product texts for bad e-mails, passwords and codes', async () => {
    const invalid = await post(t.app, '/api/auth/sign-up/email', {
      email: 'nope',
      password: PASSWORD,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      code: 'INVALID_EMAIL',
      message: AUTH_MESSAGES.invalidEmail,
      field: 'email',
    });
    const noEmail = await post(t.app, '/api/auth/sign-in/email', { password: PASSWORD });
    expect(noEmail.json()).toMatchObject({ message: AUTH_MESSAGES.emailRequired, field: 'email' });
    const noPassword = await post(t.app, '/api/auth/sign-in/email', { email: freshEmail() });
    expect(noPassword.json()).toMatchObject({
      message: AUTH_MESSAGES.passwordRequired,
      field: 'password',
    });
    const code = await post(t.app, '/api/auth/email-otp/verify-email', {
      email: freshEmail(),
      otp: '12 34',
    });
    expect(code.json()).toMatchObject({ message: AUTH_MESSAGES.codeFormat, field: 'otp' });
    const noCode = await post(t.app, '/api/auth/email-otp/verify-email', { email: freshEmail() });
    expect(noCode.json()).toMatchObject({ message: AUTH_MESSAGES.codeRequired, field: 'otp' });
  });

  it('accepts a code with surrounding spaces and an e-mail in any case', async () => {
    const email = freshEmail();
    await post(t.app, '/api/auth/sign-up/email', {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    const otp = await lastCode(t.database.db, email);
    const res = await post(t.app, '/api/auth/email-otp/verify-email', {
      email: ` ${email.toUpperCase()}`,
      otp: ` ${otp} `,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
  });

  it('answers bad tokens, cookies and bodies of the signed-in routes with a 4xx', async () => {
    const headersList: Record<string, string>[] = [
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' },
      { authorization: 'Bearer a.b.c' },
      { authorization: 'Bearer %%%' },
      { authorization: `Bearer ${'z'.repeat(8000)}` },
      { authorization: 'bearer x y' },
      { authorization: 'Token abc' },
      { cookie: 'vr.session_token=forged.value', origin: t.config.PUBLIC_URL },
    ];
    for (const headers of headersList) {
      for (const [method, url] of [
        ['GET', '/api/api/user/me'],
        ['POST', '/api/api/register'],
        ['GET', '/api/api/admin/users'],
        ['POST', '/api/api/auth/refresh'],
      ] as const) {
        const res = await t.app.inject({ method, url, headers });
        const label = `${method} ${url} ${JSON.stringify(headers).slice(0, 60)}`;
        expect(res.statusCode, label).toBe(401);
        expect(typeof res.json().message, label).toBe('string');
      }
    }
    for (const payload of ['[]', '"x"', '{"email":', '42']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/api/register',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error, payload).toEqual(expect.any(String));
    }
  });
});
