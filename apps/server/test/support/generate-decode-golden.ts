import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { normalizeVin } from '@vr/contracts';
import { openCorgiDecoder } from '../../src/adapters/vin-decoder/corgi-decoder.ts';
import { loadDecodeIndex } from '../../src/adapters/vin-decoder/decode-index-file.ts';
import { ensureVpicDatabaseFile } from '../../src/adapters/vin-decoder/vpic-database-file.ts';
import { testConfig } from './app.ts';
import { GOLDEN_PATH, GOLDEN_SEED, type GoldenAnswer } from './decode-golden.ts';
import { decodeSamples } from './decode-samples.ts';

/**
 * `npm run decode:golden`: the corgi-based decoder's answers to one request per WMI, the oracle
 * of the differential test. About 100 ms a request (corgi reads the patterns of every WMI and
 * model year anew), so it runs once and its output is committed.
 */
const databasePath = await ensureVpicDatabaseFile(testConfig().DATA_DIR);
const samples = decodeSamples(await loadDecodeIndex(databasePath), GOLDEN_SEED);
const oracle = await openCorgiDecoder(databasePath);
const answers: GoldenAnswer[] = [];
for (const [i, sample] of samples.entries()) {
  const vin = normalizeVin(sample.vin);
  answers.push({ ...sample, vin, result: await oracle.decode(vin, sample.modelYear) });
  if (i % 1000 === 999) process.stdout.write(`${i + 1} of ${samples.length}\n`);
}
await oracle.close();
writeFileSync(GOLDEN_PATH, gzipSync(JSON.stringify(answers), { level: 9 }));
process.stdout.write(`${answers.length} answers written to ${GOLDEN_PATH.pathname}\n`);
