import {
  AUTH_LIMITS,
  AUTH_MESSAGES,
  signInLockedMessage,
  type AuthSessionResponse,
} from '@vr/contracts';
import { releaseThrottle } from '../../db/throttles.repo.ts';
import { countFailureFromIp } from './attempt-budgets.ts';
import { AuthError } from './auth-errors.ts';
import {
  authErrorCode,
  forwardToAuth,
  type AuthCall,
  type ClientContext,
} from './better-auth-calls.ts';
import { betterAuthFailure } from './better-auth-errors.ts';
import { findPasswordCredential } from './credentials.repo.ts';
import type { AuthFlowDeps } from './flow-deps.ts';
import { sessionBody, type Outcome } from './session-answer.ts';
import {
  consumeSignInAttempt,
  countSignInFailure,
  forgetSignInFailuresFromIp,
} from './sign-in-attempts.repo.ts';
import { deleteSignInCode, matchSignInCode } from './sign-in-codes.repo.ts';
import { hashSignInCode, mailSignInCode } from './step-up-codes.ts';
import { throttleKeys } from './throttle-keys.ts';

type SignInDeps = Pick<
  AuthFlowDeps,
  | 'auth'
  | 'db'
  | 'passwords'
  | 'registrations'
  | 'accounts'
  | 'publicUrl'
  | 'log'
  | 'jobs'
  | 'productName'
>;

/** The counters one sign-in attempt has counted, to keep or give back. */
interface SignInCounts {
  ip: string;
  accountFromIp: string;
  account: string;
  /** Whether the attempt took the account's turn (a sign-in with a code does not). */
  accountCounted: boolean;
}

/**
 * POST /api/auth/sign-in/email: signs in with the password; while the account is under attack
 * (docs/decisions/0011), with the code mailed to its owner for this address as well. Counted
 * per address, per account from this address, and per account.
 */
export async function signIn(
  deps: SignInDeps,
  client: ClientContext,
  input: { email: string; password: string; otp?: string | undefined },
): Promise<Outcome<AuthSessionResponse>> {
  const { db } = deps;
  const ip = await countFailureFromIp(db, client);
  const accountFromIp = throttleKeys.signInAccountFromIp(input.email, client.ip);
  const fromIp = await consumeSignInAttempt(db, accountFromIp);
  if (!fromIp.allowed) {
    await releaseThrottle(db, ip);
    throw new AuthError(429, 'SIGN_IN_LOCKED', signInLockedMessage(fromIp.retryAfterSeconds), {
      retryAfterSeconds: fromIp.retryAfterSeconds,
    });
  }
  const counts = { ip, accountFromIp, account: throttleKeys.signInAccount(input.email) };
  if (input.otp !== undefined) {
    return signInWithCode(deps, client, input, input.otp, { ...counts, accountCounted: false });
  }
  const account = await consumeSignInAttempt(db, counts.account);
  if (account.allowed && account.failures <= AUTH_LIMITS.signInFreeFailures) {
    const call = await forwardSignIn(deps, client, input);
    return settleSignIn(deps, call, { ...counts, accountCounted: true });
  }
  if (!account.allowed) {
    // Before the account's turn: a failure whatever the password, answered alike, so the
    // answer tells nothing; only the owner's mailbox learns that the password was right.
    await countSignInFailure(db, counts.account);
    if ((await checkPassword(deps, input)) === 'right') await mailSignInCode(deps, client, input);
    throw new AuthError(403, 'STEP_UP_REQUIRED', AUTH_MESSAGES.signInCodeRequired);
  }
  const verdict = await checkPassword(deps, input);
  if (verdict === 'wrong') {
    throw new AuthError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
  }
  await releaseSignInCounts(deps, { ...counts, accountCounted: true });
  if (verdict === 'unverified') {
    throw new AuthError(403, 'EMAIL_NOT_VERIFIED', AUTH_MESSAGES.additionalVerification);
  }
  await mailSignInCode(deps, client, input);
  throw new AuthError(403, 'STEP_UP_REQUIRED', AUTH_MESSAGES.signInCodeRequired);
}

/**
 * Password and the code mailed for this address: the code is checked first, so without it
 * nobody learns anything about the password; with it, the account's schedule does not apply.
 */
