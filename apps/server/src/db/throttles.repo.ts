import { eq, lt, sql } from 'drizzle-orm';
import { authThrottles } from './schema.ts';
import type { DbOrTx } from './transaction.ts';

/*
 * Counters kept in the database, so every server instance shares them: one row per key in the
 * `auth_throttles` table (named for its first user; each area prefixes its keys). Each
 * check-and-count is one atomic INSERT ... ON CONFLICT DO UPDATE ... WHERE, so concurrent
 * requests cannot all pass on a stale read.
 */

export type ThrottleResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type ThrottleRow = typeof authThrottles.$inferSelect;

const PRUNE_EVERY_MS = 10 * 60 * 1000;
const PRUNE_OLDER_THAN_MS = 2 * 24 * 60 * 60 * 1000;

export const sqlTimestamp = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

/**
 * Counts one event against `key` in a fixed window: at most `max` per `windowMs`. Past it, the
 * seconds until the window ends.
 */
export async function consumeThrottle(
  db: DbOrTx,
  key: string,
  max: number,
  windowMs: number,
  now: Date = new Date(),
): Promise<ThrottleResult> {
  await pruneThrottles(db, now);
  const windowStart = new Date(now.getTime() - windowMs);
  const stale = sql`${authThrottles.windowStartedAt} <= ${sqlTimestamp(windowStart)}`;
  const rows = await db
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
  const row = await findThrottle(db, key);
  const until = row ? new Date(row.windowStartedAt.getTime() + windowMs) : now;
  return { allowed: false, retryAfterSeconds: secondsUntil(until, now) };
}

/** Gives back one event counted on `key` (the event turned out not to count). */
export async function releaseThrottle(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(authThrottles)
    .set({ count: sql`greatest(${authThrottles.count} - 1, 0)` })
    .where(eq(authThrottles.key, key));
}

export async function clearThrottle(db: DbOrTx, key: string): Promise<void> {
  await db.delete(authThrottles).where(eq(authThrottles.key, key));
}

export async function findThrottle(db: DbOrTx, key: string): Promise<ThrottleRow | undefined> {
  const [row] = await db.select().from(authThrottles).where(eq(authThrottles.key, key)).limit(1);
  return row;
}

/** When this process last deleted old counters, by the wall clock (callers may pass a fake `now`). */
let lastPrune = 0;

/**
 * Deletes the counters untouched for two days before `now`, at most once every ten minutes per
 * process: a counter that old has run out whatever its window.
 */
export async function pruneThrottles(db: DbOrTx, now: Date): Promise<void> {
  if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = Date.now();
  await db
    .delete(authThrottles)
    .where(lt(authThrottles.updatedAt, new Date(now.getTime() - PRUNE_OLDER_THAN_MS)));
}
