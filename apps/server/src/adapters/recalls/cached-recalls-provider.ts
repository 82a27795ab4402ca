import type { Db } from '../../db/client.ts';
import { findCachedRecalls, storeCachedRecalls } from './recall-cache.repo.ts';
import {
  recallModelsKey,
  recallsKey,
  type ModelRecalls,
  type RecallsProvider,
} from './recalls-provider.ts';

/** How long an answer is reused: recalls change by the week, not by the minute. */
export const RECALLS_CACHE_MS = 24 * 60 * 60 * 1000;

/**
 * `provider` behind the `recall_cache` table: one make, model and year's recalls, and one make
 * and year's model names (keyed `models:MAKE|YEAR`, which no `MAKE|MODEL|YEAR` key can be), are
 * asked of the provider at most once a day, across instances. Provider errors pass through and
 * are not cached.
 */
export function createCachedRecallsProvider(deps: {
  db: Db;
  provider: RecallsProvider;
  now?: () => Date;
}): RecallsProvider {
  const now = deps.now ?? (() => new Date());
  async function cached<T>(vehicleKey: string, ask: () => Promise<T>): Promise<T> {
    const at = now();
    const freshAfter = new Date(at.getTime() - RECALLS_CACHE_MS);
    const found = await findCachedRecalls<T>(deps.db, { vehicleKey, freshAfter });
    if (found) return found;
    const answer = await ask();
    await storeCachedRecalls(deps.db, { vehicleKey, list: answer, fetchedAt: at });
    return answer;
  }
  const { provider } = deps;
  return {
    name: provider.name,
    source: provider.source,
    sandbox: provider.sandbox,
    async modelsFor(vehicle, signal) {
      const entry = await cached(`models:${recallModelsKey(vehicle)}`, async () => ({
        models: await provider.modelsFor(vehicle, signal),
      }));
      return entry.models;
    },
    recallsFor(vehicle, signal) {
      return cached<ModelRecalls>(recallsKey(vehicle), () => provider.recallsFor(vehicle, signal));
    },
  };
}
