import { cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadDecodeIndex } from '../../src/adapters/vin-decoder/decode-index-file.ts';
import { ensureVpicDatabaseFile } from '../../src/adapters/vin-decoder/vpic-database-file.ts';
import { testConfig } from './app.ts';

/**
 * Gives a fresh DATA_DIR the offline vPIC data and its compiled decode index from the suites'
 * shared DATA_DIR (compiled there once for every test worker), so a server process started on
 * it boots in seconds instead of compiling for half a minute.
 */
export async function seedVpicData(dataDir: string): Promise<void> {
  const databasePath = await ensureVpicDatabaseFile(testConfig().DATA_DIR);
  await loadDecodeIndex(databasePath);
  cpSync(dirname(databasePath), join(dataDir, 'vpic'), {
    recursive: true,
    filter: (source) => !/\.(lock|partial)$/.test(source),
  });
}
