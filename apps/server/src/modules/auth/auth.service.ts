import type { ClientContext } from './better-auth-calls.ts';
import type { AuthFlowDeps } from './flow-deps.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { resendVerificationCode } from './resend-verification-code.ts';
import { signIn } from './sign-in.ts';
import { signOut } from './sign-out.ts';
import { signUp } from './sign-up.ts';
import { verifyEmail } from './verify-email.ts';

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * The account flows, one file each (sign-up.ts, verify-email.ts, ...). Each checks what the
 * sign-in dialog needs told apart (no account, a sign-up waiting for its code, an account),
 * applies our throttles, then hands the request to better-auth and translates its answer into
 * the contract (contracts/auth.ts). Sign-ups waiting for their code are ours
 * (pending-registrations.ts); better-auth sees an account only once it is verified.
 */
export function createAuthService(deps: AuthFlowDeps) {
  return {
    signUp: (client: ClientContext, input: Parameters<typeof signUp>[2]) =>
      signUp(deps, client, input),
    verifyEmail: (client: ClientContext, input: Parameters<typeof verifyEmail>[2]) =>
      verifyEmail(deps, client, input),
    resendVerificationCode: (
      client: ClientContext,
      input: Parameters<typeof resendVerificationCode>[2],
    ) => resendVerificationCode(deps, client, input),
    signIn: (client: ClientContext, input: Parameters<typeof signIn>[2]) =>
      signIn(deps, client, input),
    requestPasswordReset: (
      client: ClientContext,
      input: Parameters<typeof requestPasswordReset>[2],
    ) => requestPasswordReset(deps, client, input),
    resetPassword: (client: ClientContext, input: Parameters<typeof resetPassword>[2]) =>
      resetPassword(deps, client, input),
    signOut: (client: ClientContext) => signOut(deps, client),
  };
}
