import { LRUCache } from 'lru-cache';
import { VIN_LENGTH, type VpicResult } from '@vr/contracts';
import type { LiveVpicClient } from './live-vpic-client.ts';
import type { DecodeLog, VinDecoder } from './vin-decoder.ts';

/**
 * An answer from the offline data standing in for a failed live call is kept only this long,
 * so the live service is asked again once it is back.
 */
const FALLBACK_TTL_MS = 5 * 60_000;

/**
 * Asks the live vPIC service first and the offline data when it fails, and remembers the last
 * `cacheSize` answers by VIN and model year, sparing the round trips to NHTSA. Inputs longer than a VIN are
 * decoded but not remembered, so no request can make the cache hold large keys.
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
      log?.warn({ err, vin }, 'live vPIC failed; answering from the offline vPIC data');
      return { result: await offline.decode(vin, modelYear), fallback: true };
    }
  }

  return {
    async decode(vin, modelYear, log) {
      if (vin.length > VIN_LENGTH) return (await decodeFresh(vin, modelYear, log)).result;
      const key = `${vin}|${modelYear ?? ''}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const { result, fallback } = await decodeFresh(vin, modelYear, log);
      // Every later caller shares this object.
      Object.freeze(result);
      cache.set(key, result, fallback ? { ttl: FALLBACK_TTL_MS } : {});
      return result;
    },
    // Lists are answered from the offline data: they change a few times a year.
    ...(offline.catalog ? { catalog: offline.catalog } : {}),
    close: () => offline.close(),
  };
}
