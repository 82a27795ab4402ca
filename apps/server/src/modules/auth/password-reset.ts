import {
  AUTH_MESSAGES,
  type AuthSuccessResponse,
  type PasswordResetRequestedResponse,
} from '@vr/contracts';
import { clearThrottle, releaseThrottle } from '../../db/throttles.repo.ts';
import { countCodeSend, countFailureFromIp } from './attempt-budgets.ts';
import { AuthError } from './auth-errors.ts';
import { codeMailOutcome } from './better-auth.ts';
import { forwardToAuth, type ClientContext } from './better-auth-calls.ts';
import { betterAuthFailure, isCodeFailure } from './better-auth-errors.ts';
import type { AuthFlowDeps } from './flow-deps.ts';
import type { Outcome } from './session-answer.ts';
import { throttleKeys } from './throttle-keys.ts';

/*
 * A password reset by mailed code, in two steps: the code is asked for, then entered with the
 * new password. better-auth keeps and checks the code and ends every session of the account.
 */

/**
 * POST /api/auth/email-otp/request-password-reset: mails a reset code when the address has an
 * account, and answers the same whether it has one or not (docs/product-rules.md): the answer
 * tells nobody who has an account.
 */
export async function requestPasswordReset(
  deps: Pick<AuthFlowDeps, 'auth' | 'db' | 'publicUrl' | 'log'>,
  client: ClientContext,
  input: { email: string },
): Promise<Outcome<PasswordResetRequestedResponse>> {
  // Counted for every address, so the limit does not tell known ones from unknown ones either.
  await countCodeSend(deps.db, client, input.email, AUTH_MESSAGES.resetSendLimit);
  // better-auth mails the code only to an account, and answers alike without one. Its mail
  // callback reports through `codeMailOutcome` whether the mail could be queued.
  const outcome = { failed: false };
  const call = await codeMailOutcome.run(outcome, () =>
    forwardToAuth(deps.auth, deps.publicUrl, client, '/email-otp/request-password-reset', {
      email: input.email,
    }),
  );
  if (!call.ok) throw betterAuthFailure(deps.log, call, 'requestReset');
  if (outcome.failed) throw new AuthError(503, 'MAIL_UNAVAILABLE', AUTH_MESSAGES.mailUnavailable);
  return {
    body: { success: true, message: AUTH_MESSAGES.resetCodeSentIfAccount },
    setCookies: [],
  };
}

/**
 * POST /api/auth/email-otp/reset-password: sets the new password with the mailed code. An
 * address without an account has no reset code: it answers as a wrong code does.
 */
export async function resetPassword(
  deps: Pick<AuthFlowDeps, 'auth' | 'db' | 'accounts' | 'publicUrl' | 'log'>,
  client: ClientContext,
  input: { email: string; otp: string; password: string },
): Promise<Outcome<AuthSuccessResponse>> {
  const { db, accounts } = deps;
  const ipKey = await countFailureFromIp(db, client);
  const call = await forwardToAuth(deps.auth, deps.publicUrl, client, '/email-otp/reset-password', {
    email: input.email,
    otp: input.otp,
    password: input.password,
  });
  if (!call.ok) {
    if (!isCodeFailure(call)) await releaseThrottle(db, ipKey);
    throw betterAuthFailure(deps.log, call, 'reset');
  }
  await releaseThrottle(db, ipKey);
  // A reset by mailed code proves the address and ends the account's sign-in lock.
  await clearThrottle(db, throttleKeys.signInAccount(input.email));
  const user = await accounts.findAccountByEmail(input.email);
  if (user) await accounts.grantProfileOnEmailVerified(user);
  return { body: { success: true }, setCookies: call.setCookies };
}
