import { AUTH_MESSAGES, type SignUpResponse } from '@vr/contracts';
import { countCodeSend } from './attempt-budgets.ts';
import { AuthError } from './auth-errors.ts';
import type { ClientContext } from './better-auth-calls.ts';
import { queuingCodeMail } from './auth.mails.ts';
import type { AuthFlowDeps } from './flow-deps.ts';
import type { Outcome } from './session-answer.ts';

/**
 * POST /api/auth/sign-up/email: records a sign-up waiting for its code and mails the code; no
 * account exists until the code is entered with this password (verify-email.ts). Another sign-up
 * of the same address, before or after, is a separate one with its own code.
 */
export async function signUp(
  deps: Pick<AuthFlowDeps, 'db' | 'accounts' | 'registrations' | 'log'>,
  client: ClientContext,
  input: { email: string; password: string; fullName?: string | undefined },
): Promise<Outcome<SignUpResponse>> {
  const { email } = input;
  if (await deps.accounts.findAccountByEmail(email)) {
    throw new AuthError(409, 'USER_EXISTS_VERIFIED', AUTH_MESSAGES.existsVerified, {
      field: 'email',
    });
  }
  await countCodeSend(deps.db, client, email, AUTH_MESSAGES.verificationSendLimit);
  await queuingCodeMail(deps.log, () =>
    deps.registrations.start({
      email,
      password: input.password,
      fullName: input.fullName?.trim() ?? '',
    }),
  );
  return { body: { success: true, email }, setCookies: [] };
}
