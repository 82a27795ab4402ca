import { createHash } from 'node:crypto';
import { AUTH_LIMITS } from '@vr/contracts';
import { consumeThrottle } from '../../db/throttles.repo.ts';
import { enqueueMail } from '../../jobs/mail-delivery.ts';
import type { ClientContext } from './better-auth-calls.ts';
import { codeMail, newMailedCode, queuingCodeMail } from './auth.mails.ts';
import type { AuthFlowDeps } from './flow-deps.ts';
import { replaceSignInCode } from './sign-in-codes.repo.ts';
import { throttleKeys } from './throttle-keys.ts';

/*
 * The sign-in codes of an account under attack (docs/decisions/0011): mailed to the owner for
 * the address that asked, entered with the password (sign-in.ts).
 */

const MINUTE_MS = 60 * 1000;

/** Codes are stored hashed, as better-auth stores its own. */
export function hashSignInCode(code: string): string {
  return createHash('sha256').update(code).digest('base64url');
}

/**
 * Mails the owner a new sign-in code for this address, queued with the code. At most
 * `otpSendsPerWindow` per account and window, on a count of their own: past it nothing is
 * sent and the answer stays the same, and strangers, who can spend the other code-mail
 * budgets, cannot spend this one without the password.
 */
export async function mailSignInCode(
  deps: Pick<AuthFlowDeps, 'db' | 'jobs' | 'productName' | 'log'>,
  client: ClientContext,
  input: { email: string },
): Promise<void> {
  const { db } = deps;
  const budget = await consumeThrottle(
    db,
    throttleKeys.signInCodesToEmail(input.email),
    AUTH_LIMITS.otpSendsPerWindow,
    AUTH_LIMITS.otpSendWindowMinutes * MINUTE_MS,
  );
  if (!budget.allowed) return;
  const code = newMailedCode();
  const now = new Date();
  await queuingCodeMail(deps.log, () =>
    db.transaction(async (tx) => {
      await replaceSignInCode(tx, {
        email: input.email,
        ip: client.ip,
        codeHash: hashSignInCode(code),
        expiresAt: new Date(now.getTime() + AUTH_LIMITS.otpTtlMinutes * MINUTE_MS),
        now,
      });
      await enqueueMail(deps.jobs, tx, codeMail(deps.productName, input.email, 'sign-in', code));
    }),
  );
}
