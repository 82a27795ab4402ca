import { AsyncLocalStorage } from 'node:async_hooks';
import { AUTH_LIMITS, AUTH_MESSAGES, isStrongPassword } from '@vr/contracts';
import { betterAuth, type BetterAuthPlugin } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthEndpoint, createAuthMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { bearer, emailOTP } from 'better-auth/plugins';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { IPV6_CLIENT_PREFIX } from '../../http/client-address.ts';
import { enqueueMail } from '../../jobs/mail-delivery.ts';
import {
  authAccounts,
  authRateLimits,
  authSessions,
  authUsers,
  authVerifications,
} from '../../db/schema.ts';
import { codeMail } from './auth.mails.ts';
import type { AuthLog } from './flow-deps.ts';
import type { PasswordHasher } from './pending-registrations.ts';

/** Where better-auth's handler lives; only the routes of auth.routes.ts reach it. */
export const AUTH_BASE_PATH = '/api/auth';
/**
 * The client address as Fastify resolved it, set by the forwarder on every request it hands to
 * better-auth (a client-sent copy is never forwarded): better-auth's rate limiter keys on it.
 */
export const CLIENT_IP_HEADER = 'x-vr-client-ip';

const DAY_S = 24 * 60 * 60;

/**
 * better-auth logs and swallows a failure of `sendVerificationOTP`; a call that mails a code runs
 * inside `codeMailOutcome.run({ failed: false }, ...)` to learn whether the mail was queued.
 */
export const codeMailOutcome = new AsyncLocalStorage<{ failed: boolean }>();

const PASSWORD_SETTING_PATHS = new Set([
  '/sign-up/email',
  '/email-otp/reset-password',
  '/reset-password',
  '/change-password',
  '/set-password',
]);

export interface AuthInstanceOptions {
  config: Config;
  db: Db;
  jobs: JobSender;
  secret: string;
  log: AuthLog;
}

/**
 * better-auth configured for this product: e-mail + password with required verification by a
 * 6-digit code (also used for password resets), bearer tokens, database-backed rate limiting.
 */