async function signInWithCode(
  deps: SignInDeps,
  client: ClientContext,
  input: { email: string; password: string },
  otp: string,
  counts: SignInCounts,
): Promise<Outcome<AuthSessionResponse>> {
  const { db } = deps;
  const matched = await matchSignInCode(db, {
    email: input.email,
    ip: client.ip,
    codeHash: hashSignInCode(otp),
    now: new Date(),
  });
  if (!matched) {
    // A wrong code is no wrong password: only the address's hourly budget counts it.
    await releaseThrottle(db, counts.accountFromIp);
    throw new AuthError(400, 'INVALID_OTP', AUTH_MESSAGES.signInCodeInvalid, { field: 'otp' });
  }
  const call = await forwardSignIn(deps, client, input);
  if (call.ok) await deleteSignInCode(db, input.email, client.ip);
  return settleSignIn(deps, call, counts);
}

async function forwardSignIn(
  deps: SignInDeps,
  client: ClientContext,
  input: { email: string; password: string },
): Promise<AuthCall> {
  const call = await forwardToAuth(deps.auth, deps.publicUrl, client, '/sign-in/email', {
    email: input.email,
    password: input.password,
  });
  return withPendingSignUp(deps, input, call);
}

/** better-auth's answer to a sign-in, with what the attempt counted kept or given back. */
async function settleSignIn(
  deps: SignInDeps,
  call: AuthCall,
  counts: SignInCounts,
): Promise<Outcome<AuthSessionResponse>> {
  const { db } = deps;
  const code = authErrorCode(call);
  if (call.ok) {
    await releaseThrottle(db, counts.ip);
    if (!counts.accountCounted) await releaseThrottle(db, counts.accountFromIp);
    await forgetSignInFailuresFromIp(db, counts.account, counts.accountFromIp);
  } else if (code === 'INVALID_EMAIL_OR_PASSWORD') {
    // Every wrong password counts for the account, also one sent with a code.
    if (!counts.accountCounted) await countSignInFailure(db, counts.account);
  } else {
    // The password was right (the address is not verified), or the call was refused before
    // the password was checked (rate limit, fault): not a failure.
    await releaseSignInCounts(deps, counts);
  }
  if (!call.ok) throw betterAuthFailure(deps.log, call, 'signIn');
  const userId = (call.json as { user?: { id?: string } } | null)?.user?.id ?? '';
  return { body: await sessionBody(deps, call, userId), setCookies: call.setCookies };
}

async function releaseSignInCounts(
  deps: Pick<SignInDeps, 'db'>,
  counts: SignInCounts,
): Promise<void> {
  await releaseThrottle(deps.db, counts.ip);
  await releaseThrottle(deps.db, counts.accountFromIp);
  if (counts.accountCounted) await releaseThrottle(deps.db, counts.account);
}

/**
 * Checks the password without signing in (better-auth's sign-in starts a session). An address
 * without an account hashes the attempt instead, so both take as long.
 */
async function checkPassword(
  deps: Pick<SignInDeps, 'db' | 'passwords'>,
  input: { email: string; password: string },
): Promise<'right' | 'wrong' | 'unverified'> {
  const { passwords } = deps;
  const credential = await findPasswordCredential(deps.db, input.email);
  if (!credential?.passwordHash) {
    await passwords.hash(input.password);
    return 'wrong';
  }
  const right = await passwords.verify({
    hash: credential.passwordHash,
    password: input.password,
  });
  if (!right) return 'wrong';
  return credential.emailVerified ? 'right' : 'unverified';
}

/**
 * A sign-in refused for an address without an account, whose password is that of a sign-up
 * waiting for its code, answers as better-auth does for an unverified account: the password
 * was right, the e-mail is not verified yet.
 */
async function withPendingSignUp(
  deps: Pick<SignInDeps, 'registrations'>,
  input: { email: string; password: string },
  call: AuthCall,
): Promise<AuthCall> {
  if (authErrorCode(call) !== 'INVALID_EMAIL_OR_PASSWORD') return call;
  const { registrations } = deps;
  const own = await registrations.ownOf(await registrations.live(input.email), input.password);
  return own ? { ...call, status: 403, json: { code: 'EMAIL_NOT_VERIFIED' } } : call;
}
