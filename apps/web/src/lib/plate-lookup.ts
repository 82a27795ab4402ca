import { LOOKUP_MESSAGES, type PlateSearchResponse } from '@vr/contracts';
import { ApiError, api } from './api.ts';

/**
 * Finds the VIN of a plate (GET /api/api/license-plate/search/{plate}/{state}); throws the
 * lookup message of each failure (LOOKUP_MESSAGES; docs/orders-api.md, "Licence plates").
 */
export async function lookupPlate(state: string, plate: string): Promise<PlateSearchResponse> {
  let body: PlateSearchResponse;
  try {
    body = await api('GET /license-plate/search/:plate/:state', {
      params: { plate, state },
      auth: true,
    });
  } catch (err) {
    if (err instanceof ApiError) {
      const text = (err.body?.error as string | undefined) ?? err.message;
      throw new Error(text || LOOKUP_MESSAGES.plateFailed, { cause: err });
    }
    throw new Error(LOOKUP_MESSAGES.plateNetwork, { cause: err });
  }
  if (!body.success) throw new Error(body.error || LOOKUP_MESSAGES.plateFailed);
  if (!body.found || !body.vin) throw new Error(LOOKUP_MESSAGES.plateNotFound);
  return body;
}
