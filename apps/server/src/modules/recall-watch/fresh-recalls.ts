import {
  recallModelsKey,
  recallsKey,
  type ModelRecalls,
  type RecallsProvider,
} from '../../adapters/recalls/recalls-provider.ts';
import { storeCachedRecalls } from '../../adapters/recalls/recall-cache.repo.ts';
import type { Db } from '../../db/client.ts';

/** The pass has made as many provider calls as it may; the rest waits for the next pass. */
export class PassBudgetSpent extends Error {}

/**
 * The provider as one recall watch pass asks it: fresh (never the day-long cache, which would
 * hide a campaign published since), each make and year's model names and each make, model and
 * year's campaigns asked once per pass however many vehicles share them, at most `budget` calls
 * (checked before each), and every answer written back to the cache, so reports made after the
 * pass need not ask again.
 */
export function createFreshRecalls(deps: {
  db: Db;
  provider: RecallsProvider;
  budget: number;
  now: Date;
}): { provider: RecallsProvider; calls(): number } {
  const { db, provider, budget, now } = deps;
  const asked = new Map<string, Promise<unknown>>();
  let calls = 0;
  function once<T>(key: string, call: () => Promise<T>): Promise<T> {
    const known = asked.get(key);
    if (known) return known as Promise<T>;
    if (calls >= budget) return Promise.reject(new PassBudgetSpent());
    calls += 1;
    const answer = call().then(async (value) => {
      await storeCachedRecalls(db, { vehicleKey: key, list: toCache(key, value), fetchedAt: now });
      return value;
    });
    // A failure is remembered too: the vehicles sharing the key wait for the next pass rather
    // than each spending a call on a provider that is failing.
    asked.set(key, answer);
    return answer;
  }
  // The cache keeps model names as `{ models }` (cached-recalls-provider.ts).
  const toCache = (key: string, value: unknown) =>
    key.startsWith('models:') ? { models: value } : value;
  return {
    calls: () => calls,
    provider: {
      name: provider.name,
      source: provider.source,
      sandbox: provider.sandbox,
      modelsFor: (vehicle, signal) =>
        once(`models:${recallModelsKey(vehicle)}`, () => provider.modelsFor(vehicle, signal)),
      recallsFor: (vehicle, signal) =>
        once<ModelRecalls>(recallsKey(vehicle), () => provider.recallsFor(vehicle, signal)),
    },
  };
}
