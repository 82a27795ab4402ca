import type { VpicResult } from '@vr/contracts';
import type { VpicCatalog } from './vpic-catalog.ts';

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
  /**
   * The same answer, synchronously: only decoders that answer from memory in microseconds (the
   * compiled offline data) have it, so a batch can decode their VINs one after the other.
   */
  decodeNow?(vin: string, modelYear?: number): VpicResult;
  /**
   * Several VINs at once, one result each, in order: decoders that ask a remote service have
   * it, so a batch is one call of the service, not one per VIN.
   */
  decodeMany?(
    requests: readonly { vin: string; modelYear?: number }[],
    log?: DecodeLog,
  ): Promise<VpicResult[]>;
  /** The reference lists of the offline vPIC data, when the decoder holds that data. */
  catalog?: VpicCatalog;
  close(): Promise<void>;
}
