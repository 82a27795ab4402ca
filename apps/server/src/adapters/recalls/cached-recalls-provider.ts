import type { Db } from '../../db/client.ts';
import { findCachedRecalls, storeCachedRecalls } from './recall-cache.repo.ts';
import { recallsKey, type RecallsProvider } from './recalls-provider.ts';

/** How long a model's recall list is reused: recalls change by the week, not by the minute. */
export const RECALLS_CACHE_MS = 24 * 60 * 60 * 1000;

/**
 * `provider` behind the `recall_cache` table: one make, model and year asks the provider at most
 * once a day, across instances. Provider errors pass through and are not cached.
 */
export function createCachedRecallsProvider(deps: {
  db: Db;
  provider: RecallsProvider;
  now?: () => Date;
}): RecallsProvider {
  const now = deps.now ?? (() => new Date());
  return {
    name: deps.provider.name,
    async recallsFor(vehicle, signal) {
      const vehicleKey = recallsKey(vehicle);
      const at = now();
      const freshAfter = new Date(at.getTime() - RECALLS_CACHE_MS);
      const cached = await findCachedRecalls(deps.db, { vehicleKey, freshAfter });
      if (cached) return cached;
      const list = await deps.provider.recallsFor(vehicle, signal);
      await storeCachedRecalls(deps.db, { vehicleKey, list, fetchedAt: at });
      return list;
    },
  };
}
