import { randomUUID } from 'node:crypto';
import { LOOKUP_MESSAGES, type PlateSearchResponse } from '@vr/contracts';
import { and, eq, gt } from 'drizzle-orm';
import {
  PlateProviderError,
  type PlateAnswer,
  type PlateProvider,
} from '../../adapters/plates/index.ts';
import type { Db } from '../../db/client.ts';
import { plateCache, plateSearches } from '../../db/schema.ts';

const DAY_MS = 86_400_000;
export const PLATE_FOUND_MESSAGE = 'Vehicle found';

export interface PlateSearchOutcome {
  status: 200 | 502 | 504;
  body: PlateSearchResponse;
}

export interface PlateService {
  /** Looks a plate up (cache first), records the lookup for `userId`, never throws for its outcome. */
  search(input: {
    userId: string | null;
    state: string;
    plate: string;
  }): Promise<PlateSearchOutcome>;
  health(): Promise<{ reachable: boolean; message: string }>;
  readonly providerName: string;
}

/**
 * Plate to VIN with a database cache: found and not-found answers are kept `cacheDays`, so a
 * repeat lookup never reaches (or costs) the provider; identical lookups in flight share one
 * provider call; provider errors are not cached.
 */
export function createPlateService(deps: {
  db: Db;
  provider: PlateProvider;
  cacheDays: number;
  timeoutMs: number;
  now?: () => Date;
}): PlateService {
  const { db, provider } = deps;
  const now = deps.now ?? (() => new Date());
  const inFlight = new Map<string, Promise<PlateAnswer>>();

  async function cached(state: string, plate: string): Promise<PlateAnswer | null> {
    const freshAfter = new Date(now().getTime() - deps.cacheDays * DAY_MS);
    const rows = await db
      .select()
      .from(plateCache)
      .where(
        and(
          eq(plateCache.state, state),
          eq(plateCache.plate, plate),
          gt(plateCache.fetchedAt, freshAfter),
        ),
      );
    const row = rows[0];
    if (!row) return null;
    return row.found && row.vin ? { found: true, vin: row.vin } : { found: false };
  }

  async function askProvider(state: string, plate: string): Promise<PlateAnswer> {
    const key = `${state}/${plate}`;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const call = (async () => {
      const answer = await provider.lookup(state, plate, AbortSignal.timeout(deps.timeoutMs));
      const values = {
        found: answer.found,
        vin: answer.found ? answer.vin : null,
        provider: provider.name,
        fetchedAt: now(),
      };
      await db
        .insert(plateCache)
        .values({ state, plate, ...values })
        .onConflictDoUpdate({ target: [plateCache.state, plateCache.plate], set: values });
      return answer;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, call);
    return call;
  }

  async function record(
    userId: string | null,
    state: string,
    plate: string,
    outcome: 'found' | 'not_found' | 'error',
    extra: { vin?: string | null; fromCache: boolean; error?: string | null },
  ) {
    await db.insert(plateSearches).values({
      id: randomUUID(),
      userId,
      state,
      plate,
      outcome,
      vin: extra.vin ?? null,
      fromCache: extra.fromCache,
      error: extra.error ?? null,
    });
  }

  return {
    providerName: provider.name,
    async search({ userId, state, plate }) {
      const base = { state, plateNumber: plate };
      let answer = await cached(state, plate);
      const fromCache = answer !== null;
      if (!answer) {
        try {
          answer = await askProvider(state, plate);
        } catch (err) {
          if (!(err instanceof PlateProviderError)) throw err;
          await record(userId, state, plate, 'error', { fromCache: false, error: err.message });
          return {
            status: err.kind === 'timeout' ? 504 : 502,
            body: {
              ...base,
              success: false,
              found: false,
              vin: null,
              error: err.message,
              message: err.message || LOOKUP_MESSAGES.plateFailed,
              cached: false,
            },
          };
        }
      }
      if (answer.found) {
        await record(userId, state, plate, 'found', { vin: answer.vin, fromCache });
        return {
          status: 200,
          body: {
            ...base,
            success: true,
            found: true,
            vin: answer.vin,
            error: null,
            message: PLATE_FOUND_MESSAGE,
            cached: fromCache,
          },
        };
      }
      await record(userId, state, plate, 'not_found', { fromCache });
      return {
        status: 200,
        body: {
          ...base,
          success: true,
          found: false,
          vin: null,
          error: null,
          message: LOOKUP_MESSAGES.plateNotFound,
          cached: fromCache,
        },
      };
    },
    async health() {
      try {
        await provider.health(AbortSignal.timeout(deps.timeoutMs));
        return { reachable: true, message: `${provider.name} answers` };
      } catch (err) {
        return { reachable: false, message: (err as Error).message };
      }
    },
  };
}
