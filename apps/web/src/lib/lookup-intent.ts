/**
 * What the customer was about to look up when a detour took them away from it: the sign-in or
 * sign-up dialog, or Buy Credits (docs/product-rules.md#lookups). VIN Records takes it the next
 * time it opens and carries on from there. Kept in sessionStorage: it belongs to this tab only and
 * goes away with it.
 */
export type LookupIntent =
  /** A decoded VIN: VIN Records shows the vehicle, its report preview and the order button. */
  | { searchType: 'vin'; vin: string }
  /** A plate search; with its VIN when found already, else VIN Records searches the plate. */
  | { searchType: 'license_plate'; state: string; plate: string; vin: string | null };

const KEY = 'vr.lookup-intent.v2';
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

export function saveLookupIntent(intent: LookupIntent): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(intent));
  } catch {
    // Storage disabled: the detour simply ends on an empty VIN Records.
  }
}

export function hasLookupIntent(): boolean {
  try {
    return sessionStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/** The detour was abandoned (the sign-in dialog closed): nothing to carry on later. */
export function dropLookupIntent(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept, nothing to drop
  }
}

/** Reads and removes the intent; anything malformed counts as none. */
export function takeLookupIntent(): LookupIntent | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const record = JSON.parse(raw) as Record<string, unknown>;
    const vin = typeof record.vin === 'string' && VIN.test(record.vin) ? record.vin : null;
    if (record.searchType === 'vin') return vin ? { searchType: 'vin', vin } : null;
    if (
      record.searchType === 'license_plate' &&
      typeof record.state === 'string' &&
      typeof record.plate === 'string' &&
      record.state &&
      record.plate
    ) {
      return { searchType: 'license_plate', state: record.state, plate: record.plate, vin };
    }
    return null;
  } catch {
    return null;
  }
}
