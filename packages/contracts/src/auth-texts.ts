import { waitText } from './wait-text.ts';

/**
 * Accounts: the limits, the error codes and every auth text, defined once. No zod here, so the first page load can use the texts without the schemas.
 */

/**
 * A cookie scripts can read, set by the server with the same lifetime as the httpOnly session
 * cookie and cleared with it: its presence tells the web client there is a session to refresh.
 * It holds no secret. Here, with no zod, because the first page load reads it.
 */
export const SIGNED_IN_COOKIE = 'vr.signed_in';

export const AUTH_LIMITS = {
  /** Digits of a verification or reset code. */
  otpLength: 6,
  /** A code is valid this long after it was sent. */
  otpTtlMinutes: 10,
  /** Wrong entries after which a code stops working. */
  otpAttempts: 5,
  /** Codes sent to one e-mail address within `otpSendWindowMinutes`. */
  otpSendsPerWindow: 3,
  otpSendWindowMinutes: 5,
  /** Codes sent (sign-ups, resends, resets) from one IP address per hour. */
  otpSendsPerIpPerHour: 30,
  /**
   * Failed sign-ins of an account from one address before that address must wait; from all
   * addresses together, before the account counts as under attack (docs/decisions/0011).
   */
  signInFreeFailures: 5,
  /** A count of failed sign-ins starts again this long after its last failure. */
  signInFailureMemoryHours: 24,
  /** The longest wait of an address on an account, and between two answered guesses at it. */
  signInMaxDelaySeconds: 15 * 60,
  /** Failed sign-ins and code entries from one IP address per hour. */
  failuresPerIpPerHour: 100,
  /**
   * Requests per minute from one IP address to each endpoint, counted before anything is looked
   * up, so no answer (an address known or not) comes faster than this.
   */
  requestsPerIpPerMinute: {
    signUp: 10,
    verifyEmail: 20,
    resendVerification: 20,
    requestPasswordReset: 20,
    resetPassword: 20,
    deleteUnverifiedUser: 5,
  },
  /** A sign-up not verified within this many hours is gone. */
  pendingSignUpHours: 24,
  /** Sign-ups waiting for verification per e-mail address; a newer one drops the oldest. */
  pendingSignUpsPerEmail: 5,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  emailMaxLength: 254,
  fullNameMaxLength: 200,
} as const;

