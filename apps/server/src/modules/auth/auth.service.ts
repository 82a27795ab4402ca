import { createHash, randomInt } from 'node:crypto';
import {
  AUTH_LIMITS,
  AUTH_MESSAGES,
  signInLockedMessage,
  splitFullName,
  type AuthSessionResponse,
  type AuthSuccessResponse,
  type SignUpResponse,
} from '@vr/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../jobs/mail-delivery.ts';
import { findIdentityByEmail } from '../users/users.repo.ts';
import { loadAuthUser, onEmailVerified } from '../users/users.service.ts';
import {
  deleteSignInCode,
  findPasswordCredential,
  matchSignInCode,
  replaceSignInCode,
} from './auth-sign-in.repo.ts';
import { AuthError, foreignOriginError } from './auth.errors.ts';
import { authErrorCode, forwardToAuth, type AuthCall, type ClientContext } from './auth.forward.ts';
import { codeMailOutcome, type AuthInstance } from './auth.instance.ts';
import { codeMail } from './auth.mails.ts';
import { throttleKeys, type Throttles } from './auth.throttle.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** A result to send, with the cookies better-auth set (the httpOnly session cookie). */
export interface Outcome<T> {
  body: T;
  setCookies: string[];
}

/** Which flow a better-auth failure came from: some codes read differently per flow. */
type Flow =
  'signUp' | 'verify' | 'resendVerification' | 'signIn' | 'requestReset' | 'reset' | 'signOut';

const FALLBACK: Record<Flow, string> = {
  signUp: AUTH_MESSAGES.registrationFailed,
  verify: AUTH_MESSAGES.verificationFailed,
  resendVerification: AUTH_MESSAGES.resendVerificationFailed,
  signIn: AUTH_MESSAGES.genericFailure,
  requestReset: AUTH_MESSAGES.resendResetFailed,
  reset: AUTH_MESSAGES.genericFailure,
  signOut: AUTH_MESSAGES.genericFailure,
};

export interface AuthServiceDeps {
  auth: AuthInstance;
  db: Db;
  throttles: Throttles;
  publicUrl: string;
  adminEmails: readonly string[];
  log: FastifyBaseLogger;
  /** Queues the sign-in code mails of accounts under attack. */
  jobs: JobSender;
  productName: string;
}

/** The counters one sign-in attempt has counted, to keep or give back. */
interface SignInCounts {
  ip: string;
  accountFromIp: string;
  account: string;
  /** Whether the attempt took the account's turn (a sign-in with a code does not). */
  accountCounted: boolean;
}

