import { AUTH_MESSAGES, type AuthSessionResponse } from '@vr/contracts';
import { AuthError } from './auth-errors.ts';
import type { AuthCall } from './better-auth-calls.ts';
import type { AuthFlowDeps } from './flow-deps.ts';

/** A result to send, with the cookies better-auth set (the httpOnly session cookie). */
export interface Outcome<T> {
  body: T;
  setCookies: string[];
}

/** The answer of a flow that signed in: better-auth's session token and the user. */
export async function sessionBody(
  deps: Pick<AuthFlowDeps, 'accounts' | 'log'>,
  call: AuthCall,
  userId: string,
): Promise<AuthSessionResponse> {
  const token = (call.json as { token?: unknown } | null)?.token;
  const user = userId ? await deps.accounts.loadAuthUser(userId) : undefined;
  if (typeof token !== 'string' || !user) {
    deps.log.error({ status: call.status }, 'auth answered success without a session');
    throw new AuthError(500, 'AUTH_FAILED', AUTH_MESSAGES.autoSignInFailed);
  }
  return { token, user };
}
