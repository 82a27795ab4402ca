import { AUTH_MESSAGES, otpSchema, passwordProblem, passwordSchema } from '@vr/contracts';
import { z } from 'zod';
import { ApiError } from '../../lib/api.ts';

/*
 * The dialog's rules without React: modes, the form and its zod schema per mode (client
 * validation, docs/product-rules.md#accounts), the status colour and the error-code texts of
 * docs/auth-api.md. Schema-using code: loaded with the dialog, never on the first paint.
 */

export type AuthMode = 'signin' | 'register' | 'verify' | 'forgot' | 'resetConfirm';

export interface AuthForm {
  email: string;
  password: string;
  confirmPassword: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
  fullName: string;
}

export type AuthField = keyof AuthForm;

export const EMPTY_FORM: AuthForm = {
  email: '',
  password: '',
  confirmPassword: '',
  verificationCode: '',
  newPassword: '',
  confirmNewPassword: '',
  fullName: '',
};

/** Entering verify or resetConfirm keeps the fields (the e-mail is needed); others clear them. */
export function formForMode(mode: AuthMode, form: AuthForm): AuthForm {
  return mode === 'verify' || mode === 'resetConfirm' ? form : EMPTY_FORM;
}

/** Codes are digits: anything else typed is dropped, and at most six are kept. */
export function codeInput(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 6);
}

/** Green when the text contains 'successful' or 'sent', otherwise red. */
export function isSuccessMessage(message: string): boolean {
  return message.includes('successful') || message.includes('sent');
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every field as typed, unchecked; a mode's schema checks the fields the mode shows. */
const ANY_FORM = z.object({
  email: z.string(),
  password: z.string(),
  confirmPassword: z.string(),
  verificationCode: z.string(),
  newPassword: z.string(),
  confirmNewPassword: z.string(),
  fullName: z.string(),
});

/* A field's first complaint is the one shown (react-hook-form's resolver keeps the first). */

const emailField = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .regex(EMAIL_SHAPE, AUTH_MESSAGES.emailInvalidClient);

/** Sign-in asks only that a password is there (docs/product-rules.md#accounts). */
const presentPassword = z.string().min(1, AUTH_MESSAGES.passwordRequired);

/**
 * A new password, checked by the server's own rule (contracts' passwordSchema); the rule's
 * complaint names what this password lacks, not only the rule.
 */
function strongPassword(requiredMessage: string) {
  return z.string().superRefine((password, ctx) => {
    const issue = password
      ? passwordSchema.safeParse(password).error?.issues[0]?.message
      : requiredMessage;
    const message = issue === AUTH_MESSAGES.passwordPolicy ? passwordProblem(password) : issue;
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/** The repeated password: there, then the same. */
function confirmed(field: 'confirmPassword' | 'confirmNewPassword', of: AuthField) {
  return (form: AuthForm, ctx: z.RefinementCtx) => {
    if (form[field] && form[field] !== form[of]) {
      ctx.addIssue({ code: 'custom', path: [field], message: AUTH_MESSAGES.passwordsDoNotMatch });
    }
  };
}

/**
 * The client validation of one mode's form (docs/product-rules.md#accounts, with the shared
 * password rule on register and reset), for react-hook-form's zod resolver. `codeAsked`: the
 * server asked for a sign-in code (STEP_UP_REQUIRED), so sign-in checks it too.
 */
export function authFormSchema(mode: AuthMode, codeAsked = false): z.ZodType<AuthForm, AuthForm> {
  switch (mode) {
    case 'signin':
      return ANY_FORM.extend({
        email: emailField,
        password: presentPassword,
        verificationCode: codeAsked ? otpSchema : z.string(),
      });
    case 'register':
      return ANY_FORM.extend({
        email: emailField,
        password: strongPassword(AUTH_MESSAGES.passwordRequired),
        confirmPassword: z.string().min(1, AUTH_MESSAGES.confirmPasswordRequired),
      }).superRefine(confirmed('confirmPassword', 'password'));
    case 'verify':
      return ANY_FORM.extend({ verificationCode: otpSchema });
    case 'forgot':
      return ANY_FORM.extend({ email: emailField });
    case 'resetConfirm':
      return ANY_FORM.extend({
        verificationCode: otpSchema,
        newPassword: strongPassword(AUTH_MESSAGES.newPasswordRequired),
        confirmNewPassword: z.string().min(1, AUTH_MESSAGES.confirmNewPasswordRequired),
      }).superRefine(confirmed('confirmNewPassword', 'newPassword'));
  }
}

/** The flows whose failures are worded differently (docs/auth-api.md). */
export type AuthFlow =
  'signUp' | 'verify' | 'resendVerification' | 'resetRequest' | 'resendReset' | 'reset' | 'signIn';

const FALLBACK: Record<AuthFlow, string> = {
  signUp: AUTH_MESSAGES.registrationFailed,
  verify: AUTH_MESSAGES.verificationFailed,
  resendVerification: AUTH_MESSAGES.resendVerificationFailed,
  resetRequest: AUTH_MESSAGES.genericFailure,
  resendReset: AUTH_MESSAGES.resendResetFailed,
  reset: AUTH_MESSAGES.genericFailure,
  signIn: AUTH_MESSAGES.genericFailure,
};

/** The code of a failure from the auth endpoints, if it has one. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/**
 * The text the dialog shows for a failure of `flow`: by the server's `code` where the text
 * depends on the flow, else the server's message, else the flow's fallback.
 */
export function authErrorMessage(flow: AuthFlow, error: unknown): string {
  const code = errorCode(error);
  switch (code) {
    case 'PASSWORD_POLICY':
      return AUTH_MESSAGES.passwordPolicy;
    case 'INVALID_EMAIL':
      return AUTH_MESSAGES.invalidEmail;
    case 'INVALID_OTP':
      return AUTH_MESSAGES.invalidCode;
    case 'OTP_EXPIRED':
      return AUTH_MESSAGES.expiredCode;
    case 'OTP_ATTEMPTS_EXCEEDED':
      return AUTH_MESSAGES.codeAttemptsExceeded;
    case 'EMAIL_NOT_VERIFIED':
      return AUTH_MESSAGES.additionalVerification;
    case 'EMAIL_ALREADY_VERIFIED':
      return AUTH_MESSAGES.alreadyVerified;
    case 'USER_NOT_FOUND':
      if (flow === 'verify') return AUTH_MESSAGES.noPendingVerification;
      if (flow === 'resendVerification') return AUTH_MESSAGES.resendVerificationNotFound;
      break;
    case 'OTP_SEND_LIMIT':
      if (flow === 'resetRequest' || flow === 'resendReset') return AUTH_MESSAGES.resetSendLimit;
      return AUTH_MESSAGES.verificationSendLimit;
    default:
      break;
  }
  if (error instanceof Error && error.message) return error.message;
  return FALLBACK[flow];
}

/**
 * The text of a sign-in failure: the contract's own texts for the sign-in code of an account
 * under attack (docs/auth-api.md), otherwise as `authErrorMessage` words it.
 */
export function signInErrorMessage(error: unknown): string {
  const code = errorCode(error);
  if (code === 'STEP_UP_REQUIRED') return AUTH_MESSAGES.signInCodeRequired;
  if (code === 'INVALID_OTP') return AUTH_MESSAGES.signInCodeInvalid;
  return authErrorMessage('signIn', error);
}
