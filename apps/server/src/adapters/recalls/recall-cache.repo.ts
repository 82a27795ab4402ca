import { and, eq, gt } from 'drizzle-orm';
import { recallCache } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/transaction.ts';

/**
 * The answer cached under `vehicleKey` after `freshAfter`, or null. The caller's key says what
 * it holds: a model's recall list, or a make and year's model names.
 */
export async function findCachedRecalls<T>(
  db: DbOrTx,
  key: { vehicleKey: string; freshAfter: Date },
): Promise<T | null> {
  const [row] = await db
    .select({ list: recallCache.list })
    .from(recallCache)
    .where(
      and(eq(recallCache.vehicleKey, key.vehicleKey), gt(recallCache.fetchedAt, key.freshAfter)),
    )
    .limit(1);
  return row ? (row.list as T) : null;
}

/** Keeps (or replaces) the answer of `vehicleKey`. */
export async function storeCachedRecalls(
  db: DbOrTx,
  entry: { vehicleKey: string; list: unknown; fetchedAt: Date },
): Promise<void> {
  const values = { list: entry.list, fetchedAt: entry.fetchedAt };
  await db
    .insert(recallCache)
    .values({ vehicleKey: entry.vehicleKey, ...values })
    .onConflictDoUpdate({ target: recallCache.vehicleKey, set: values });
}
