import { randomInt } from 'node:crypto';
import { AUTH_LIMITS, AUTH_MESSAGES } from '@vr/contracts';
import { escapeHtml, type MailMessage } from '../../adapters/mail/index.ts';
import { AuthError } from './auth-errors.ts';
import type { AuthLog } from './flow-deps.ts';

export type CodePurpose = 'email-verification' | 'forget-password' | 'sign-in' | 'change-email';

const IGNORE_IF_NOT_YOU =
  'If you did not ask for it, you can ignore this e-mail; nothing changes without the code.';

const PURPOSES: Record<CodePurpose, { subject: string; action: string; ifNotYou?: string }> = {
  'email-verification': {
    subject: 'verification code',
    action: 'verify your e-mail address and finish creating your account',
  },
  'forget-password': { subject: 'password reset code', action: 'reset your password' },
  // Mailed only after the right password: a stranger who sent it knows the password.
  'sign-in': {
    subject: 'sign-in code',
    action: 'finish signing in, on the device where you asked for it',
    ifNotYou:
      'If you did not try to sign in, someone else knows your password: nobody gets in without this code, but change your password (Forgot password? in the sign-in dialog).',
  },
  'change-email': { subject: 'e-mail change code', action: 'confirm your new e-mail address' },
};

/** The mail carrying a one-time code: what it is for, the code, and that it expires. */
export function codeMail(
  productName: string,
  to: string,
  purpose: CodePurpose,
  code: string,
): MailMessage {
  const { subject, action, ifNotYou = IGNORE_IF_NOT_YOU } = PURPOSES[purpose];
  const minutes = AUTH_LIMITS.otpTtlMinutes;
  const text = [
    `Your ${productName} ${subject} is: ${code}`,
    '',
    `Enter this code to ${action}.`,
    `The code expires in ${minutes} minutes and can be used once.`,
    '',
    ifNotYou,
  ].join('\n');
  const p = escapeHtml(productName);
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>Your ${p} ${escapeHtml(subject)} is:</p>`,
    `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p>`,
    `<p>Enter this code to ${escapeHtml(action)}.<br>`,
    `The code expires in ${minutes} minutes and can be used once.</p>`,
    `<p style="color:#666">${escapeHtml(ifNotYou)}</p>`,
    '</body></html>',
  ].join('');
  return { to, subject: `Your ${productName} ${subject}`, text, html };
}

/** A code we mail (sign-up, sign-in): `otpLength` digits from the CSPRNG, unbiased. */
export function newMailedCode(): string {
  const digits = AUTH_LIMITS.otpLength;
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** Queues a code mail in a transaction of ours: 503 when that fails, nothing recorded. */
export async function queuingCodeMail<T>(log: AuthLog, queue: () => Promise<T>): Promise<T> {
  try {
    return await queue();
  } catch (err) {
    log.error({ err }, 'could not queue a code mail');
    throw new AuthError(503, 'MAIL_UNAVAILABLE', AUTH_MESSAGES.mailUnavailable);
  }
}
