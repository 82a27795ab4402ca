import { AUTH_LIMITS } from '@vr/contracts';
import { sql } from 'drizzle-orm';
import { authThrottles } from '../../db/schema.ts';
import {
  findThrottle,
  pruneThrottles,
  secondsUntil,
  sqlTimestamp as ts,
} from '../../db/throttles.repo.ts';
import type { DbOrTx } from '../../db/transaction.ts';

/*
 * The sign-in backoff of an account, and of an account from one address (docs/decisions/0011),
 * on the shared counters of `auth_throttles` (db/throttles.repo.ts).
 */

export type SignInAttempt =
  { allowed: true; failures: number } | { allowed: false; retryAfterSeconds: number };

const HOUR_MS = 60 * 60 * 1000;
const FAILURE_MEMORY_MS = AUTH_LIMITS.signInFailureMemoryHours * HOUR_MS;

/**
 * Counts one sign-in attempt on `key` (an account, or an account from one address) before the
 * password is checked, if its schedule lets it through: after `signInFreeFailures` failures,
 * each further attempt waits 2^(n-5) s after the last one (n = failures so far), up to
 * `signInMaxDelaySeconds`. `failures` includes this attempt; `releaseThrottle` gives it back
 * when it did not fail.
 */
export async function consumeSignInAttempt(
  db: DbOrTx,
  key: string,
  now: Date = new Date(),
): Promise<SignInAttempt> {
  await pruneThrottles(db, now);
  const free = AUTH_LIMITS.signInFreeFailures;
  const forgotten = forgottenSql(now);
  const waited = sql`${authThrottles.updatedAt} + make_interval(secs => ${delaySql(sql`${authThrottles.count}`, free)}) <= ${ts(now)}`;
  const rows = await db
    .insert(authThrottles)
    .values({ key, count: 1, windowStartedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: authThrottles.key,
      set: countedFailure(now),
      setWhere: sql`${forgotten} or ${authThrottles.count} < ${free} or ${waited}`,
    })
    .returning({ count: authThrottles.count });
  if (rows[0]) return { allowed: true, failures: rows[0].count };
  const row = await findThrottle(db, key);
  if (!row) return { allowed: true, failures: 1 };
  const until = new Date(row.updatedAt.getTime() + signInDelaySeconds(row.count) * 1000);
  return { allowed: false, retryAfterSeconds: secondsUntil(until, now) };
}

/**
 * Counts a failed sign-in on `key` past its schedule: an attempt that came before its turn
 * (answered without telling whether the password was right), or a wrong password sent with a
 * sign-in code, which the schedule does not hold back.
 */
export async function countSignInFailure(
  db: DbOrTx,
  key: string,
  now: Date = new Date(),
): Promise<void> {
  await db
    .insert(authThrottles)
    .values({ key, count: 1, windowStartedAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: authThrottles.key, set: countedFailure(now) });
}

/**
 * A sign-in from an address succeeded: its failures were the owner's own, so they leave the
 * account's count, and the address starts again from none.
 */
export async function forgetSignInFailuresFromIp(
  db: DbOrTx,
  accountKey: string,
  accountFromIpKey: string,
): Promise<void> {
  await db.execute(sql`
    with gone as (
      delete from ${authThrottles} where ${authThrottles.key} = ${accountFromIpKey}
      returning ${authThrottles.count}
    )
    update ${authThrottles}
    set count = greatest(${authThrottles.count} - coalesce((select sum(count) from gone), 0), 0)
    where ${authThrottles.key} = ${accountKey}`);
}

/**
 * The wait after `failures` failed sign-ins, in seconds (0 while under the free failures); the
 * same rule as `delaySql`, which applies it in the database.
 */
export function signInDelaySeconds(failures: number): number {
  const over = failures - AUTH_LIMITS.signInFreeFailures;
  if (over < 0) return 0;
  return Math.min(2 ** Math.min(over, 10), AUTH_LIMITS.signInMaxDelaySeconds);
}

/** A count of failures last updated longer ago than the memory: it starts again. */
function forgottenSql(now: Date) {
  return sql`${authThrottles.updatedAt} <= ${ts(new Date(now.getTime() - FAILURE_MEMORY_MS))}`;
}

function countedFailure(now: Date) {
  const forgotten = forgottenSql(now);
  return {
    count: sql`case when ${forgotten} then 1 else ${authThrottles.count} + 1 end`,
    windowStartedAt: sql`case when ${forgotten} then ${ts(now)} else ${authThrottles.windowStartedAt} end`,
    updatedAt: now,
  };
}

function delaySql(count: ReturnType<typeof sql>, free: number) {
  return sql`least(power(2, least(greatest(${count} - ${free}, 0), 10)), ${AUTH_LIMITS.signInMaxDelaySeconds})::double precision`;
}
