import { AUTH_LIMITS } from '@vr/contracts';
import { sql } from 'drizzle-orm';
import { authThrottles } from '../../db/schema.ts';
import {
  WindowThrottles,
  secondsUntil,
  sqlTimestamp as ts,
  type ThrottleResult,
} from '../../db/throttles.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A locked account's failure count starts again after a day without failures. */
const ACCOUNT_FAILURE_MEMORY_MS = 24 * HOUR_MS;

export const throttleKeys = {
  signInAccount: (email: string) => `signin:account:${email}`,
  failuresFromIp: (ip: string) => `fail:ip:${ip}`,
  codeSendsToEmail: (email: string) => `otp:email:${email}`,
  codeSendsFromIp: (ip: string) => `otp:ip:${ip}`,
  deleteUnverifiedFromIp: (ip: string) => `delete-unverified:ip:${ip}`,
  deleteUnverifiedForEmail: (email: string) => `delete-unverified:email:${email}`,
};

/** The auth throttles: the shared fixed-window counters, and the sign-in backoff of an account. */
export class Throttles extends WindowThrottles {
  /**
   * Counts one sign-in attempt of an account, before the password is checked. After
   * `signInFreeFailures` failures each further attempt waits 2^(n-5) s after the last one
   * (n = failures so far), up to `signInMaxDelaySeconds`. A success clears the count (`clear`).
   */
  async consumeAccountAttempt(key: string): Promise<ThrottleResult> {
    const now = this.now();
    await this.pruneNow(now);
    const free = AUTH_LIMITS.signInFreeFailures;
    const forgotten = sql`${authThrottles.updatedAt} <= ${ts(new Date(now.getTime() - ACCOUNT_FAILURE_MEMORY_MS))}`;
    const waited = sql`${authThrottles.updatedAt} + make_interval(secs => ${delaySql(sql`${authThrottles.count}`, free)}) <= ${ts(now)}`;
    const rows = await this.db
      .insert(authThrottles)
      .values({ key, count: 1, windowStartedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: authThrottles.key,
        set: {
          count: sql`case when ${forgotten} then 1 else ${authThrottles.count} + 1 end`,
          windowStartedAt: sql`case when ${forgotten} then ${ts(now)} else ${authThrottles.windowStartedAt} end`,
          updatedAt: now,
        },
        setWhere: sql`${forgotten} or ${authThrottles.count} < ${free} or ${waited}`,
      })
      .returning({ count: authThrottles.count });
    if (rows.length > 0) return { allowed: true };
    const row = await this.read(key);
    if (!row) return { allowed: true };
    const until = new Date(row.updatedAt.getTime() + accountDelaySeconds(row.count) * 1000);
    return { allowed: false, retryAfterSeconds: secondsUntil(until, now) };
  }
}

/** The wait after `failures` failed sign-ins, in seconds (0 while under the free failures). */
export function accountDelaySeconds(failures: number): number {
  const over = failures - AUTH_LIMITS.signInFreeFailures;
  if (over < 0) return 0;
  return Math.min(2 ** Math.min(over, 10), AUTH_LIMITS.signInMaxDelaySeconds);
}

function delaySql(count: ReturnType<typeof sql>, free: number) {
  return sql`least(power(2, least(greatest(${count} - ${free}, 0), 10)), ${AUTH_LIMITS.signInMaxDelaySeconds})::double precision`;
}
