import { LRUCache } from 'lru-cache';
import { decodeConfigurations } from '../../lib/metrics.ts';
import type { DecodeIndexData } from './decode-index-data.ts';
import { indexedPatterns } from './indexed-patterns.ts';
import {
  answerVpic,
  patternAnswer,
  patternQueryOf,
  type PatternAnswer,
  type PatternQuery,
} from './vpic-answer.ts';
import { openVpicCatalog } from './vpic-catalog.ts';
import type { VinDecoder } from './vin-decoder.ts';
import { inspectVin, type VinInspection } from './vin-inspection.ts';
import type { VpicReferenceData } from './vpic-reference-data.ts';

/**
 * The offline decoder: the compiled index in memory, so a decode costs microseconds on the
 * calling thread and never touches SQLite; its reference lists answer the vPIC list endpoints.
 * What the patterns give a vehicle configuration is kept once it has been asked twice, for the
 * last `configurationsKept` such configurations (0 keeps none): VINs of one configuration differ
 * in characters no pattern reads, the serial number above all. The rest of the answer is made for
 * each VIN (docs/decisions/0035-decode-configurations.md).
 */
export function openCompiledDecoder(
  data: DecodeIndexData,
  { configurationsKept }: { configurationsKept: number },
): VinDecoder {
  const reference: VpicReferenceData = {
    wmis: new Map(data.reference.wmis),
    modelSchemas: new Set(data.reference.modelSchemas),
    conversions: data.reference.conversions,
    wildcardPatterns: new Map(data.reference.wildcardPatterns),
  };
  const { candidatesOf, configurationOf } = indexedPatterns(data);
  // The answers kept, and the names of the last configurations worked out: one is kept when it
  // is worked out again while its name is still there, so configurations asked once never fill
  // the heap nor push out the ones asked again and again.
  const memory =
    configurationsKept > 0
      ? {
          kept: new LRUCache<string, PatternAnswer>({ max: configurationsKept }),
          workedOutLately: new LRUCache<string, true>({ max: configurationsKept }),
        }
      : undefined;

  const keptOnes = decodeConfigurations.labels('kept');
  const workedOut = decodeConfigurations.labels('worked_out');
  const workOut = (query: PatternQuery, inspection: VinInspection): PatternAnswer => {
    const found = candidatesOf(query, inspection);
    return patternAnswer(reference, query, found.candidates, found.surfaced);
  };
  const answerOf = (query: PatternQuery, inspection: VinInspection): PatternAnswer => {
    const configuration = memory && configurationOf(query, inspection);
    const known = configuration && memory?.kept.get(configuration);
    if (known) {
      keptOnes.inc();
      return known;
    }
    workedOut.inc();
    const answer = workOut(query, inspection);
    if (!memory || !configuration) return answer;
    if (memory.workedOutLately.has(configuration)) memory.kept.set(configuration, answer);
    else memory.workedOutLately.set(configuration, true);
    return answer;
  };

  const decodeNow = (vin: string, modelYear?: number) => {
    const inspection = inspectVin(vin, modelYear);
    const query = patternQueryOf(inspection, reference);
    return answerVpic(reference, inspection, query && answerOf(query, inspection));
  };
  return {
    decode: (vin, modelYear) => Promise.resolve(decodeNow(vin, modelYear)),
    decodeNow,
    catalog: openVpicCatalog(data.catalog),
    close: () => Promise.resolve(),
  };
}
