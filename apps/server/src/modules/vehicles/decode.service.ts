import {
  API_MESSAGES,
  DECODE_BATCH_MAX,
  VIN_INPUT_MAX,
  VPIC_CORE_VARIABLES,
  modelYearSchema,
  normalizeVin,
  type DecodeResponse,
  type VpicResult,
} from '@vr/contracts';
import type { DecodeLog, VinDecoder } from '../../adapters/vin-decoder/vin-decoder.ts';
import { HttpError } from '../../http/errors.ts';
import type { TimeSlices } from '../../lib/time-slices.ts';

/** vPIC's own wording, which vPIC clients may show or compare. */
export const DECODE_MESSAGE =
  'Results returned successfully. NOTE: Any missing decoded values should be interpreted as NHTSA does not have data on the specific variable. Missing value should be interpreted as blank';

/**
 * How long the VINs of batches are decoded before the event loop takes in other requests. An
 * offline decode takes tens of microseconds, so a turn holds a few dozen VINs of the batches at
 * the head of the queue, and a health check waits about this long, not a whole flood's worth.
 */
export const DECODE_TURN_MS = 1;

export interface DecodeRequest {
  vin: string;
  modelYear?: number;
}

export interface DecodeService {
  decodeVin(request: DecodeRequest, log: DecodeLog): Promise<DecodeResponse>;
  decodeVinBatch(data: string, log: DecodeLog): Promise<DecodeResponse>;
}

/** `turns` is shared by every batch of the instance: that is what bounds a turn. */
export function createDecodeService(deps: {
  decoder: VinDecoder;
  turns: TimeSlices;
}): DecodeService {
  const { decoder, turns } = deps;
  return {
    async decodeVin(request, log) {
      const result = await decodeOne(decoder, request, log);
      return {
        Count: 1,
        Message: DECODE_MESSAGE,
        SearchCriteria: `VIN:${result.VIN}`,
        Results: [result],
      };
    },

    async decodeVinBatch(data, log) {
      const requests = parseBatchData(data);
      const results = decoder.decodeNow
        ? await decodeInOrder(decoder.decodeNow.bind(decoder), requests)
        : await decodeAtOnce(requests, log);
      return {
        Count: results.length,
        Message: DECODE_MESSAGE,
        SearchCriteria: '',
        Results: results,
      };
    },
  };

  /**
   * Every VIN of the batch queued at once, behind those of earlier batches: batches are answered
   * in the order they came, each within a few turns of reaching the head of the queue, instead of
   * all of them advancing together and finishing last; each VIN's whole work, decode and
   * completion, falls inside its turn.
   */
  function decodeInOrder(
    decodeNow: NonNullable<VinDecoder['decodeNow']>,
    requests: DecodeRequest[],
  ): Promise<VpicResult[]> {
    return Promise.all(
      requests.map((request) =>
        turns.run(() => {
          const vin = normalizeVin(request.vin);
          return completeResult(decodeNow(vin, request.modelYear), vin);
        }),
      ),
    );
  }

  /**
   * A decoder that may wait on the live service: the whole batch in one call of it (one
   * upstream call per batch, as the decode budget counts it).
   */
  async function decodeAtOnce(requests: DecodeRequest[], log: DecodeLog): Promise<VpicResult[]> {
    const vins = requests.map((r) => ({ ...r, vin: normalizeVin(r.vin) }));
    if (!decoder.decodeMany) return Promise.all(vins.map((r) => decodeOne(decoder, r, log)));
    const results = await decoder.decodeMany(vins, log);
    return results.map((result, i) => completeResult(result, vins[i]?.vin ?? ''));
  }
}

/** What a refusal of the batch's `DATA` says besides its message. */
const BAD_DATA = { code: 'INVALID_INPUT', field: 'DATA' } as const;

/** vPIC's batch syntax: `vin[,year];vin[,year];...`; blank entries are skipped. */
export function parseBatchData(data: string): DecodeRequest[] {
  const entries = data
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) {
    throw new HttpError(400, `DATA: ${API_MESSAGES.batchDataExpected}`, BAD_DATA);
  }
  if (entries.length > DECODE_BATCH_MAX) {
    throw new HttpError(400, API_MESSAGES.tooManyVins(DECODE_BATCH_MAX), BAD_DATA);
  }
  return entries.map((entry, i) => {
    const comma = entry.indexOf(',');
    const vin = comma < 0 ? entry : entry.slice(0, comma);
    if (vin.length > VIN_INPUT_MAX) {
      throw new HttpError(
        400,
        `DATA entry ${i + 1}: ${API_MESSAGES.vinTooLong(VIN_INPUT_MAX)}`,
        BAD_DATA,
      );
    }
    if (comma < 0) return { vin: entry };
    const year = modelYearSchema.safeParse(entry.slice(comma + 1));
    if (!year.success) {
      const reason = year.error.issues[0]?.message ?? API_MESSAGES.batchDataExpected;
      throw new HttpError(400, `DATA entry ${i + 1}: ${reason}`, BAD_DATA);
    }
    return { vin: entry.slice(0, comma), modelYear: year.data };
  });
}

async function decodeOne(
  decoder: VinDecoder,
  request: DecodeRequest,
  log: DecodeLog,
): Promise<VpicResult> {
  const vin = normalizeVin(request.vin);
  return completeResult(await decoder.decode(vin, request.modelYear, log), vin);
}

const EMPTY_CORE_VARIABLES: VpicResult = Object.fromEntries(
  VPIC_CORE_VARIABLES.map((name) => [name, '']),
);

/**
 * Every core variable is present and every value a string, whichever source answered, so
 * clients can read the result without checking for absent keys. Built by spreading, which keeps
 * the wide object in V8's fast mode: added one key at a time it turned into a dictionary, which
 * JSON.stringify writes about three times slower.
 */
function completeResult(result: VpicResult, vin: string): VpicResult {
  const complete: VpicResult = { ...EMPTY_CORE_VARIABLES, ...result };
  for (const name of Object.keys(result)) {
    const value: unknown = complete[name];
    if (typeof value !== 'string') complete[name] = String(value ?? '');
  }
  complete.VIN ||= vin;
  return complete;
}