/** Every auth text, the dialog's and the server's, in one place (docs/auth-api.md). */
export const AUTH_MESSAGES = {
  // form validation.
  emailRequired: 'Email is required',
  emailInvalidClient: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  codeRequired: 'Verification code is required',
  codeFormat: 'Verification code must be 6 digits',
  newPasswordRequired: 'New password is required',
  confirmNewPasswordRequired: 'Please confirm your new password',
  passwordHint:
    'The password must be at least 8 characters long and contain at least one uppercase letter, one lowercase letter, one special character and one number.',

  // registration.
  passwordPolicy:
    'Password does not meet the required criteria: it needs at least 8 characters, an upper-case letter, a lower-case letter, a digit and a symbol.',
  /** What one password lacks, e.g. "an upper-case letter, a digit and a symbol". */
  passwordMissing: (missing: readonly string[]) =>
    `Password does not meet the required criteria: it needs ${joinAnd(missing)}.`,
  passwordTooLong: `Password must be at most ${AUTH_LIMITS.passwordMaxLength} characters.`,
  invalidEmail: 'Invalid email format. Please check your email address.',
  registrationFailed: 'Registration failed. Please try again.',
  existsVerified:
    'An account with this email already exists and is verified. Please sign in instead.',
  registrationCodeSent:
    'Registration successful! A verification code has been sent to your email. Please check your inbox.',
  fullNameTooLong: `Full name must be at most ${AUTH_LIMITS.fullNameMaxLength} characters.`,

  // verification.
  invalidCode: 'Invalid verification code. Please check and try again.',
  expiredCode: 'Verification code has expired. Please request a new one.',
  codeAttemptsExceeded: 'Too many incorrect codes. Please request a new code.',
  noPendingVerification: 'No pending verification found. Please register again.',
  verificationFailed: 'Verification failed. Please try again.',

  // resend verification code.
  verificationCodeResent:
    'A new verification code has been sent to your email. Please check your inbox.',
  resendVerificationEmailRequired: 'Email is required to resend verification code.',
  resendVerificationNotFound:
    'No pending verification found for this email. Please register first or try signing in if you already have an account.',
  verificationSendLimit:
    'Too many attempts. Please wait a few minutes before requesting a new code.',
  alreadyVerified: 'This email is already verified. Please try signing in.',
  resendVerificationFailed: 'Failed to resend verification code. Please try again.',

  // resend reset code.
  resendResetEmailRequired: 'Email is required to resend reset code.',
  resetSendLimit: 'Too many attempts. Please wait before requesting a new code.',
  resendResetFailed: 'Failed to resend reset code. Please try again.',

  // generic auth and token.
  genericFailure: 'An error occurred. Please try again.',
  tokenNotAvailable: 'Authentication token not available',
  autoSignInFailed: 'Auto sign-in failed',

  // dialog status texts.
  verifiedAndSignedIn: 'Registration and sign in successful! Redirecting to dashboard...',
  verifiedSignInManually: 'Email verified successfully! You can now sign in.',
  /**
   * The answer to every password reset request, known address or not: the spec's two texts
   * would tell who has an account (docs/product-rules.md, "Password reset request: the same
   * answer for every address").
   */
  resetCodeSentIfAccount: 'If an account exists for this address, a reset code has been sent.',
  resetSigningIn: 'Password reset successful! Signing you in...',
  resetSignInManually: 'Password reset successful! You can now sign in with your new password.',
  signInRedirecting: 'Sign in successful! Redirecting to dashboard...',
  signInWelcomeBack: 'Sign in successful! Welcome back.',
  additionalVerification:
    'Additional verification required. Please click sign up to re-register, you can use this same email.',

  // The server's own.
  invalidCredentials: 'Incorrect email or password.',
  tooManyFailuresFromIp: 'Too many failed attempts from your network. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  authRequired: 'Authentication required. Please sign in.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  adminRequired: 'Administrator access required.',
  mailUnavailable: 'We could not send the e-mail right now. Please try again in a moment.',
  accountNotDeleted: 'The account was not deleted.',

  // Sign-in of an account under attack: password and mailed code (docs/decisions/0011).
  signInCodeRequired:
    'After repeated failed sign-in attempts, this account needs a code as well as the password. If your password is correct, a sign-in code has been sent to your email: enter it below.',
  signInCodeResent: 'If your password is correct, a new sign-in code has been sent to your email.',
  signInCodeInvalid:
    'This sign-in code is wrong or has expired. Enter the code from the newest email, or ask for a new one.',
} as const;

/** Verify mode: the hint under the code input. */
export function verifyCodeHint(email: string): string {
  return `Enter the 6-digit code sent to ${email}`;
}

/** Reset step: where the code went (only an address with an account gets one). */
export function resetCodeHint(email: string): string {
  return `If ${email} has an account, we e-mailed a 6-digit code there. Enter it below.`;
}

/** "Too many failed sign-in attempts. Please try again in 2 seconds." */
export function signInLockedMessage(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts. Please try again in ${waitText(retryAfterSeconds)}.`;
}

/**
 * The `code` of every auth error answer. The `message` next to it is the text to show; the code
 * tells the client what to do (e.g. USER_NOT_FOUND on verify: back to register after 3 s).
 */
export const AUTH_ERROR_CODES = [
  'INVALID_INPUT',
  'INVALID_EMAIL',
  'PASSWORD_POLICY',
  'USER_EXISTS_VERIFIED',
  'USER_NOT_FOUND',
  'EMAIL_ALREADY_VERIFIED',
  'INVALID_OTP',
  'OTP_EXPIRED',
  'OTP_ATTEMPTS_EXCEEDED',
  'OTP_SEND_LIMIT',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'SIGN_IN_LOCKED',
  'STEP_UP_REQUIRED',
  'TOO_MANY_REQUESTS',
  'UNAUTHORIZED',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'MAIL_UNAVAILABLE',
  'AUTH_FAILED',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** "a, b and c". */
function joinAnd(items: readonly string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** A user's name as the API answers it (empty strings when missing) and their address. */
interface NamedUser {
  email: string;
  firstName: string;
  lastName: string;
}

/** How a user is named on screen: their name, else their e-mail address (never a placeholder). */
export function displayName(user: NamedUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Avatar initials: of the name, else of the e-mail's local part ("ann.lee@…" → "AL"). */
export function userInitials(user: NamedUser): string {
  const words = [user.firstName, user.lastName].filter((w) => w.trim());
  const parts = words.length > 0 ? words : (user.email.split('@')[0] ?? '').split(/[._+-]+/);
  return parts
    .filter((p) => p)
    .slice(0, 2)
    .map((p) => p.charAt(0))
    .join('')
    .toUpperCase();
}
