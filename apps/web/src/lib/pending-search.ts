/**
 * The pending search record (docs/product-rules.md#lookups): a plate search made on the landing
 * page that the dashboard finishes (decode, then the automatic order). Kept in sessionStorage, so
 * it belongs to this tab only and goes away with it.
 */
export interface PendingSearch {
  vin: string;
  fromPlate: true;
  state: string;
  plate: string;
  searchType: 'license_plate';
}

const KEY = 'vr.pending-search.v1';

export function savePendingSearch(record: Omit<PendingSearch, 'fromPlate' | 'searchType'>): void {
  const full: PendingSearch = { ...record, fromPlate: true, searchType: 'license_plate' };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(full));
  } catch {
    // storage disabled: the dashboard simply starts without it
  }
}

/** Reads and removes the record; only a license_plate search with a VIN counts. */
export function takePendingSearch(): PendingSearch | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const record = JSON.parse(raw) as Partial<PendingSearch>;
    if (record.searchType !== 'license_plate' || typeof record.vin !== 'string' || !record.vin) {
      return null;
    }
    return {
      vin: record.vin,
      fromPlate: true,
      state: String(record.state ?? ''),
      plate: String(record.plate ?? ''),
      searchType: 'license_plate',
    };
  } catch {
    return null;
  }
}
