import { createHash } from 'node:crypto';
import {
  AUTH_LIMITS,
  AUTH_MESSAGES,
  signInLockedMessage,
  type AuthSessionResponse,
  type AuthSuccessResponse,
  type PasswordResetRequestedResponse,
  type SignUpResponse,
} from '@vr/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../jobs/mail-delivery.ts';
import {
  deleteSignInCode,
  findPasswordCredential,
  matchSignInCode,
  replaceSignInCode,
} from './auth-sign-in.repo.ts';
import type { AuthAccounts } from './auth.accounts.ts';
import { newMailedCode } from './auth.codes.ts';
import { AuthError, foreignOriginError } from './auth.errors.ts';
import {
  authErrorCode,
  forwardToAuth,
  startSession,
  type AuthCall,
  type ClientContext,
} from './auth.forward.ts';
import { codeMailOutcome, type AuthInstance } from './auth.instance.ts';
import { codeMail } from './auth.mails.ts';
import type { Registrations, VerifyOutcome } from './auth.registrations.ts';
import { throttleKeys, type Throttles } from './auth.throttle.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** A result to send, with the cookies better-auth set (the httpOnly session cookie). */
export interface Outcome<T> {
  body: T;
  setCookies: string[];
}

/** Which flow a better-auth failure came from: some codes read differently per flow. */
type Flow = 'signIn' | 'requestReset' | 'reset' | 'signOut';

const FALLBACK: Record<Flow, string> = {
  signIn: AUTH_MESSAGES.genericFailure,
  requestReset: AUTH_MESSAGES.resendResetFailed,
  reset: AUTH_MESSAGES.genericFailure,
  signOut: AUTH_MESSAGES.genericFailure,
};

export interface AuthServiceDeps {
  auth: AuthInstance;
  db: Db;
  throttles: Throttles;
  registrations: Registrations;
  accounts: AuthAccounts;
  publicUrl: string;
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

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * The account flows. Each checks what the sign-in dialog needs told apart (no account, a sign-up
 * waiting for its code, an account), applies our throttles, then hands the request to
 * better-auth and translates its answer into the contract (contracts/auth.ts). Sign-ups waiting
 * for their code are ours (auth.registrations.ts); better-auth sees an account only once it is
 * verified.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { auth, db, throttles, registrations, accounts, publicUrl, log, jobs, productName } = deps;

  /**
   * Records a sign-up waiting for its code and mails the code; no account exists until the code
   * is entered with this password (verifyEmail). Another sign-up of the same address, before or
   * after, is a separate one with its own code.
   */
  async function signUp(
    client: ClientContext,
    input: { email: string; password: string; fullName?: string | undefined },
  ): Promise<Outcome<SignUpResponse>> {
    const { email } = input;
    if (await accounts.findAccountByEmail(email)) {
      throw new AuthError(409, 'USER_EXISTS_VERIFIED', AUTH_MESSAGES.existsVerified, {
        field: 'email',
      });
    }
    await countCodeSend(client, email, AUTH_MESSAGES.verificationSendLimit);
    await queuingCodeMail(() =>
      registrations.start({
        email,
        password: input.password,
        fullName: input.fullName?.trim() ?? '',
      }),
    );
    return { body: { success: true, email }, setCookies: [] };
  }

  /**
   * Verifies the caller's sign-up with its code and its password, creates the account with that
   * password and signs in, as better-auth's own verification does.
   */
  async function verifyEmail(
    client: ClientContext,
    input: { email: string; otp: string; password: string },
  ): Promise<Outcome<AuthSessionResponse>> {
    const pendings = await pendingSignUps(input.email, AUTH_MESSAGES.noPendingVerification);
    const ipKey = await countFailureFromIp(client);
    const outcome = await registrations.verify(pendings, input.otp, input.password);
    if (!outcome.ok) {
      // A sign-up gone or verified meanwhile is no wrong guess.
      if (outcome.reason === 'gone' || outcome.reason === 'verified') {
        await throttles.release(ipKey);
      }
      throw verifyFailure(outcome.reason);
    }
    await throttles.release(ipKey);
    const call = await startSession(auth, client, outcome.userId);
    return { body: await sessionBody(call, outcome.userId), setCookies: call.setCookies };
  }

