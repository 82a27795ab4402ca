import type { VpicResult } from '@vr/contracts';

/**
 * Decodes one VIN into a vPIC DecodeVinValues result (vPIC variable names, string values).
 * Implementations never throw for bad input: vPIC's ErrorCode/ErrorText carry the verdict.
 */
export interface VinDecoder {
  decode(vin: string, modelYear?: number): Promise<VpicResult>;
  close(): Promise<void>;
}