/**
 * The account flows. Each checks what the spec's dialog needs told apart (unknown, unverified,
 * verified), applies our throttles, then hands the request to better-auth and translates its
 * answer into the contract (contracts/auth.ts).
 */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  async signUp(
    client: ClientContext,
    input: { email: string; password: string; fullName?: string | undefined },
  ): Promise<Outcome<SignUpResponse>> {
    const { email } = input;
    const existing = await findIdentityByEmail(this.deps.db, email);
    if (existing) {
      throw existing.emailVerified
        ? new AuthError(409, 'USER_EXISTS_VERIFIED', AUTH_MESSAGES.existsVerified, {
            field: 'email',
          })
        : new AuthError(409, 'USER_EXISTS_UNVERIFIED', AUTH_MESSAGES.existsUnverified, {
            field: 'email',
          });
    }
    await this.countCodeSend(client, email, AUTH_MESSAGES.verificationSendLimit);
    const fullName = input.fullName?.trim() ?? '';
    const { givenName, familyName } = splitFullName(fullName);
    const call = await this.forward(client, '/sign-up/email', {
      email,
      password: input.password,
      name: fullName,
      ...(givenName ? { givenName } : {}),
      ...(familyName ? { familyName } : {}),
    });
    if (!call.ok) throw this.failure(call, 'signUp');
    // The account stays (unverified) if this fails: "Resend Code", or delete-unverified-user
    // and sign up again.
    await this.forwardMailingCode(
      client,
      '/email-otp/send-verification-otp',
      { email, type: 'email-verification' },
      'signUp',
    );
    return { body: { success: true, email }, setCookies: [] };
  }

  async verifyEmail(
    client: ClientContext,
    input: { email: string; otp: string },
  ): Promise<Outcome<AuthSessionResponse>> {
    const user = await findIdentityByEmail(this.deps.db, input.email);
    if (!user) throw new AuthError(404, 'USER_NOT_FOUND', AUTH_MESSAGES.noPendingVerification);
    if (user.emailVerified) {
      throw new AuthError(409, 'EMAIL_ALREADY_VERIFIED', AUTH_MESSAGES.alreadyVerified);
    }
    const ipKey = await this.countFailureFromIp(client);
    const call = await this.forward(client, '/email-otp/verify-email', {
      email: input.email,
      otp: input.otp,
    });
    if (!call.ok) {
      if (!isCodeFailure(call)) await this.deps.throttles.release(ipKey);
      throw this.failure(call, 'verify');
    }
    await this.deps.throttles.release(ipKey);
    await onEmailVerified(this.deps.db, user, this.deps.adminEmails);
    return { body: await this.sessionBody(call, user.id), setCookies: call.setCookies };
  }

  async resendVerificationCode(
    client: ClientContext,
    input: { email: string },
  ): Promise<Outcome<AuthSuccessResponse>> {
    const user = await findIdentityByEmail(this.deps.db, input.email);
    if (!user) {
      throw new AuthError(404, 'USER_NOT_FOUND', AUTH_MESSAGES.resendVerificationNotFound);
    }
    if (user.emailVerified) {
      throw new AuthError(409, 'EMAIL_ALREADY_VERIFIED', AUTH_MESSAGES.alreadyVerified);
    }
    await this.countCodeSend(client, input.email, AUTH_MESSAGES.verificationSendLimit);
    await this.forwardMailingCode(
      client,
      '/email-otp/send-verification-otp',
      { email: input.email, type: 'email-verification' },
      'resendVerification',
    );
    return { body: { success: true }, setCookies: [] };
  }

  /**
   * Signs in with the password; while the account is under attack (docs/decisions/0011), with
   * the code mailed to its owner for this address as well. Counted per address, per account
   * from this address, and per account.
   */
  async signIn(
    client: ClientContext,
    input: { email: string; password: string; otp?: string | undefined },
  ): Promise<Outcome<AuthSessionResponse>> {
    const { throttles } = this.deps;
    const ip = await this.countFailureFromIp(client);
    const accountFromIp = throttleKeys.signInAccountFromIp(input.email, client.ip);
    const fromIp = await throttles.consumeSignInAttempt(accountFromIp);
    if (!fromIp.allowed) {
      await throttles.release(ip);
      throw new AuthError(429, 'SIGN_IN_LOCKED', signInLockedMessage(fromIp.retryAfterSeconds), {
        retryAfterSeconds: fromIp.retryAfterSeconds,
      });
    }
    const counts = { ip, accountFromIp, account: throttleKeys.signInAccount(input.email) };
    if (input.otp !== undefined) {
      return this.signInWithCode(client, input, input.otp, { ...counts, accountCounted: false });
    }
    const account = await throttles.consumeSignInAttempt(counts.account);
    if (account.allowed && account.failures <= AUTH_LIMITS.signInFreeFailures) {
      const call = await this.forwardSignIn(client, input);
      return this.settleSignIn(call, { ...counts, accountCounted: true });
    }
    if (!account.allowed) {
      // Before the account's turn: a failure whatever the password, answered alike, so the
      // answer tells nothing; only the owner's mailbox learns that the password was right.
      await throttles.countSignInFailure(counts.account);
      if ((await this.checkPassword(input)) === 'right') await this.mailSignInCode(client, input);
      throw new AuthError(403, 'STEP_UP_REQUIRED', AUTH_MESSAGES.signInCodeRequired);
    }
    const verdict = await this.checkPassword(input);
    if (verdict === 'wrong') {
      throw new AuthError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
    }
    await this.releaseSignInCounts({ ...counts, accountCounted: true });
    if (verdict === 'unverified') {
      throw new AuthError(403, 'EMAIL_NOT_VERIFIED', AUTH_MESSAGES.additionalVerification);
    }
    await this.mailSignInCode(client, input);
    throw new AuthError(403, 'STEP_UP_REQUIRED', AUTH_MESSAGES.signInCodeRequired);
  }

  async requestPasswordReset(
    client: ClientContext,
    input: { email: string },
  ): Promise<Outcome<AuthSuccessResponse>> {
    const user = await findIdentityByEmail(this.deps.db, input.email);
    if (!user) throw new AuthError(404, 'USER_NOT_FOUND', AUTH_MESSAGES.resetNotFound);
    await this.countCodeSend(client, input.email, AUTH_MESSAGES.resetSendLimit);
    await this.forwardMailingCode(
      client,
      '/email-otp/request-password-reset',
      { email: input.email },
      'requestReset',
    );
    return { body: { success: true }, setCookies: [] };
  }

  async resetPassword(
    client: ClientContext,
    input: { email: string; otp: string; password: string },
  ): Promise<Outcome<AuthSuccessResponse>> {
    const user = await findIdentityByEmail(this.deps.db, input.email);
    if (!user) throw new AuthError(404, 'USER_NOT_FOUND', AUTH_MESSAGES.resetNotFound);
    const ipKey = await this.countFailureFromIp(client);
    const call = await this.forward(client, '/email-otp/reset-password', {
      email: input.email,
      otp: input.otp,
      password: input.password,
    });
    if (!call.ok) {
      if (!isCodeFailure(call)) await this.deps.throttles.release(ipKey);
      throw this.failure(call, 'reset');
    }
    await this.deps.throttles.release(ipKey);
    // A reset by mailed code proves the address and ends the account's sign-in lock.
    await this.deps.throttles.clear(throttleKeys.signInAccount(input.email));
    await onEmailVerified(this.deps.db, user, this.deps.adminEmails);
    return { body: { success: true }, setCookies: call.setCookies };
  }

  /** Ends the session of the bearer token or cookie on the server and clears the cookie. */
  async signOut(client: ClientContext): Promise<Outcome<AuthSuccessResponse>> {
    const call = await this.forward(client, '/sign-out', {});
    if (!call.ok) throw this.failure(call, 'signOut');
    return { body: { success: true }, setCookies: call.setCookies };
  }

  private forward(client: ClientContext, path: string, body: Record<string, unknown>) {
    return forwardToAuth(this.deps.auth, this.deps.publicUrl, client, path, body);
  }

  /**
   * Password and the code mailed for this address: the code is checked first, so without it
   * nobody learns anything about the password; with it, the account's schedule does not apply.
   */
  private async signInWithCode(
    client: ClientContext,
    input: { email: string; password: string },
    otp: string,
    counts: SignInCounts,
  ): Promise<Outcome<AuthSessionResponse>> {
    const matched = await matchSignInCode(this.deps.db, {
      email: input.email,
      ip: client.ip,
      codeHash: hashCode(otp),
      now: new Date(),
    });
    if (!matched) {
      // A wrong code is no wrong password: only the address's hourly budget counts it.
      await this.deps.throttles.release(counts.accountFromIp);
      throw new AuthError(400, 'INVALID_OTP', AUTH_MESSAGES.signInCodeInvalid, { field: 'otp' });
    }
    const call = await this.forwardSignIn(client, input);
    if (call.ok) await deleteSignInCode(this.deps.db, input.email, client.ip);
    return this.settleSignIn(call, counts);
  }

  private forwardSignIn(client: ClientContext, input: { email: string; password: string }) {
    return this.forward(client, '/sign-in/email', { email: input.email, password: input.password });
  }

  /** better-auth's answer to a sign-in, with what the attempt counted kept or given back. */
  private async settleSignIn(
    call: AuthCall,
    counts: SignInCounts,
  ): Promise<Outcome<AuthSessionResponse>> {
    const { throttles } = this.deps;
    const code = authErrorCode(call);
    if (call.ok) {
      await throttles.release(counts.ip);
      if (!counts.accountCounted) await throttles.release(counts.accountFromIp);
      await throttles.forgetSignInFailuresFromIp(counts.account, counts.accountFromIp);
    } else if (code === 'INVALID_EMAIL_OR_PASSWORD') {
      // Every wrong password counts for the account, also one sent with a code.
      if (!counts.accountCounted) await throttles.countSignInFailure(counts.account);
    } else {
      // The password was right (the address is not verified), or the call was refused before
      // the password was checked (rate limit, fault): not a failure.
      await this.releaseSignInCounts(counts);
    }
    if (!call.ok) throw this.failure(call, 'signIn');
    const userId = (call.json as { user?: { id?: string } } | null)?.user?.id ?? '';
    return { body: await this.sessionBody(call, userId), setCookies: call.setCookies };
  }

  private async releaseSignInCounts(counts: SignInCounts): Promise<void> {
    const { throttles } = this.deps;
    await throttles.release(counts.ip);
    await throttles.release(counts.accountFromIp);
    if (counts.accountCounted) await throttles.release(counts.account);
  }

  /**
   * Checks the password without signing in (better-auth's sign-in starts a session). An address
   * without an account hashes the attempt instead, so both take as long.
   */
  private async checkPassword(input: {
    email: string;
    password: string;
  }): Promise<'right' | 'wrong' | 'unverified'> {
    const { password } = await this.deps.auth.$context;
    const credential = await findPasswordCredential(this.deps.db, input.email);
    if (!credential?.passwordHash) {
      await password.hash(input.password);
      return 'wrong';
    }
    const right = await password.verify({
      hash: credential.passwordHash,
      password: input.password,
    });
    if (!right) return 'wrong';
    return credential.emailVerified ? 'right' : 'unverified';
  }

  /**
   * Mails the owner a new sign-in code for this address, queued with the code. At most
   * `otpSendsPerWindow` per account and window, on a count of their own: past it nothing is
   * sent and the answer stays the same, and strangers, who can spend the other code-mail
   * budgets, cannot spend this one without the password.
   */
  private async mailSignInCode(client: ClientContext, input: { email: string }): Promise<void> {
    const { db, jobs, throttles, productName } = this.deps;
    const budget = await throttles.consume(
      throttleKeys.signInCodesToEmail(input.email),
      AUTH_LIMITS.otpSendsPerWindow,
      AUTH_LIMITS.otpSendWindowMinutes * MINUTE_MS,
    );
    if (!budget.allowed) return;
    const code = newCode();
    const now = new Date();
    try {
      await db.transaction(async (tx) => {
        await replaceSignInCode(tx, {
          email: input.email,
          ip: client.ip,
          codeHash: hashCode(code),
          expiresAt: new Date(now.getTime() + AUTH_LIMITS.otpTtlMinutes * MINUTE_MS),
          now,
        });
        await enqueueMail(jobs, tx, codeMail(productName, input.email, 'sign-in', code));
      });
    } catch (err) {
      this.deps.log.error({ err, mail: { purpose: 'sign-in' } }, 'could not queue a code mail');
      throw new AuthError(503, 'MAIL_UNAVAILABLE', AUTH_MESSAGES.mailUnavailable);
    }
  }

  /** A call that mails a code: fails with 503 when the mail could not be queued. */
  private async forwardMailingCode(
    client: ClientContext,
    path: string,
    body: Record<string, unknown>,
    flow: Flow,
  ): Promise<void> {
    const outcome = { failed: false };
    const call = await codeMailOutcome.run(outcome, () => this.forward(client, path, body));
    if (!call.ok) throw this.failure(call, flow);
    if (outcome.failed) throw new AuthError(503, 'MAIL_UNAVAILABLE', AUTH_MESSAGES.mailUnavailable);
  }

  private async sessionBody(call: AuthCall, userId: string): Promise<AuthSessionResponse> {
    const token = (call.json as { token?: unknown } | null)?.token;
    const user = userId ? await loadAuthUser(this.deps.db, userId) : undefined;
    if (typeof token !== 'string' || !user) {
      this.deps.log.error({ status: call.status }, 'auth answered success without a session');
      throw new AuthError(500, 'AUTH_FAILED', AUTH_MESSAGES.autoSignInFailed);
    }
    return { token, user };
  }

  /** At most 3 codes per e-mail per 5 minutes, and a per-IP cap, over every path that mails one. */
  private async countCodeSend(client: ClientContext, email: string, limitMessage: string) {
    const { throttles } = this.deps;
    const emailKey = throttleKeys.codeSendsToEmail(email);
    const perEmail = await throttles.consume(
      emailKey,
      AUTH_LIMITS.otpSendsPerWindow,
      AUTH_LIMITS.otpSendWindowMinutes * MINUTE_MS,
    );
    if (!perEmail.allowed) {
      throw new AuthError(429, 'OTP_SEND_LIMIT', limitMessage, {
        retryAfterSeconds: perEmail.retryAfterSeconds,
      });
    }
    const perIp = await throttles.consume(
      throttleKeys.codeSendsFromIp(client.ip),
      AUTH_LIMITS.otpSendsPerIpPerHour,
      HOUR_MS,
    );
    if (!perIp.allowed) {
      await throttles.release(emailKey);
      throw new AuthError(429, 'OTP_SEND_LIMIT', limitMessage, {
        retryAfterSeconds: perIp.retryAfterSeconds,
      });
    }
  }

  /**
   * Counts an attempt that checks a secret (password or code) against the IP's hourly budget of
   * failures, before the check; the caller gives it back when the attempt did not fail.
   */
  private async countFailureFromIp(client: ClientContext): Promise<string> {
    const key = throttleKeys.failuresFromIp(client.ip);
    const result = await this.deps.throttles.consume(
      key,
      AUTH_LIMITS.failuresPerIpPerHour,
      HOUR_MS,
    );
    if (!result.allowed) {
      throw new AuthError(429, 'TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyFailuresFromIp, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
    return key;
  }

  /** better-auth's error answer in the contract's terms. */
  private failure(call: AuthCall, flow: Flow): AuthError {
    const code = authErrorCode(call);
    if (call.status === 429) {
      const retry = Number(call.headers.get('x-retry-after'));
      return new AuthError(429, 'TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyRequests, {
        ...(Number.isFinite(retry) && retry > 0 ? { retryAfterSeconds: Math.ceil(retry) } : {}),
      });
    }
    switch (code) {
      case 'INVALID_OTP':
        return new AuthError(400, 'INVALID_OTP', AUTH_MESSAGES.invalidCode, { field: 'otp' });
      case 'OTP_EXPIRED':
        return new AuthError(400, 'OTP_EXPIRED', AUTH_MESSAGES.expiredCode, { field: 'otp' });
      case 'TOO_MANY_ATTEMPTS':
        return new AuthError(403, 'OTP_ATTEMPTS_EXCEEDED', AUTH_MESSAGES.codeAttemptsExceeded, {
          field: 'otp',
        });
      case 'INVALID_EMAIL_OR_PASSWORD':
        return new AuthError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
      case 'EMAIL_NOT_VERIFIED':
        return new AuthError(403, 'EMAIL_NOT_VERIFIED', AUTH_MESSAGES.additionalVerification);
      case 'INVALID_EMAIL':
        return new AuthError(400, 'INVALID_EMAIL', AUTH_MESSAGES.invalidEmail, { field: 'email' });
      case 'PASSWORD_POLICY':
      case 'PASSWORD_TOO_SHORT':
      case 'PASSWORD_TOO_LONG':
      case 'INVALID_PASSWORD':
        return new AuthError(400, 'PASSWORD_POLICY', AUTH_MESSAGES.passwordPolicy, {
          field: 'password',
        });
      case 'USER_NOT_FOUND':
        return new AuthError(
          404,
          'USER_NOT_FOUND',
          flow === 'verify' ? AUTH_MESSAGES.noPendingVerification : AUTH_MESSAGES.resetNotFound,
        );
      case 'INVALID_ORIGIN':
      case 'MISSING_OR_NULL_ORIGIN':
      case 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED':
        return foreignOriginError();
    }
    if (call.status >= 500 || call.status < 400) {
      this.deps.log.error({ status: call.status, code }, `auth ${flow} failed`);
      return new AuthError(500, 'AUTH_FAILED', AUTH_MESSAGES.genericFailure);
    }
    this.deps.log.warn({ status: call.status, code }, `auth ${flow} refused`);
    return new AuthError(call.status, 'AUTH_FAILED', FALLBACK[flow]);
  }
}

/** A sign-in code: `otpLength` digits from the CSPRNG, unbiased. */
function newCode(): string {
  const digits = AUTH_LIMITS.otpLength;
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** Codes are stored hashed, as better-auth stores its own. */
function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('base64url');
}

/** A wrong, expired or exhausted code: the attempts the IP budget counts. */
function isCodeFailure(call: AuthCall): boolean {
  const code = authErrorCode(call);
  return code === 'INVALID_OTP' || code === 'OTP_EXPIRED' || code === 'TOO_MANY_ATTEMPTS';
}
