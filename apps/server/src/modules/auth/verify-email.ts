import { AUTH_MESSAGES, type AuthSessionResponse } from '@vr/contracts';
import { releaseThrottle } from '../../db/throttles.repo.ts';
import { countFailureFromIp } from './attempt-budgets.ts';
import { AuthError } from './auth-errors.ts';
import { startSession, type ClientContext } from './better-auth-calls.ts';
import type { AuthFlowDeps } from './flow-deps.ts';
import { waitingSignUps, type VerifyOutcome } from './pending-registrations.ts';
import { sessionBody, type Outcome } from './session-answer.ts';

/**
 * POST /api/auth/email-otp/verify-email: verifies the caller's sign-up with its code and its
 * password, creates the account with that password and signs in, as better-auth's own
 * verification does.
 */
export async function verifyEmail(
  deps: Pick<AuthFlowDeps, 'auth' | 'db' | 'accounts' | 'registrations' | 'log'>,
  client: ClientContext,
  input: { email: string; otp: string; password: string },
): Promise<Outcome<AuthSessionResponse>> {
  const { db, registrations } = deps;
  const pendings = await waitingSignUps(deps, input.email, AUTH_MESSAGES.noPendingVerification);
  const ipKey = await countFailureFromIp(db, client);
  const outcome = await registrations.verify(pendings, input.otp, input.password);
  if (!outcome.ok) {
    // A sign-up gone or verified meanwhile is no wrong guess.
    if (outcome.reason === 'gone' || outcome.reason === 'verified') {
      await releaseThrottle(db, ipKey);
    }
    throw verifyFailure(outcome.reason);
  }
  await releaseThrottle(db, ipKey);
  const call = await startSession(deps.auth, client, outcome.userId);
  return { body: await sessionBody(deps, call, outcome.userId), setCookies: call.setCookies };
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
