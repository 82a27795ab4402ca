import { TIMINGS } from '@vr/contracts';
import { useEffect, useEffectEvent } from 'react';
import { saveLookupIntent, takeLookupIntent, type LookupIntent } from '../../lib/lookup-intent.ts';

/**
 * Hands a lookup interrupted by a sign-in or by Buy Credits (lib/lookup-intent.ts) to `carryOn`,
 * once, when VIN Records opens. A plate search found on the landing page is finished after a
 * short pause (docs/product-rules.md#lookups, the plate flow).
 */
export function useLookupIntent(carryOn: (intent: LookupIntent) => void): void {
  const handOver = useEffectEvent(carryOn);
  useEffect(() => {
    const intent = takeLookupIntent();
    if (!intent) return;
    let handedOver = false;
    const pause =
      intent.searchType === 'license_plate' && intent.vin ? TIMINGS.pendingPlateSearchMs : 0;
    const timer = setTimeout(() => {
      handedOver = true;
      handOver(intent);
    }, pause);
    return () => {
      clearTimeout(timer);
      // Unmounted before it ran (StrictMode does that once): it waits for the next mount.
      if (!handedOver) saveLookupIntent(intent);
    };
  }, []);
}
