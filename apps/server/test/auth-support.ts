import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { outbox } from '../src/db/schema.ts';
import { settleJobs } from './support/jobs.ts';
import { freshIp, post } from './support/requests.ts';

/** Helpers of the auth suites: requests as a browser makes them, and the mailed codes. */

export const PASSWORD = 'Str0ng!pass';
export const OTHER_PASSWORD = 'An0ther#pass';

let emailCounter = 0;
export function freshEmail(label = 'user'): string {
  emailCounter += 1;
  return `${label}.${process.pid}.${emailCounter}@example.com`;
}

/** The newest mail to `to` in the outbox, once the mails queued so far are delivered. */
export async function lastMail(db: Db, to: string) {
  await settleJobs(db);
  const [row] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) throw new Error(`no mail to ${to} in the outbox`);
  return row;
}

export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no 6-digit code in: ${text}`);
  return match[1];
}

export async function lastCode(db: Db, to: string): Promise<string> {
  return codeIn((await lastMail(db, to)).text);
}

/** A code that is not `code`. */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** The `name=value` of the session cookie a response set, for sending it back. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = list.find((c) => c.includes('session_token='));
  return cookie?.split(';')[0];
}

export interface SignedIn {
  email: string;
  token: string;
  cookie: string;
  userId: string;
}

/** Registers, verifies with the mailed code (which signs in) and returns the session. */
export async function createVerifiedUser(
  app: FastifyInstance,
  db: Db,
  options: { email?: string; password?: string; fullName?: string } = {},
): Promise<SignedIn> {
  const email = options.email ?? freshEmail();
  const password = options.password ?? PASSWORD;
  const signUp = await post(app, '/api/auth/sign-up/email', {
    email,
    password,
    ...(options.fullName !== undefined ? { fullName: options.fullName } : {}),
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up: ${signUp.statusCode} ${signUp.body}`);
  const otp = await lastCode(db, email);
  const verify = await post(app, '/api/auth/email-otp/verify-email', { email, otp, password });
  if (verify.statusCode !== 200) throw new Error(`verify: ${verify.statusCode} ${verify.body}`);
  const body = verify.json();
  return { email, token: body.token, cookie: sessionCookie(verify) ?? '', userId: body.user.id };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  ip?: string,
): Promise<SignedIn> {
  const res = await post(
    app,
    '/api/auth/sign-in/email',
    { email, password },
    { ip: ip ?? freshIp() },
  );
  if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { email, token: body.token, cookie: sessionCookie(res) ?? '', userId: body.user.id };
}
