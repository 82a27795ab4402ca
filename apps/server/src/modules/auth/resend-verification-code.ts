import { AUTH_MESSAGES, type AuthSuccessResponse } from '@vr/contracts';
import { countCodeSend } from './attempt-budgets.ts';
import { AuthError } from './auth-errors.ts';
import type { ClientContext } from './better-auth-calls.ts';
import { queuingCodeMail } from './auth.mails.ts';
import type { AuthFlowDeps } from './flow-deps.ts';
import { waitingSignUps } from './pending-registrations.ts';
import type { Outcome } from './session-answer.ts';

/**
 * POST /api/auth/email-otp/send-verification-otp: mails a new code for the caller's own sign-up
 * (the one made with this password) only.
 */
export async function resendVerificationCode(
  deps: Pick<AuthFlowDeps, 'db' | 'accounts' | 'registrations' | 'log'>,
  client: ClientContext,
  input: { email: string; password: string },
): Promise<Outcome<AuthSuccessResponse>> {
  const { registrations } = deps;
  const pendings = await waitingSignUps(
    deps,
    input.email,
    AUTH_MESSAGES.resendVerificationNotFound,
  );
  // Counted before the password is checked: besides the mails, this bounds the guesses at a
  // sign-up's password through this route to 3 per 5 minutes per address.
  await countCodeSend(deps.db, client, input.email, AUTH_MESSAGES.verificationSendLimit);
  const own = await registrations.ownOf(pendings, input.password);
  const mailed = own && (await queuingCodeMail(deps.log, () => registrations.mailNewCode(own)));
  if (!mailed) {
    throw new AuthError(404, 'USER_NOT_FOUND', AUTH_MESSAGES.resendVerificationNotFound);
  }
  return { body: { success: true }, setCookies: [] };
}
