import { AUTH_MESSAGES, otpSchema, passwordProblem, passwordSchema } from '@vr/contracts';
import type { ZodType } from 'zod';
import { ApiError } from '../../lib/api.ts';

/*
 * The dialog's rules without React: modes, the form, client validation (docs/product-rules.md#accounts with the
 * shared password rule on register and reset), the status colour and the error-code texts of
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
export type AuthErrors = Partial<Record<AuthField, string>>;

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

/** Green when the text contains 'successful' or 'sent', otherwise red. */
export function isSuccessMessage(message: string): boolean {
  return message.includes('successful') || message.includes('sent');
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkEmail(email: string): string | undefined {
  if (!email.trim()) return AUTH_MESSAGES.emailRequired;
  if (!EMAIL_SHAPE.test(email.trim())) return AUTH_MESSAGES.emailInvalidClient;
  return undefined;
}

/**
 * The first complaint of a contract schema about `value`, if any: the client checks with the
 * server's own rules (passwordSchema, otpSchema), so both word a bad field alike.
 */
function schemaMessage(schema: ZodType, value: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The rule's complaint names what this password lacks, not only the rule. */
function checkStrongPassword(password: string, requiredMessage: string): string | undefined {
  if (!password) return requiredMessage;
  const message = schemaMessage(passwordSchema, password);
  return message === AUTH_MESSAGES.passwordPolicy ? passwordProblem(password) : message;
}

/** Client validation of one mode's fields; an empty object means the form may be sent. */
export function validate(mode: AuthMode, form: AuthForm): AuthErrors {
  const errors: AuthErrors = {};
  const set = (field: AuthField, message: string | undefined) => {
    if (message) errors[field] = message;
  };
  if (mode !== 'verify' && mode !== 'resetConfirm') set('email', checkEmail(form.email));
  if (mode === 'signin' && !form.password) set('password', AUTH_MESSAGES.passwordRequired);
  if (mode === 'register') {
    set('password', checkStrongPassword(form.password, AUTH_MESSAGES.passwordRequired));
    if (!form.confirmPassword) set('confirmPassword', AUTH_MESSAGES.confirmPasswordRequired);
    else if (form.confirmPassword !== form.password)
      set('confirmPassword', AUTH_MESSAGES.passwordsDoNotMatch);
  }
  if (mode === 'verify' || mode === 'resetConfirm')
    set('verificationCode', schemaMessage(otpSchema, form.verificationCode));
  if (mode === 'resetConfirm') {
    set('newPassword', checkStrongPassword(form.newPassword, AUTH_MESSAGES.newPasswordRequired));
    if (!form.confirmNewPassword)
      set('confirmNewPassword', AUTH_MESSAGES.confirmNewPasswordRequired);
    else if (form.confirmNewPassword !== form.newPassword)
      set('confirmNewPassword', AUTH_MESSAGES.passwordsDoNotMatch);
  }
  return errors;
}

/** The sign-in code field, shown once the server asked for it (STEP_UP_REQUIRED). */
export function validateSignInCode(form: AuthForm): AuthErrors {
  const message = schemaMessage(otpSchema, form.verificationCode);
  return message ? { verificationCode: message } : {};
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
