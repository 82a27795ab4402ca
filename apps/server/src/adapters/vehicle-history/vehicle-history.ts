/**
 * A vehicle's history records, normalised from whichever provider supplied them
 * (docs/architecture.md#adapters). Every record says where it came from and when, so the report
 * can print both on every line. Dates are ISO `YYYY-MM-DD`, or null when the source gave none.
 */

export type Odometer = {
  /** Whole units as read; providers send strings such as "24301.0". */
  value: number;
  unit: 'mi' | 'km';
  /**
   * Whether the reading is declared actual. "Not actual" and "exceeds mechanical limits" (the
   * odometer rolled over) are red flags; "exempt" (not certified) is worth a look.
   */
  status: 'actual' | 'not-actual' | 'exceeds-limits' | 'exempt' | 'unknown';
};

type Sourced = {
  date: string | null;
  /** Who reported the record (a state DMV, an insurer, an auction, ...). */
  source: string;
};

export type TitleRecord = Sourced & {
  kind: 'title';
  state: string | null;
  odometer: Odometer | null;
  /** The vehicle's current title, as opposed to an earlier one. */
  current: boolean;
};

export type BrandCategory =
  'salvage' | 'rebuilt' | 'flood' | 'junk' | 'lemon' | 'odometer' | 'fire' | 'hail' | 'other';

export type BrandRecord = Sourced & {
  kind: 'brand';
  /** The brand's own words, e.g. "Salvage: Damage or Not Specified". */
  title: string;
  category: BrandCategory;
  state: string | null;
};

/** A junk yard, salvage yard or insurer reported the vehicle (NMVTIS "JSI" records). */
export type JunkSalvageInsuranceRecord = Sourced & {
  kind: 'junk-salvage-insurance';
  recordType: string;
  location: string | null;
  disposition: string | null;
  intendedForExport: boolean | null;
};

export type TheftRecord = Sourced & {
  kind: 'theft';
  status: string;
  recoveredOn: string | null;
};

export type AccidentRecord = Sourced & {
  kind: 'accident';
  description: string;
};

export type SalvageAuctionRecord = Sourced & {
  kind: 'salvage-auction';
  location: string | null;
  primaryDamage: string | null;
  secondaryDamage: string | null;
  odometer: Odometer | null;
};

export type SaleListingRecord = Sourced & {
  kind: 'sale-listing';
  priceCents: number | null;
  seller: string | null;
  location: string | null;
  odometer: Odometer | null;
};

/**
 * A lien recorded on the title. NMVTIS lists recorded liens with no release or status, so a
 * record says only that the lien was recorded, never that it is still owed or was released.
 */
export type LienRecord = Sourced & {
  kind: 'lien';
  holder: string;
};

export type HistoryRecord =
  | TitleRecord
  | BrandRecord
  | JunkSalvageInsuranceRecord
  | TheftRecord
  | AccidentRecord
  | SalvageAuctionRecord
  | SaleListingRecord
  | LienRecord;

export type HistoryRecordKind = HistoryRecord['kind'];

export type VehicleHistory = {
  vin: string;
  /** The provider's name as the report prints it, e.g. "VinAudit (NMVTIS)". */
  provider: string;
  /** Sandbox data is invented: the report marks every page of it (docs/product-rules.md). */
  sandbox: boolean;
  records: HistoryRecord[];
};

/** Printed on every page of a report made from sandbox data (docs/reports.md, "Data sources"). */
export const SANDBOX_REPORT_MARK = 'SANDBOX SAMPLE - not real vehicle records';

/**
 * The provider failed. `retryable` errors (down, maintenance window, rate limit, timeout) are
 * retried with backoff; the others mean the report cannot be made and the order is refunded.
 */
export class VehicleHistoryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Vehicle history records: VinAudit's NMVTIS API in production, the sandbox by default. */
export interface VehicleHistoryProvider {
  readonly name: string;
  readonly sandbox: boolean;
  /** The provider's free question: are there any records for this VIN? */
  hasRecords(vin: string, signal: AbortSignal): Promise<boolean>;
  /**
   * The paid report. `reportId` is ours and unique per order, so a retried job is billed once.
   * Rejects with a VehicleHistoryError.
   */
  pullReport(vin: string, reportId: string, signal: AbortSignal): Promise<VehicleHistory>;
}