  /** Mails a new code for the caller's own sign-up (the one made with this password) only. */
  async function resendVerificationCode(
    client: ClientContext,
    input: { email: string; password: string },
  ): Promise<Outcome<AuthSuccessResponse>> {
    const pendings = await pendingSignUps(input.email, AUTH_MESSAGES.resendVerificationNotFound);
    // Counted before the password is checked: besides the mails, this bounds the guesses at a
    // sign-up's password through this route to 3 per 5 minutes per address.
    await countCodeSend(client, input.email, AUTH_MESSAGES.verificationSendLimit);
    const own = await registrations.ownOf(pendings, input.password);
    const mailed = own && (await queuingCodeMail(() => registrations.mailNewCode(own)));
    if (!mailed) {
      throw new AuthError(404, 'USER_NOT_FOUND', AUTH_MESSAGES.resendVerificationNotFound);
    }
    return { body: { success: true }, setCookies: [] };
  }

  /**
   * Signs in with the password; while the account is under attack (docs/decisions/0011), with
   * the code mailed to its owner for this address as well. Counted per address, per account
   * from this address, and per account.
   */
  async function signIn(
    client: ClientContext,
    input: { email: string; password: string; otp?: string | undefined },
  ): Promise<Outcome<AuthSessionResponse>> {
    const ip = await countFailureFromIp(client);
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
      return signInWithCode(client, input, input.otp, { ...counts, accountCounted: false });
    }
    const account = await throttles.consumeSignInAttempt(counts.account);
    if (account.allowed && account.failures <= AUTH_LIMITS.signInFreeFailures) {
      const call = await forwardSignIn(client, input);
      return settleSignIn(call, { ...counts, accountCounted: true });
    }
    if (!account.allowed) {
      // Before the account's turn: a failure whatever the password, answered alike, so the
      // answer tells nothing; only the owner's mailbox learns that the password was right.
      await throttles.countSignInFailure(counts.account);
      if ((await checkPassword(input)) === 'right') await mailSignInCode(client, input);
      throw new AuthError(403, 'STEP_UP_REQUIRED', AUTH_MESSAGES.signInCodeRequired);
    }
    const verdict = await checkPassword(input);
    if (verdict === 'wrong') {
      throw new AuthError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
    }
    await releaseSignInCounts({ ...counts, accountCounted: true });
    if (verdict === 'unverified') {
      throw new AuthError(403, 'EMAIL_NOT_VERIFIED', AUTH_MESSAGES.additionalVerification);
    }
    await mailSignInCode(client, input);
    throw new AuthError(403, 'STEP_UP_REQUIRED', AUTH_MESSAGES.signInCodeRequired);
  }

  /**
   * Mails a reset code when the address has an account, and answers the same whether it has one
   * or not (docs/product-rules.md): the answer tells nobody who has an account.
   */
  async function requestPasswordReset(
    client: ClientContext,
    input: { email: string },
  ): Promise<Outcome<PasswordResetRequestedResponse>> {
    // Counted for every address, so the limit does not tell known ones from unknown ones either.
    await countCodeSend(client, input.email, AUTH_MESSAGES.resetSendLimit);
    // better-auth mails the code only to an account, and answers alike without one.
    await forwardMailingCode(
      client,
      '/email-otp/request-password-reset',
      { email: input.email },
      'requestReset',
    );
    return {
      body: { success: true, message: AUTH_MESSAGES.resetCodeSentIfAccount },
      setCookies: [],
    };
  }

  /** An address without an account has no reset code: it answers as a wrong code does. */
  async function resetPassword(
    client: ClientContext,
    input: { email: string; otp: string; password: string },
  ): Promise<Outcome<AuthSuccessResponse>> {
    const ipKey = await countFailureFromIp(client);
    const call = await forward(client, '/email-otp/reset-password', {
      email: input.email,
      otp: input.otp,
      password: input.password,
    });
    if (!call.ok) {
      if (!isCodeFailure(call)) await throttles.release(ipKey);
      throw failure(call, 'reset');
    }
    await throttles.release(ipKey);
    // A reset by mailed code proves the address and ends the account's sign-in lock.
    await throttles.clear(throttleKeys.signInAccount(input.email));
    const user = await accounts.findAccountByEmail(input.email);
    if (user) await accounts.grantProfileOnEmailVerified(user);
    return { body: { success: true }, setCookies: call.setCookies };
  }

  /** Ends the session of the bearer token or cookie on the server and clears the cookie. */
  async function signOut(client: ClientContext): Promise<Outcome<AuthSuccessResponse>> {
    const call = await forward(client, '/sign-out', {});
    if (!call.ok) throw failure(call, 'signOut');
    return { body: { success: true }, setCookies: call.setCookies };
  }

  function forward(client: ClientContext, path: string, body: Record<string, unknown>) {
    return forwardToAuth(auth, publicUrl, client, path, body);
  }

  /**
   * Password and the code mailed for this address: the code is checked first, so without it
   * nobody learns anything about the password; with it, the account's schedule does not apply.
   */
  async function signInWithCode(
    client: ClientContext,
    input: { email: string; password: string },
    otp: string,
    counts: SignInCounts,
  ): Promise<Outcome<AuthSessionResponse>> {
    const matched = await matchSignInCode(db, {
      email: input.email,
      ip: client.ip,
      codeHash: hashCode(otp),
      now: new Date(),
    });
    if (!matched) {
      // A wrong code is no wrong password: only the address's hourly budget counts it.
      await throttles.release(counts.accountFromIp);
      throw new AuthError(400, 'INVALID_OTP', AUTH_MESSAGES.signInCodeInvalid, { field: 'otp' });
    }
    const call = await forwardSignIn(client, input);
    if (call.ok) await deleteSignInCode(db, input.email, client.ip);
    return settleSignIn(call, counts);
  }

  async function forwardSignIn(client: ClientContext, input: { email: string; password: string }) {
    return withPendingSignUp(
      input,
      await forward(client, '/sign-in/email', {
        email: input.email,
        password: input.password,
      }),
    );
  }

  /** better-auth's answer to a sign-in, with what the attempt counted kept or given back. */
  async function settleSignIn(
    call: AuthCall,
    counts: SignInCounts,
  ): Promise<Outcome<AuthSessionResponse>> {
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
      await releaseSignInCounts(counts);
    }
    if (!call.ok) throw failure(call, 'signIn');
    const userId = (call.json as { user?: { id?: string } } | null)?.user?.id ?? '';
    return { body: await sessionBody(call, userId), setCookies: call.setCookies };
  }

  async function releaseSignInCounts(counts: SignInCounts): Promise<void> {
    await throttles.release(counts.ip);
    await throttles.release(counts.accountFromIp);
    if (counts.accountCounted) await throttles.release(counts.account);
  }

  /**
   * Checks the password without signing in (better-auth's sign-in starts a session). An address
   * without an account hashes the attempt instead, so both take as long.
   */
  async function checkPassword(input: {
    email: string;
    password: string;
  }): Promise<'right' | 'wrong' | 'unverified'> {
    const { password } = await auth.$context;
    const credential = await findPasswordCredential(db, input.email);
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
  async function mailSignInCode(client: ClientContext, input: { email: string }): Promise<void> {
    const budget = await throttles.consume(
      throttleKeys.signInCodesToEmail(input.email),
      AUTH_LIMITS.otpSendsPerWindow,
      AUTH_LIMITS.otpSendWindowMinutes * MINUTE_MS,
    );
    if (!budget.allowed) return;
    const code = newMailedCode();
    const now = new Date();
    await queuingCodeMail(() =>
      db.transaction(async (tx) => {
        await replaceSignInCode(tx, {
          email: input.email,
          ip: client.ip,
          codeHash: hashCode(code),
          expiresAt: new Date(now.getTime() + AUTH_LIMITS.otpTtlMinutes * MINUTE_MS),
          now,
        });
        await enqueueMail(jobs, tx, codeMail(productName, input.email, 'sign-in', code));
      }),
    );
  }

  /**
   * The sign-ups of an address that has no account yet, newest first: 409 when it has an
   * account, 404 (`notFound`) when nobody is waiting to verify it.
   */
  async function pendingSignUps(email: string, notFound: string) {
    if (await accounts.findAccountByEmail(email)) {
      throw new AuthError(409, 'EMAIL_ALREADY_VERIFIED', AUTH_MESSAGES.alreadyVerified);
    }
    const pendings = await registrations.live(email);
    if (pendings.length === 0) throw new AuthError(404, 'USER_NOT_FOUND', notFound);
    return pendings;
  }

  /**
   * A sign-in refused for an address without an account, whose password is that of a sign-up
   * waiting for its code, answers as better-auth does for an unverified account: the password
   * was right, the e-mail is not verified yet.
   */
  async function withPendingSignUp(
    input: { email: string; password: string },
    call: AuthCall,
  ): Promise<AuthCall> {
    if (authErrorCode(call) !== 'INVALID_EMAIL_OR_PASSWORD') return call;

    const own = await registrations.ownOf(await registrations.live(input.email), input.password);
    return own ? { ...call, status: 403, json: { code: 'EMAIL_NOT_VERIFIED' } } : call;
  }

  /** Queues a code mail in a transaction of ours: 503 when that fails, nothing recorded. */
  async function queuingCodeMail<T>(queue: () => Promise<T>): Promise<T> {
    try {
      return await queue();
    } catch (err) {
      log.error({ err }, 'could not queue a code mail');
      throw new AuthError(503, 'MAIL_UNAVAILABLE', AUTH_MESSAGES.mailUnavailable);
    }
  }

  /** A call that mails a code: fails with 503 when the mail could not be queued. */
  async function forwardMailingCode(
    client: ClientContext,
    path: string,
    body: Record<string, unknown>,
    flow: Flow,
  ): Promise<void> {
    const outcome = { failed: false };
    const call = await codeMailOutcome.run(outcome, () => forward(client, path, body));
    if (!call.ok) throw failure(call, flow);
    if (outcome.failed) throw new AuthError(503, 'MAIL_UNAVAILABLE', AUTH_MESSAGES.mailUnavailable);
  }

  async function sessionBody(call: AuthCall, userId: string): Promise<AuthSessionResponse> {
    const token = (call.json as { token?: unknown } | null)?.token;
    const user = userId ? await accounts.loadAuthUser(userId) : undefined;
    if (typeof token !== 'string' || !user) {
      log.error({ status: call.status }, 'auth answered success without a session');
      throw new AuthError(500, 'AUTH_FAILED', AUTH_MESSAGES.autoSignInFailed);
    }
    return { token, user };
  }

  /** At most 3 codes per e-mail per 5 minutes, and a per-IP cap, over every path that mails one. */
  async function countCodeSend(client: ClientContext, email: string, limitMessage: string) {
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
  async function countFailureFromIp(client: ClientContext): Promise<string> {
    const key = throttleKeys.failuresFromIp(client.ip);
    const result = await throttles.consume(key, AUTH_LIMITS.failuresPerIpPerHour, HOUR_MS);
    if (!result.allowed) {
      throw new AuthError(429, 'TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyFailuresFromIp, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
    return key;
  }

  /** better-auth's error answer in the contract's terms. */
  function failure(call: AuthCall, flow: Flow): AuthError {
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
      case 'INVALID_ORIGIN':
      case 'MISSING_OR_NULL_ORIGIN':
      case 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED':
        return foreignOriginError();
    }
    if (call.status >= 500 || call.status < 400) {
      log.error({ status: call.status, code }, `auth ${flow} failed`);
      return new AuthError(500, 'AUTH_FAILED', AUTH_MESSAGES.genericFailure);
    }
    log.warn({ status: call.status, code }, `auth ${flow} refused`);
    return new AuthError(call.status, 'AUTH_FAILED', FALLBACK[flow]);
  }

  return {
    signUp,
    verifyEmail,
    resendVerificationCode,
    signIn,
    requestPasswordReset,
    resetPassword,
    signOut,
  };
}

/** Codes are stored hashed, as better-auth stores its own. */
function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('base64url');
}

/** Why a code did not verify, in the contract's terms. */
function verifyFailure(reason: Exclude<VerifyOutcome, { ok: true }>['reason']): AuthError {
  switch (reason) {
    case 'wrong-code':
      return new AuthError(400, 'INVALID_OTP', AUTH_MESSAGES.invalidCode, { field: 'otp' });
    case 'expired-code':
      return new AuthError(400, 'OTP_EXPIRED', AUTH_MESSAGES.expiredCode, { field: 'otp' });
    case 'attempts-exceeded':
      return new AuthError(403, 'OTP_ATTEMPTS_EXCEEDED', AUTH_MESSAGES.codeAttemptsExceeded, {
        field: 'otp',
      });
    case 'gone':
      return new AuthError(404, 'USER_NOT_FOUND', AUTH_MESSAGES.noPendingVerification);
    case 'verified':
      return new AuthError(409, 'EMAIL_ALREADY_VERIFIED', AUTH_MESSAGES.alreadyVerified);
  }
}

/** A wrong, expired or exhausted code: the attempts the IP budget counts. */
function isCodeFailure(call: AuthCall): boolean {
  const code = authErrorCode(call);
  return code === 'INVALID_OTP' || code === 'OTP_EXPIRED' || code === 'TOO_MANY_ATTEMPTS';
}
