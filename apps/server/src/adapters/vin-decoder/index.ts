import type { Config } from '../../config.ts';
import { createCachingDecoder } from './caching-decoder.ts';
import { openCompiledDecoder } from './compiled-decoder.ts';
import { loadDecodeIndex } from './decode-index-file.ts';
import { createLiveVpicClient, type LiveVpicClient } from './live-vpic-client.ts';
import type { VinDecoder } from './vin-decoder.ts';
import type { VpicCatalog } from './vpic-catalog.ts';
import { vpicFieldNames } from './vpic-shape.ts';
import { ensureVpicDatabaseFile } from './vpic-database-file.ts';

/**
 * The VIN decoder the server uses: the offline vPIC data compiled into memory (compiled once
 * into DATA_DIR, in a worker thread). With `VPIC_URL` set, the live vPIC service is asked first
 * and its answers are kept in a bounded cache. Offline answers are not cached whole: the offline
 * decoder keeps what the patterns give each configuration, shared by its VINs.
 */
export async function createVinDecoder(config: Config): Promise<VinDecoder> {
  const offline = openCompiledDecoder(
    await loadDecodeIndex(await ensureVpicDatabaseFile(config.DATA_DIR)),
    { configurationsKept: config.DECODE_CONFIGURATIONS_KEPT },
  );
  const live = createLiveVpic(config, offline.catalog);
  if (!live) return offline;
  return createCachingDecoder({ live, offline, cacheSize: config.DECODE_CACHE_SIZE });
}

/**
 * The live vPIC service when `VPIC_URL` is set: its answers may carry vPIC's documented fields
 * and the variable codes of the offline data's `catalog`.
 */
export function createLiveVpic(
  config: Config,
  catalog: VpicCatalog | undefined,
): LiveVpicClient | undefined {
  if (!config.VPIC_URL) return undefined;
  return createLiveVpicClient({
    baseUrl: config.VPIC_URL,
    timeoutMs: config.VPIC_TIMEOUT_MS,
    fieldNames: vpicFieldNames(catalog?.variableCodes()),
  });
}
