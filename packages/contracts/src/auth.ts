import { z } from 'zod';
import { PAGE_MAX, PAGE_SIZE_MAX } from './limits.ts';

/**
 * Accounts: the request and response shapes of the auth endpoints (docs/auth-api.md), the
 * password rule shared by server and client, the limits, and every auth text, defined once.
 */

import { AUTH_LIMITS, AUTH_MESSAGES } from './auth-texts.ts';

export * from './auth-texts.ts';

export const ROLES = ['USER', 'ADMIN'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

// ---------------------------------------------------------------------------------------------
// Field schemas

/** An e-mail address, normalised once: trimmed and lower-cased. */
export function emailField(requiredMessage: string = AUTH_MESSAGES.emailRequired) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .toLowerCase()
    .min(1, requiredMessage)
    .max(AUTH_LIMITS.emailMaxLength, AUTH_MESSAGES.invalidEmail)
    .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }));
}
export const emailSchema = emailField();

const hasUpper = /[A-Z]/;
const hasLower = /[a-z]/;
const hasDigit = /[0-9]/;
const hasSpecial = /[^A-Za-z0-9]/;

/**
 * The password rule (docs/product-rules.md#accounts): 8+ characters with an upper-case letter, a lower-case
 * letter, a digit and a special character. The server enforces it on sign-up and reset; the
 * client uses the same schema.
 */
export const passwordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .max(AUTH_LIMITS.passwordMaxLength, AUTH_MESSAGES.passwordTooLong)
  .refine(
    (p) =>
      p.length >= AUTH_LIMITS.passwordMinLength &&
      hasUpper.test(p) &&
      hasLower.test(p) &&
      hasDigit.test(p) &&
      hasSpecial.test(p),
    { error: AUTH_MESSAGES.passwordPolicy },
  );

/**
 * The password rule's complaint naming what this password lacks (length, upper case, lower case,
 * digit, symbol); undefined when it passes the rule's parts. The server answers the whole rule
 * (AUTH_MESSAGES.passwordPolicy); the dialog says what is missing.
 */
export function passwordProblem(password: string): string | undefined {
  const missing = [
    password.length < AUTH_LIMITS.passwordMinLength
      ? `at least ${AUTH_LIMITS.passwordMinLength} characters`
      : null,
    hasUpper.test(password) ? null : 'an upper-case letter',
    hasLower.test(password) ? null : 'a lower-case letter',
    hasDigit.test(password) ? null : 'a digit',
    hasSpecial.test(password) ? null : 'a symbol',
  ].filter((part) => part !== null);
  return missing.length > 0 ? AUTH_MESSAGES.passwordMissing(missing) : undefined;
}

export function isStrongPassword(password: string): boolean {
  return passwordSchema.safeParse(password).success;
}

/** Sign-in checks only that a password is there (docs/product-rules.md#accounts). */
export const signInPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .max(AUTH_LIMITS.passwordMaxLength, AUTH_MESSAGES.invalidCredentials);

export const otpSchema = z
  .string({ error: AUTH_MESSAGES.codeRequired })
  .trim()
  .min(1, AUTH_MESSAGES.codeRequired)
  .regex(/^\d{6}$/, AUTH_MESSAGES.codeFormat);

export const fullNameSchema = z
  .string()
  .trim()
  .max(AUTH_LIMITS.fullNameMaxLength, AUTH_MESSAGES.fullNameTooLong);

/** Given name = first word of the full name, family name = the other words. */
export function splitFullName(fullName: string | null | undefined): {
  givenName: string | null;
  familyName: string | null;
} {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    givenName: words[0] ?? null,
    familyName: words.length > 1 ? words.slice(1).join(' ') : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Requests

export const signUpBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  fullName: fullNameSchema.optional(),
});

/**
 * The password the dialog still holds from the sign-up it verifies: a code verifies only the
 * sign-up it was mailed for, and only with that sign-up's password; a resend re-mails only that
 * sign-up's code (docs/decisions/0010-pending-registrations.md). Checked against the sign-up's
 * hash, so only its presence and length here.
 */
const heldPasswordSchema = signInPasswordSchema;

export const verifyEmailBodySchema = z.object({
  email: emailSchema,
  otp: otpSchema,
  password: heldPasswordSchema,
});

export const sendVerificationOtpBodySchema = z.object({
  email: emailField(AUTH_MESSAGES.resendVerificationEmailRequired),
  password: heldPasswordSchema,
});

export const signInBodySchema = z.object({
  email: emailSchema,
  password: signInPasswordSchema,
  /** Only after a STEP_UP_REQUIRED answer: the sign-in code it mailed (docs/auth-api.md). */
  otp: otpSchema.optional(),
});

export const requestPasswordResetBodySchema = z.object({ email: emailSchema });

export const resetPasswordBodySchema = z.object({
  email: emailSchema,
  otp: otpSchema,
  password: passwordSchema,
});

/** Sign-out, refresh and /register take no body; an empty JSON object is accepted too. */
export const emptyBodySchema = z.object({}).nullish();

export const deleteUnverifiedUserBodySchema = z.object({ email: emailSchema });

// ---------------------------------------------------------------------------------------------
// Responses

/** The signed-in user as the client shows it. */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().describe('given name; empty when the account has none'),
  lastName: z.string().describe('family name; empty when the account has none'),
  role: roleSchema,
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** Sign-in, verify (auto sign-in) and refresh: the bearer token for `/api/api` and the user. */
export const authSessionResponseSchema = z.object({
  token: z.string().describe('send as `Authorization: Bearer <token>`; keep in memory only'),
  user: authUserSchema,
});
export type AuthSessionResponse = z.infer<typeof authSessionResponseSchema>;

export const signUpResponseSchema = z.object({
  success: z.literal(true),
  email: z.string().describe('the normalised address the code was sent to'),
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

export const authSuccessResponseSchema = z.object({ success: z.literal(true) });
export type AuthSuccessResponse = z.infer<typeof authSuccessResponseSchema>;

/** The same answer whether the address has an account or not; a code is mailed only if it has. */
export const passwordResetRequestedResponseSchema = z.object({
  success: z.literal(true),
  message: z.literal(AUTH_MESSAGES.resetCodeSentIfAccount),
});
export type PasswordResetRequestedResponse = z.infer<typeof passwordResetRequestedResponseSchema>;

export const meResponseSchema = authUserSchema;

export const registerResponseSchema = z.object({
  success: z.literal(true),
  created: z.boolean().describe('false when the profile already existed'),
  user: authUserSchema,
});

export const deleteUnverifiedUserResponseSchema = z.object({
  ok: z.boolean(),
  message: z.string().optional(),
});

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
});

export const paginationSchema = z.object({
  current: z.number().int(),
  size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
