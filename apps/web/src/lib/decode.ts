import {
  LOOKUP_MESSAGES,
  decodeResponseSchema,
  toVehicleSummary,
  vinProblemText,
  type DecodeResponse,
  type VehicleSummary,
} from '@vr/contracts';

/*
 * Loaded on demand (the first VIN search): the response schema brings zod along.
 */

/**
 * The free decode (docs/product-rules.md#the-free-decode): our own server answers vPIC's
 * DecodeVinValues on the same origin. A non-OK answer throws 'NHTSA API request failed: {status}';
 * a request that never reached the server throws the lookup network message.
 */
export async function fetchDecode(vin: string, signal?: AbortSignal): Promise<DecodeResponse> {
  let res: Response;
  try {
    res = await fetch(`/api/vehicles/DecodeVinValues/${encodeURIComponent(vin)}?format=json`, {
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(LOOKUP_MESSAGES.decodeNetwork, { cause: error });
  }
  if (!res.ok) throw new Error(`NHTSA API request failed: ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new Error(LOOKUP_MESSAGES.noResults);
  }
  const parsed = decodeResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error(LOOKUP_MESSAGES.noResults);
  return parsed.data;
}

/**
 * The rules of docs/product-rules.md#lookups: the first result is used and it counts only when its
 * ErrorCode is '0'; otherwise the failure is thrown in plain words (vinProblemText).
 */
export function interpretDecode(vin: string, response: DecodeResponse): VehicleSummary {
  const first = response.Results[0];
  if (!first) throw new Error(LOOKUP_MESSAGES.noResults);
  if ((first.ErrorCode ?? '').trim() !== '0') {
    throw new Error(vinProblemText(first.ErrorCode, first.ErrorText));
  }
  return toVehicleSummary(vin, first);
}

/** Decodes one VIN into what the Vehicle Found modal shows, or throws the message to display. */
export async function decodeVin(vin: string, signal?: AbortSignal): Promise<VehicleSummary> {
  return interpretDecode(vin, await fetchDecode(vin, signal));
}
