import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { authThrottles } from './schema.ts';

/**
 * Counters kept in the database, so every server instance shares them: one row per key in the
 * `auth_throttles` table (named for its first user; each area prefixes its keys). Each
 * check-and-count is one atomic INSERT ... ON CONFLICT DO UPDATE ... WHERE, so concurrent
 * requests cannot all pass on a stale read.
 */

export type ThrottleResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const PRUNE_EVERY_MS = 10 * 60 * 1000;
const PRUNE_OLDER_THAN_MS = 2 * 24 * 60 * 60 * 1000;

export const sqlTimestamp = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

/** Fixed-window counters; rows untouched for two days are deleted now and then. */
export class WindowThrottles {
  private lastPrune = 0;

  constructor(
    protected readonly db: Db,
    protected readonly now: () => Date = () => new Date(),
  ) {}

  /** Counts one event against `key`: at most `max` per fixed window of `windowMs`. */
  async consume(key: string, max: number, windowMs: number): Promise<ThrottleResult> {
    const now = this.now();
    await this.pruneNow(now);
    const windowStart = new Date(now.getTime() - windowMs);
    const stale = sql`${authThrottles.windowStartedAt} <= ${sqlTimestamp(windowStart)}`;
    const rows = await this.db
      .insert(authThrottles)
      .values({ key, count: 1, windowStartedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: authThrottles.key,
        set: {
          count: sql`case when ${stale} then 1 else ${authThrottles.count} + 1 end`,
          windowStartedAt: sql`case when ${stale} then ${sqlTimestamp(now)} else ${authThrottles.windowStartedAt} end`,
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

  /** Gives back one event counted by `consume` (the event turned out not to count). */
  async release(key: string): Promise<void> {
    await this.db
      .update(authThrottles)
      .set({ count: sql`greatest(${authThrottles.count} - 1, 0)` })
      .where(eq(authThrottles.key, key));
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(authThrottles).where(eq(authThrottles.key, key));
  }

  protected async read(key: string) {
    const [row] = await this.db
      .select()
      .from(authThrottles)
      .where(eq(authThrottles.key, key))
      .limit(1);
    return row;
  }

  protected async pruneNow(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    await this.db
      .delete(authThrottles)
      .where(lt(authThrottles.updatedAt, new Date(now.getTime() - PRUNE_OLDER_THAN_MS)));
  }
}
