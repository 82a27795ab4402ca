import { beforeAll, describe, expect, it } from 'vitest';
import type { VpicResult } from '@vr/contracts';
import { VIN_LENGTH, expectedCheckDigit, normalizeVin } from '@vr/contracts';
import { openCompiledDecoder } from '../src/adapters/vin-decoder/compiled-decoder.ts';
import { openCorgiDecoder } from '../src/adapters/vin-decoder/corgi-decoder.ts';
import type { DecodeIndexData } from '../src/adapters/vin-decoder/decode-index-data.ts';
import { loadDecodeIndex } from '../src/adapters/vin-decoder/decode-index-file.ts';
import type { VinDecoder } from '../src/adapters/vin-decoder/vin-decoder.ts';
import { ensureVpicDatabaseFile } from '../src/adapters/vin-decoder/vpic-database-file.ts';
import { testConfig } from './support/app.ts';
import { readGolden } from './support/decode-golden.ts';
import {
  VIN_ALPHABET,
  decodeSamples,
  seededRandom,
  type DecodeSample,
} from './support/decode-samples.ts';

/** Variables the engine answers on purpose where the corgi-based decoder had none or less. */
const ADDED_VARIABLES = ['BrakeSystemType'];
const FRESH_COUNT = 150;
/** corgi needs about 100 ms a fresh request on an idle machine: 15 s for all of them; the golden answers cover every WMI. */
const FRESH_TIMEOUT_MS = 180_000;

function comparable(result: VpicResult): VpicResult {
  return Object.fromEntries(Object.entries(result).filter(([k]) => !ADDED_VARIABLES.includes(k)));
}

/** The requests whose answers differ, with both answers, so a failure shows what changed. */
async function differences(
  engine: VinDecoder,
  oracle: (sample: DecodeSample) => Promise<VpicResult>,
  samples: readonly DecodeSample[],
) {
  const found: { sample: DecodeSample; engine: VpicResult; oracle: VpicResult }[] = [];
  for (const sample of samples) {
    const expected = comparable(await oracle(sample));
    const actual = comparable(await engine.decode(normalizeVin(sample.vin), sample.modelYear));
    try {
      expect(actual).toEqual(expected);
    } catch {
      found.push({ sample, engine: actual, oracle: expected });
    }
  }
  return found;
}

describe('compiled decode engine', () => {
  let data: DecodeIndexData;
  let databasePath: string;
  let engine: VinDecoder;
  beforeAll(async () => {
    databasePath = await ensureVpicDatabaseFile(testConfig().DATA_DIR);
    data = await loadDecodeIndex(databasePath);
    engine = openCompiledDecoder(data, {
      configurationsKept: testConfig().DECODE_CONFIGURATIONS_KEPT,
    });
  });

  it('answers every golden request as the corgi-based decoder did', async () => {
    const golden = readGolden();
    // One request per WMI with VIN schemas.
    expect(golden.length).toBe(Object.keys(data.wmiSchemas).length);
    expect(golden.length).toBeGreaterThanOrEqual(10_000);
    const byVin = new Map(golden.map((g) => [`${g.vin}|${g.modelYear ?? ''}`, g.result]));
    const found = await differences(
      engine,
      (s) => Promise.resolve(byVin.get(`${s.vin}|${s.modelYear ?? ''}`) ?? {}),
      golden,
    );
    expect(found.slice(0, 5)).toEqual([]);
  });

  it(
    `answers ${FRESH_COUNT} fresh requests as the corgi-based decoder does`,
    async () => {
      const seed = Date.now() % 1_000_000;
      const random = seededRandom(seed);
      const all = decodeSamples(data, seed);
      const samples = Array.from(
        { length: FRESH_COUNT },
        () => all[Math.floor(random() * all.length)] as DecodeSample,
      );
      const oracle = await openCorgiDecoder(databasePath);
      try {
        const found = await differences(
          engine,
          (s) => oracle.decode(normalizeVin(s.vin), s.modelYear),
          samples,
        );
        expect({ seed, found: found.slice(0, 5) }).toEqual({ seed, found: [] });
      } finally {
        await oracle.close();
      }
    },
    FRESH_TIMEOUT_MS,
  );

  it('answers the VINs of a configuration it has kept as it answers them afresh', async () => {
    // Siblings of one request per WMI: one or two characters of positions 4–8 or 10–17 changed
    // (the check digit made right again), decoded after the request itself, so an answer kept
    // for it is asked for each sibling that shares its configuration.
    const seed = Date.now() % 1_000_000;
    const random = seededRandom(seed);
    const pick = (items: string) => items.charAt(Math.floor(random() * items.length));
    const positions = [3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16];
    const sibling = (vin: string) => {
      const chars = [...vin];
      for (let n = 1 + Math.floor(random() * 2); n > 0; n--) {
        chars[positions[Math.floor(random() * positions.length)] ?? 16] = pick(VIN_ALPHABET);
      }
      const draft = chars.join('');
      return `${draft.slice(0, 8)}${expectedCheckDigit(draft)}${draft.slice(9)}`;
    };
    const samples = decodeSamples(data, seed)
      .filter((s) => s.vin.length === VIN_LENGTH && s.modelYear === undefined)
      .flatMap((s) => [s, ...Array.from({ length: 4 }, () => ({ vin: sibling(s.vin) }))]);
    const afresh = openCompiledDecoder(data, { configurationsKept: 0 });
    const found = await differences(engine, (s) => afresh.decode(s.vin), samples);
    expect(samples.length).toBeGreaterThan(30_000);
    expect({ seed, found: found.slice(0, 5) }).toEqual({ seed, found: [] });
  });

  it("surfaces the brake system the data holds and corgi's lookup drops", async () => {
    const vin = 'JH1YK2F16HA123456';
    const oracle = await openCorgiDecoder(databasePath);
    try {
      expect((await oracle.decode(vin)).BrakeSystemType).toBeUndefined();
    } finally {
      await oracle.close();
    }
    expect(await engine.decode(vin)).toMatchObject({
      Make: 'HONDA',
      Model: 'Ridgeline',
      BrakeSystemType: 'Hydraulic',
      ErrorCode: '0',
    });
  });
});
