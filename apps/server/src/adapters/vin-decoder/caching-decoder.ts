import { LRUCache } from 'lru-cache';
import { VIN_LENGTH, type VpicResult } from '@vr/contracts';
import type { LiveVpicClient } from './live-vpic-client.ts';
import type { DecodeLog, VinDecoder } from './vin-decoder.ts';

/**
 * An answer from the offline data standing in for a failed live call is kept only this long,
 * so the live service is asked again once it is back.
 */
const FALLBACK_TTL_MS = 5 * 60_000;

const LIVE_FAILED = 'live vPIC failed; answering from the offline vPIC data';

/** Inputs longer than a VIN are decoded but not remembered: the cache holds no large keys. */
function keyOf(vin: string, modelYear: number | undefined): string | undefined {
  return vin.length > VIN_LENGTH ? undefined : `${vin}|${modelYear ?? ''}`;
}

/**
 * Asks the live vPIC service first and the offline data when it fails, and remembers the last
 * `cacheSize` answers by VIN and model year, sparing the round trips to NHTSA.
 */
export function createCachingDecoder(sources: {
  live: LiveVpicClient;
  offline: VinDecoder;
  cacheSize: number;
}): VinDecoder {
  const { live, offline } = sources;
  const cache = new LRUCache<string, VpicResult>({ max: sources.cacheSize });

  async function decodeFresh(vin: string, modelYear: number | undefined, log?: DecodeLog) {
    try {
      return { result: await live.decode(vin, modelYear), fallback: false };
    } catch (err) {
      log?.warn({ err, vin }, LIVE_FAILED);
      return { result: await offline.decode(vin, modelYear), fallback: true };
    }
  }

  /** Answers of the live service are kept; offline stand-ins for a short while. */
  function remember(key: string | undefined, result: VpicResult, fallback: boolean): VpicResult {
    // Every later caller shares this object.
    Object.freeze(result);
    if (key !== undefined) cache.set(key, result, fallback ? { ttl: FALLBACK_TTL_MS } : {});
    return result;
  }

  return {
    async decode(vin, modelYear, log) {
      const key = keyOf(vin, modelYear);
      const cached = key === undefined ? undefined : cache.get(key);
      if (cached) return cached;
      const { result, fallback } = await decodeFresh(vin, modelYear, log);
      return remember(key, result, fallback);
    },

    /** The VINs not in the cache go to the live service in one batch call. */
    async decodeMany(requests, log) {
      const keys = requests.map((r) => keyOf(r.vin, r.modelYear));
      const results = keys.map((key) => (key === undefined ? undefined : cache.get(key)));
      const missing = requests.flatMap((request, i) => (results[i] ? [] : [{ request, i }]));
      if (missing.length === 0) return results as VpicResult[];
      let fresh: VpicResult[];
      let fallback = false;
      try {
        fresh = await live.decodeBatch(missing.map((m) => m.request));
      } catch (err) {
        log?.warn({ err, vins: missing.length }, LIVE_FAILED);
        fresh = await Promise.all(
          missing.map((m) => offline.decode(m.request.vin, m.request.modelYear)),
        );
        fallback = true;
      }
      missing.forEach(({ i }, n) => {
        results[i] = remember(keys[i], fresh[n] as VpicResult, fallback);
      });
      return results as VpicResult[];
    },
    // Lists are answered from the offline data: they change a few times a year.
    ...(offline.catalog ? { catalog: offline.catalog } : {}),
    close: () => offline.close(),
  };
}
