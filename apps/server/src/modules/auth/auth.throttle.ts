import { AUTH_LIMITS } from '@vr/contracts';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authThrottles } from '../../db/schema.ts';

/**
 * Throttles kept in the database, so every server instance shares them. Each check-and-count is
 * one atomic INSERT ... ON CONFLICT DO UPDATE ... WHERE, so concurrent requests cannot all pass
 * on a stale read.
 */

export type ThrottleResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const HOUR_MS = 60 * 60 * 1000;
/** A locked account's failure count starts again after a day without failures. */
const ACCOUNT_FAILURE_MEMORY_MS = 24 * HOUR_MS;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const PRUNE_OLDER_THAN_MS = 2 * 24 * HOUR_MS;

export const throttleKeys = {
  signInAccount: (email: string) => `signin:account:${email}`,
  failuresFromIp: (ip: string) => `fail:ip:${ip}`,
  codeSendsToEmail: (email: string) => `otp:email:${email}`,
  codeSendsFromIp: (ip: string) => `otp:ip:${ip}`,
  requestsFromIp: (endpoint: string, ip: string) => `requests:${endpoint}:ip:${ip}`,
};

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

export class Throttles {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Counts one event against `key`: at most `max` per fixed window of `windowMs`. */
  async consume(key: string, max: number, windowMs: number): Promise<ThrottleResult> {
    const now = this.now();
    await this.pruneNow(now);
    const windowStart = new Date(now.getTime() - windowMs);
    const stale = sql`${authThrottles.windowStartedAt} <= ${ts(windowStart)}`;
    const rows = await this.db
      .insert(authThrottles)
      .values({ key, count: 1, windowStartedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: authThrottles.key,
        set: {
          count: sql`case when ${stale} then 1 else ${authThrottles.count} + 1 end`,
          windowStartedAt: sql`case when ${stale} then ${ts(now)} else ${authThrottles.windowStartedAt} end`,
          updatedAt: now,
        },
        setWhere: sql`${stale} or ${authThrottles.count} < ${max}`,
      })
      .returning({ count: authThrottles.count });
    if (rows.length > 0) return { allowed: true };
    const row = await this.read(key);
    const until = row ? new Date(row.windowStartedAt.getTime() + windowMs) : now;
    return { allowed: false, retryAfterSeconds: secondsUntil(until, now) };
  }

  /** Gives back one event counted by `consume` (the attempt turned out not to be a failure). */
  async release(key: string): Promise<void> {
    await this.db
      .update(authThrottles)
      .set({ count: sql`greatest(${authThrottles.count} - 1, 0)` })
      .where(eq(authThrottles.key, key));
  }

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

  async clear(key: string): Promise<void> {
    await this.db.delete(authThrottles).where(eq(authThrottles.key, key));
  }

  private async read(key: string) {
    const [row] = await this.db
      .select()
      .from(authThrottles)
      .where(eq(authThrottles.key, key))
      .limit(1);
    return row;
  }

  private async pruneNow(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    await this.db
      .delete(authThrottles)
      .where(lt(authThrottles.updatedAt, new Date(now.getTime() - PRUNE_OLDER_THAN_MS)));
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
