import type { AuthSuccessResponse } from '@vr/contracts';
import { forwardToAuth, type ClientContext } from './better-auth-calls.ts';
import { betterAuthFailure } from './better-auth-errors.ts';
import type { AuthFlowDeps } from './flow-deps.ts';
import type { Outcome } from './session-answer.ts';

/**
 * POST /api/auth/sign-out: ends the session of the bearer token or cookie on the server and
 * clears the cookie.
 */
export async function signOut(
  deps: Pick<AuthFlowDeps, 'auth' | 'publicUrl' | 'log'>,
  client: ClientContext,
): Promise<Outcome<AuthSuccessResponse>> {
  const call = await forwardToAuth(deps.auth, deps.publicUrl, client, '/sign-out', {});
  if (!call.ok) throw betterAuthFailure(deps.log, call, 'signOut');
  return { body: { success: true }, setCookies: call.setCookies };
}
