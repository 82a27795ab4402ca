import { AUTH_MESSAGES } from '@vr/contracts';
import { AuthError, foreignOriginError } from './auth-errors.ts';
import { authErrorCode, type AuthCall } from './better-auth-calls.ts';
import type { AuthLog } from './flow-deps.ts';

/** Which flow a better-auth failure came from: some codes read differently per flow. */
export type AuthFlow = 'signIn' | 'requestReset' | 'reset' | 'signOut';

const FALLBACK: Record<AuthFlow, string> = {
  signIn: AUTH_MESSAGES.genericFailure,
  requestReset: AUTH_MESSAGES.resendResetFailed,
  reset: AUTH_MESSAGES.genericFailure,
  signOut: AUTH_MESSAGES.genericFailure,
};

/** better-auth's error answer in the contract's terms. */
export function betterAuthFailure(log: AuthLog, call: AuthCall, flow: AuthFlow): AuthError {
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

/** A wrong, expired or exhausted code: the attempts the IP budget counts. */
export function isCodeFailure(call: AuthCall): boolean {
  const code = authErrorCode(call);
  return code === 'INVALID_OTP' || code === 'OTP_EXPIRED' || code === 'TOO_MANY_ATTEMPTS';
}