export function createAuthInstance({ config, db, jobs, secret, log }: AuthInstanceOptions) {
  const idleSeconds = config.SESSION_IDLE_DAYS * DAY_S;
  return betterAuth({
    appName: config.PRODUCT_NAME,
    baseURL: config.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: trustedOrigins(config.PUBLIC_URL),
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        rateLimit: authRateLimits,
      },
    }),
    user: {
      additionalFields: {
        givenName: { type: 'string', required: false, input: true },
        familyName: { type: 'string', required: false, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: AUTH_LIMITS.passwordMinLength,
      maxPasswordLength: AUTH_LIMITS.passwordMaxLength,
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      // Sign-ups wait in pending_registrations (pending-registrations.ts) and become accounts already
      // verified; better-auth never mails a verification of its own.
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
    },
    session: {
      // Idle expiry: a session unused (not refreshed) this long ends. The absolute expiry
      // (SESSION_MAX_DAYS from sign-in) is checked by sessions.ts.
      expiresIn: idleSeconds,
      updateAge: Math.min(DAY_S, Math.floor(idleSeconds / 7)),
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      // A per-IP burst guard in front of our own throttles (attempt-budgets.ts), which carry the
      // product's limits (docs/limits.md); the library's defaults (3 per 10 s) would lock out a shared address.
      customRules: {
        '/sign-in/*': { window: 60, max: 20 },
        '/email-otp/*': { window: 60, max: 20 },
      },
    },
    advanced: {
      useSecureCookies: config.PUBLIC_URL.startsWith('https://'),
      // better-auth skips its CSRF origin check when NODE_ENV is test; keep it on everywhere.
      disableOriginCheck: false,
      cookiePrefix: 'vr',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: IPV6_CLIENT_PREFIX },
    },
    hooks: {
      // The password rule on every path that sets a password, whoever calls it.
      before: createAuthMiddleware(async (ctx) => {
        if (!PASSWORD_SETTING_PATHS.has(ctx.path)) return;
        const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown };
        const password = body.newPassword ?? body.password;
        if (typeof password !== 'string' || !isStrongPassword(password)) {
          throw new APIError('BAD_REQUEST', {
            code: 'PASSWORD_POLICY',
            message: AUTH_MESSAGES.passwordPolicy,
          });
        }
      }),
    },
    onAPIError: {
      // Refusals (wrong code, bad origin, ...) are answers, not faults; better-auth would print
      // them on the console. Faults go to our log with their cause.
      onError: (error) => {
        const status = (error as { statusCode?: unknown } | null)?.statusCode;
        if (typeof status === 'number' && status < 500) {
          log.debug({ status, message: (error as Error).message }, 'auth: refused');
        } else {
          log.error({ err: error }, 'auth: request failed');
        }
      },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const data = args.length > 0 ? { details: args.map(describe) } : {};
        if (level === 'error') log.error(data, `auth: ${message}`);
        else if (level === 'warn') log.warn(data, `auth: ${message}`);
        else log.debug(data, `auth: ${message}`);
      },
    },
    plugins: [
      emailOTP({
        otpLength: AUTH_LIMITS.otpLength,
        expiresIn: AUTH_LIMITS.otpTtlMinutes * 60,
        allowedAttempts: AUTH_LIMITS.otpAttempts,
        // Only a hash of the code is stored; a resend always makes a new code.
        storeOTP: 'hashed',
        resendStrategy: 'rotate',
        overrideDefaultEmailVerification: true,
        rateLimit: { window: 60, max: 20 },
        // better-auth has stored the code when it calls this; the mail is queued right after,
        // and the request answers once it is (a worker delivers it).
        async sendVerificationOTP({ email, otp, type }) {
          try {
            await enqueueMail(jobs, db, codeMail(config.PRODUCT_NAME, email, type, otp));
          } catch (err) {
            log.error({ err, mail: { to: email, purpose: type } }, 'could not queue a code mail');
            const outcome = codeMailOutcome.getStore();
            if (outcome) outcome.failed = true;
          }
        },
      }),
      bearer(),
      registeredSessions(),
    ],
  });
}

/**
 * The session of an account verify-email.ts has just created from a verified sign-up (code and
 * password checked there; docs/decisions/0010-pending-registrations.md), started as better-auth's
 * own e-mail verification starts one: session record, token and cookie. Server-only: callable
 * through `auth.api` alone, never over HTTP.
 */
function registeredSessions() {
  return {
    id: 'vr-registered-sessions',
    endpoints: {
      startRegisteredSession: createAuthEndpoint.serverOnly(
        { method: 'POST', body: z.object({ userId: z.string().min(1) }) },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError('NOT_FOUND', { message: 'No such account.' });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ token: session.token });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

export type AuthInstance = ReturnType<typeof createAuthInstance>;

/**
 * better-auth's configured password hasher (scrypt), so the hashes of sign-ups and the checks
 * of sign-in are the ones better-auth itself makes and reads.
 */
export function passwordHasherOf(auth: AuthInstance): PasswordHasher {
  return {
    hash: async (password) => (await auth.$context).password.hash(password),
    verify: async (input) => (await auth.$context).password.verify(input),
  };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1'];
/** Vite's dev server and preview, which proxy /api to this server. */
const WEB_DEV_PORTS = ['5173', '4173'];

/**
 * Origins whose pages may send cookie-carrying auth requests: PUBLIC_URL's. When PUBLIC_URL is a
 * loopback address, the other loopback spelling and the web dev servers too, so a browser on
 * http://127.0.0.1:3000 or Vite's http://localhost:5173 works out of the box.
 */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const origins = new Set<string>([url.origin]);
  for (const host of LOOPBACK_HOSTS) {
    for (const p of [port, ...WEB_DEV_PORTS]) origins.add(`${url.protocol}//${host}:${p}`);
  }
  return [...origins];
}

function describe(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message };
  return value;
}
