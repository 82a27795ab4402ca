import type { DecodeIndexData } from './decode-index-data.ts';
import { indexedPatterns } from './indexed-patterns.ts';
import { answerVpic, patternQueryOf } from './vpic-answer.ts';
import { openVpicCatalog } from './vpic-catalog.ts';
import type { VinDecoder } from './vin-decoder.ts';
import { inspectVin } from './vin-inspection.ts';
import type { VpicReferenceData } from './vpic-reference-data.ts';

/**
 * The offline decoder: the compiled index in memory, so a decode costs microseconds on the
 * calling thread and never touches SQLite; its reference lists answer the vPIC list endpoints.
 */
export function openCompiledDecoder(data: DecodeIndexData): VinDecoder {
  const reference: VpicReferenceData = {
    wmis: new Map(data.reference.wmis),
    modelSchemas: new Set(data.reference.modelSchemas),
    conversions: data.reference.conversions,
    wildcardPatterns: new Map(data.reference.wildcardPatterns),
  };
  const candidatesOf = indexedPatterns(data);
  const decodeNow = (vin: string, modelYear?: number) => {
    const inspection = inspectVin(vin, modelYear);
    const query = patternQueryOf(inspection, reference);
    const found = query ? candidatesOf(query, inspection) : undefined;
    return answerVpic(reference, inspection, found?.candidates, found?.surfaced);
  };
  return {
    decode: (vin, modelYear) => Promise.resolve(decodeNow(vin, modelYear)),
    decodeNow,
    catalog: openVpicCatalog(data.catalog),
    close: () => Promise.resolve(),
  };
}
