import { randomUUID } from 'node:crypto';
import type { AdminPlateSearch } from '@vr/contracts';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { PlateAnswer } from '../../adapters/plates/index.ts';
import type { Db } from '../../db/client.ts';
import { authUsers, plateCache, plateSearches } from '../../db/schema.ts';

/** The provider's answer for a plate fetched after `freshAfter`, or null. */
export async function findCachedAnswer(
  db: Db,
  key: { state: string; plate: string; freshAfter: Date },
): Promise<PlateAnswer | null> {
  const [row] = await db
    .select()
    .from(plateCache)
    .where(
      and(
        eq(plateCache.state, key.state),
        eq(plateCache.plate, key.plate),
        gt(plateCache.fetchedAt, key.freshAfter),
      ),
    )
    .limit(1);
  if (!row) return null;
  return row.found && row.vin ? { found: true, vin: row.vin } : { found: false };
}

export async function storeAnswer(
  db: Db,
  entry: { state: string; plate: string; answer: PlateAnswer; provider: string; fetchedAt: Date },
): Promise<void> {
  const values = {
    found: entry.answer.found,
    vin: entry.answer.found ? entry.answer.vin : null,
    provider: entry.provider,
    fetchedAt: entry.fetchedAt,
  };
  await db
    .insert(plateCache)
    .values({ state: entry.state, plate: entry.plate, ...values })
    .onConflictDoUpdate({ target: [plateCache.state, plateCache.plate], set: values });
}

export async function recordSearch(
  db: Db,
  search: {
    userId: string;
    state: string;
    plate: string;
    outcome: 'found' | 'not_found' | 'error';
    vin?: string | null;
    fromCache: boolean;
    error?: string | null;
    at: Date;
  },
): Promise<void> {
  await db.insert(plateSearches).values({
    id: randomUUID(),
    userId: search.userId,
    state: search.state,
    plate: search.plate,
    outcome: search.outcome,
    vin: search.vin ?? null,
    fromCache: search.fromCache,
    error: search.error ?? null,
    createdAt: search.at,
  });
}

/** A page of every user's plate searches with the user's e-mail, newest first. */
export async function listPlateSearches(
  db: Db,
  page: number,
  size: number,
): Promise<{ rows: AdminPlateSearch[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select({ search: plateSearches, userEmail: authUsers.email })
      .from(plateSearches)
      .leftJoin(authUsers, eq(authUsers.id, plateSearches.userId))
      .orderBy(desc(plateSearches.createdAt), desc(plateSearches.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(plateSearches),
  ]);
  return {
    rows: rows.map(({ search, userEmail }) => ({
      id: search.id,
      userId: search.userId,
      userEmail,
      state: search.state,
      plate: search.plate,
      outcome: search.outcome,
      vin: search.vin,
      fromCache: search.fromCache,
      error: search.error,
      createdAt: search.createdAt.toISOString(),
    })),
    total: totals[0]?.total ?? 0,
  };
}
