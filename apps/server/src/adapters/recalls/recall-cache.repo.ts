import { and, eq, gt } from 'drizzle-orm';
import { recallCache } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import type { RecallList } from './recalls-provider.ts';

/** The recall list cached for `vehicleKey` after `freshAfter`, or null. */
export async function findCachedRecalls(
  db: DbOrTx,
  key: { vehicleKey: string; freshAfter: Date },
): Promise<RecallList | null> {
  const [row] = await db
    .select({ list: recallCache.list })
    .from(recallCache)
    .where(
      and(eq(recallCache.vehicleKey, key.vehicleKey), gt(recallCache.fetchedAt, key.freshAfter)),
    )
    .limit(1);
  return row ? (row.list as RecallList) : null;
}

/** Keeps (or replaces) the recall list of `vehicleKey`. */
export async function storeCachedRecalls(
  db: DbOrTx,
  entry: { vehicleKey: string; list: RecallList; fetchedAt: Date },
): Promise<void> {
  const values = { list: entry.list, fetchedAt: entry.fetchedAt };
  await db
    .insert(recallCache)
    .values({ vehicleKey: entry.vehicleKey, ...values })
    .onConflictDoUpdate({ target: recallCache.vehicleKey, set: values });
}
