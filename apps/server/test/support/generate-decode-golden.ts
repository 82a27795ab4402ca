import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
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
 * of the differential test. corgi needs about 100 ms a request (it reads the patterns of every
 * WMI and model year anew), so the requests are shared among one child process per core, and
 * the output is committed.
 */
const databasePath = await ensureVpicDatabaseFile(testConfig().DATA_DIR);
const samples = decodeSamples(await loadDecodeIndex(databasePath), GOLDEN_SEED);
const [, , part, parts] = process.argv;

if (part !== undefined && parts !== undefined) {
  const oracle = await openCorgiDecoder(databasePath);
  const answers: GoldenAnswer[] = [];
  for (let i = Number(part); i < samples.length; i += Number(parts)) {
    const sample = samples[i] as GoldenAnswer;
    const vin = normalizeVin(sample.vin);
    answers.push({ ...sample, vin, result: await oracle.decode(vin, sample.modelYear) });
  }
  await oracle.close();
  process.send?.(answers);
} else {
  const count = Math.max(1, availableParallelism());
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const child = fork(process.argv[1] ?? '', [String(i), String(count)]);
      return new Promise<GoldenAnswer[]>((resolve, reject) => {
        child.once('message', (answers) => resolve(answers as GoldenAnswer[]));
        child.once('error', reject);
      });
    }),
  );
  const answers = samples.map((_, i) => results[i % count]?.[Math.floor(i / count)]);
  writeFileSync(GOLDEN_PATH, gzipSync(JSON.stringify(answers), { level: 9 }));
  process.stdout.write(`${answers.length} answers written to ${GOLDEN_PATH.pathname}\n`);
}
