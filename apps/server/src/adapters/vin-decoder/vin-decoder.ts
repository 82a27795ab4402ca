import type { VpicResult } from '@vr/contracts';

/** Where a decoder reports trouble it recovered from; a request's logger fits. */
export interface DecodeLog {
  warn(details: object, message: string): void;
}

/**
 * Decodes one VIN, already normalized (see normalizeVin), into a vPIC DecodeVinValues result
 * (vPIC variable names, string values). Implementations never throw for bad input: vPIC's
 * ErrorCode/ErrorText carry the verdict.
 */
export interface VinDecoder {
  decode(vin: string, modelYear?: number, log?: DecodeLog): Promise<VpicResult>;
  close(): Promise<void>;
}
