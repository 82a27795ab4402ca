import { LOOKUP_MESSAGES, PLATE_LIMITS, type PlateSearchResponse } from '@vr/contracts';
import {
  PlateProviderError,
  type PlateAnswer,
  type PlateProvider,
} from '../../adapters/plates/index.ts';
import type { Db } from '../../db/client.ts';
import { consumeThrottle, releaseThrottle } from '../../db/throttles.repo.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { ProviderFailedError, TooManyRequestsError } from '../../http/errors.ts';
import { findCachedAnswer, recordSearch, storeAnswer } from './plates.repo.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
export const PLATE_FOUND_MESSAGE = 'Vehicle found';

const quotaKeys = {
  user: (userId: string) => `plate:user:${userId}`,
  ip: (ip: string) => `plate:ip:${clientAddressKey(ip)}`,
};

export interface PlateHealth {
  /** null: not checked (the provider has no probe that is not billed). */
  reachable: boolean | null;
  message: string;
}

export interface PlatesService {
  /**
   * Counts the search against the hourly quotas of `userId` and of `ip` (TooManyRequestsError
   * beyond either), then looks the plate up (cache first) and records it. A provider that fails
   * is recorded, then thrown as ProviderFailedError carrying the search's failure answer.
   */
  search(input: {
    userId: string;
    ip: string;
    state: string;
    plate: string;
  }): Promise<PlateSearchResponse>;
  /**
   * Whether the provider answers, asked at most once a minute (callers in between share it); a
   * provider whose every call is billed is not asked.
   */
  health(): Promise<PlateHealth>;
  readonly providerName: string;
}

/**
 * Plate to VIN with a database cache: found and not-found answers are kept `cacheDays`, so a
 * repeat lookup never reaches (or costs) the provider; identical lookups in flight share one
 * provider call; provider errors are not cached.
 *
 * Every search counts against the quotas, a cache hit too: the quotas bound what one account or
 * one address can make the server do (each search is also a row of plate_searches), and a
 * customer needs only a few searches per vehicle. Counting before the cache is read also means
 * the provider is never asked beyond them.
 */
export function createPlatesService(deps: {
  db: Db;
  provider: PlateProvider;
  cacheDays: number;
  timeoutMs: number;
  quotas: { perUserHour: number; perIpHour: number };
  now?: () => Date;
}): PlatesService {
  const { db, provider, quotas } = deps;
  const now = deps.now ?? (() => new Date());
  const inFlight = new Map<string, Promise<PlateAnswer>>();
  const notCheckedMessage = `${provider.name} is not checked: every call to it is billed.`;
  let lastHealth: { checkedAt: number; answer: Promise<PlateHealth> } | undefined;

  async function countSearch(userId: string, ip: string): Promise<void> {
    const userKey = quotaKeys.user(userId);
    const perUser = await consumeThrottle(db, userKey, quotas.perUserHour, HOUR_MS, now());
    if (!perUser.allowed) {
      throw new TooManyRequestsError(
        LOOKUP_MESSAGES.plateUserQuota(quotas.perUserHour, perUser.retryAfterSeconds),
        perUser.retryAfterSeconds,
      );
    }
    const perIp = await consumeThrottle(db, quotaKeys.ip(ip), quotas.perIpHour, HOUR_MS, now());
    if (!perIp.allowed) {
      await releaseThrottle(db, userKey);
      throw new TooManyRequestsError(
        LOOKUP_MESSAGES.plateIpQuota(quotas.perIpHour, perIp.retryAfterSeconds),
        perIp.retryAfterSeconds,
      );
    }
  }

  async function askProvider(state: string, plate: string): Promise<PlateAnswer> {
    const key = `${state}/${plate}`;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const call = (async () => {
      const answer = await provider.lookup(state, plate, AbortSignal.timeout(deps.timeoutMs));
      await storeAnswer(db, { state, plate, answer, provider: provider.name, fetchedAt: now() });
      return answer;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, call);
    return call;
  }

  async function checkHealth(probe: NonNullable<PlateProvider['health']>): Promise<PlateHealth> {
    try {
      await probe(AbortSignal.timeout(deps.timeoutMs));
      return { reachable: true, message: `${provider.name} answers` };
    } catch (err) {
      return { reachable: false, message: (err as Error).message };
    }
  }

  return {
    providerName: provider.name,
    async search({ userId, ip, state, plate }) {
      await countSearch(userId, ip);
      const base = { state, plateNumber: plate };
      const record = (
        outcome: 'found' | 'not_found' | 'error',
        extra: { vin?: string | null; fromCache: boolean; error?: string | null },
      ) => recordSearch(db, { userId, state, plate, outcome, ...extra, at: now() });

      const freshAfter = new Date(now().getTime() - deps.cacheDays * DAY_MS);
      let answer = await findCachedAnswer(db, { state, plate, freshAfter });
      const fromCache = answer !== null;
      if (!answer) {
        try {
          answer = await askProvider(state, plate);
        } catch (err) {
          if (!(err instanceof PlateProviderError)) throw err;
          await record('error', { fromCache: false, error: err.message });
          throw new ProviderFailedError(
            err.kind === 'timeout' ? 'timeout' : 'failed',
            err.message || LOOKUP_MESSAGES.plateFailed,
            { ...base, success: false, found: false, vin: null, error: err.message },
          );
        }
      }
      if (answer.found) {
        await record('found', { vin: answer.vin, fromCache });
        return {
          ...base,
          success: true,
          found: true,
          vin: answer.vin,
          error: null,
          message: PLATE_FOUND_MESSAGE,
        };
      }
      await record('not_found', { fromCache });
      return {
        ...base,
        success: true,
        found: false,
        vin: null,
        error: null,
        message: LOOKUP_MESSAGES.plateNotFound,
      };
    },
    health() {
      const probe = provider.health;
      if (!probe) return Promise.resolve({ reachable: null, message: notCheckedMessage });
      // The route is public: one probe per interval, whatever the outcome, and concurrent
      // callers wait for the same one.
      const at = now().getTime();
      if (!lastHealth || at - lastHealth.checkedAt >= PLATE_LIMITS.healthCheckEverySeconds * 1000) {
        lastHealth = { checkedAt: at, answer: checkHealth(probe.bind(provider)) };
      }
      return lastHealth.answer;
    },
  };
}
