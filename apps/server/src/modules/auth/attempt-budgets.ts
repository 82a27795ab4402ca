import { AUTH_LIMITS, AUTH_MESSAGES } from '@vr/contracts';
import type { DbOrTx } from '../../db/transaction.ts';
import { consumeThrottle, releaseThrottle } from '../../db/throttles.repo.ts';
import { AuthError } from './auth-errors.ts';
import type { ClientContext } from './better-auth-calls.ts';
import { throttleKeys } from './throttle-keys.ts';

/*
 * The budgets the account flows count before they mail a code or check a secret. Each is
 * counted first and given back (releaseThrottle) when the attempt turns out not to count.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** At most 3 codes per e-mail per 5 minutes, and a per-IP cap, over every path that mails one. */
export async function countCodeSend(
  db: DbOrTx,
  client: ClientContext,
  email: string,
  limitMessage: string,
): Promise<void> {
  const emailKey = throttleKeys.codeSendsToEmail(email);
  const perEmail = await consumeThrottle(
    db,
    emailKey,
    AUTH_LIMITS.otpSendsPerWindow,
    AUTH_LIMITS.otpSendWindowMinutes * MINUTE_MS,
  );
  if (!perEmail.allowed) {
    throw new AuthError(429, 'OTP_SEND_LIMIT', limitMessage, {
      retryAfterSeconds: perEmail.retryAfterSeconds,
    });
  }
  const perIp = await consumeThrottle(
    db,
    throttleKeys.codeSendsFromIp(client.ip),
    AUTH_LIMITS.otpSendsPerIpPerHour,
    HOUR_MS,
  );
  if (!perIp.allowed) {
    await releaseThrottle(db, emailKey);
    throw new AuthError(429, 'OTP_SEND_LIMIT', limitMessage, {
      retryAfterSeconds: perIp.retryAfterSeconds,
    });
  }
}

/**
 * Counts an attempt that checks a secret (password or code) against the IP's hourly budget of
 * failures, before the check; the caller gives it back when the attempt did not fail.
 */
export async function countFailureFromIp(db: DbOrTx, client: ClientContext): Promise<string> {
  const key = throttleKeys.failuresFromIp(client.ip);
  const result = await consumeThrottle(db, key, AUTH_LIMITS.failuresPerIpPerHour, HOUR_MS);
  if (!result.allowed) {
    throw new AuthError(429, 'TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyFailuresFromIp, {
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
  return key;
}
