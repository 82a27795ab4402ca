import { useMutation } from '@tanstack/react-query';
import { LOOKUP_MESSAGES, type VehicleSummary } from '@vr/contracts';

export { useCreditPackages, type CatalogState } from '../../lib/catalog.ts';

const loadDecoder = () => import('../../lib/decode.ts');

/** Starts loading the decode client (and its schema) before the first search needs it. */
export function prefetchDecoder(): void {
  loadDecoder().catch(() => undefined);
}

/** The free VIN decode as a mutation: resolves with the Vehicle Found summary. */
export function useVinDecode() {
  return useMutation<VehicleSummary, Error, string>({
    mutationFn: async (vin) => {
      let decoder: Awaited<ReturnType<typeof loadDecoder>>;
      try {
        decoder = await loadDecoder();
      } catch (error) {
        throw new Error(LOOKUP_MESSAGES.decodeNetwork, { cause: error });
      }
      return decoder.decodeVin(vin);
    },
  });
}
