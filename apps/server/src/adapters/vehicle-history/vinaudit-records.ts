import type { BrandCategory, HistoryRecord, Odometer } from './vehicle-history.ts';

/**
 * VinAudit's report JSON as its documentation describes it (docs/reports.md, "Data sources").
 * Every value may be missing or a string: numbers and booleans arrive as strings.
 */
type Field = string | number | boolean | null | undefined;
type Row = Record<string, Field>;

export interface VinauditReport {
  titles?: Row[];
  checks?: Row[];
  jsi?: Row[];
  thefts?: Row[];
  accidents?: Row[];
  salvage?: Row[];
  sale?: Row[];
  // Copies of the documentation name the lien array `lien` or `lie`: both are read.
  lien?: Row[];
  lie?: Row[];
}

/** NMVTIS, where VinAudit's title, brand and lien records come from. */
const NMVTIS = 'NMVTIS';

function text(value: Field): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
}

function truthy(value: Field): boolean | null {
  const t = text(value)?.toLowerCase();
  if (t === undefined || t === null) return null;
  if (['true', 'yes', 'y', '1'].includes(t)) return true;
  if (['false', 'no', 'n', '0'].includes(t)) return false;
  return null;
}

/** `YYYY-MM-DD…` or the US `MM/DD/YYYY` as ISO `YYYY-MM-DD`; null for anything else. */
export function vinauditDate(value: Field): string | null {
  const t = text(value);
  if (!t) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (iso) return validDate(+iso[1]!, +iso[2]!, +iso[3]!);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (us) return validDate(+us[3]!, +us[1]!, +us[2]!);
  return null;
}

function validDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

function unitOf(value: string | null): Odometer['unit'] {
  return value && /^k/i.test(value) ? 'km' : 'mi';
}

/** "24301.0", "24,301" as whole units; null when there is no reading. */
function reading(value: Field): number | null {
  const t = text(value)?.replace(/,/g, '');
  if (!t) return null;
  const n = Number.parseFloat(t);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}

function statusOf(words: string | null): Odometer['status'] {
  if (!words) return 'unknown';
  if (/not\s*actual/i.test(words)) return 'not-actual';
  if (/mechanical\s*limit/i.test(words)) return 'exceeds-limits';
  if (/exempt/i.test(words)) return 'exempt';
  if (/actual/i.test(words)) return 'actual';
  return 'unknown';
}

/** A salvage auction's odometer, e.g. "24301.0 mi (ACTUAL)". */
export function auctionOdometer(value: Field): Odometer | null {
  const t = text(value);
  const match = t ? /^([\d,.]+)\s*([a-z]*)\s*(?:\((.*)\))?/i.exec(t) : null;
  const miles = match ? reading(match[1]) : null;
  if (miles === null) return null;
  return { value: miles, unit: unitOf(match![2] ?? null), status: statusOf(match![3] ?? null) };
}

/** The brand's category, from its own words (NMVTIS brand titles). */
export function brandCategory(words: string): BrandCategory {
  const w = words.toLowerCase();
  if (/rebuil|reconstruct|restored/.test(w)) return 'rebuilt';
  if (/flood|water/.test(w)) return 'flood';
  if (/junk|scrap|dismantl|destroy|crush|parts only|non-repairable/.test(w)) return 'junk';
  if (/salvage/.test(w)) return 'salvage';
  if (/lemon|buyback|buy back|warranty return/.test(w)) return 'lemon';
  if (/odometer|mileage|not actual|mechanical limit|\btmu\b/.test(w)) return 'odometer';
  if (/fire|burn/.test(w)) return 'fire';
  if (/hail/.test(w)) return 'hail';
  return 'other';
}

function place(...parts: Field[]): string | null {
  const found = parts.map(text).filter((p): p is string => p !== null);
  return found.length ? found.join(', ') : null;
}

/** "$8,988" as cents. */
function priceCents(value: Field): number | null {
  const t = text(value)?.replace(/[$,\s]/g, '');
  const n = t ? Number.parseFloat(t) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : null;
}

/** The report's records, normalised, in the report's order of sections. */
export function vinauditRecords(report: VinauditReport): HistoryRecord[] {
  const rows = (list: Row[] | undefined) => (Array.isArray(list) ? list : []);
  const records: HistoryRecord[] = [];
  for (const t of rows(report.titles)) {
    const meter = reading(t.meter);
    records.push({
      kind: 'title',
      date: vinauditDate(t.date),
      source: NMVTIS,
      state: text(t.state),
      // Title records carry no odometer status.
      odometer:
        meter === null
          ? null
          : { value: meter, unit: unitOf(text(t.meter_unit)), status: 'unknown' },
      current: truthy(t.current) === true,
    });
  }
  for (const c of rows(report.checks)) {
    const words = text(c.brand_title) ?? text(c.brand_code) ?? 'Brand';
    const brander = text(c.brander_code);
    records.push({
      kind: 'brand',
      date: vinauditDate(c.date),
      source: text(c.brander_name) ?? NMVTIS,
      title: words,
      category: brandCategory(words),
      // A state brander's code is the state's postal code.
      state: brander && /^[A-Z]{2}$/.test(brander) ? brander : null,
    });
  }
  for (const j of rows(report.jsi)) {
    records.push({
      kind: 'junk-salvage-insurance',
      date: vinauditDate(j.date),
      source: text(j.brander_name) ?? NMVTIS,
      recordType: text(j.record_type) ?? 'Junk, salvage or insurance record',
      location: place(j.brander_city, j.brander_state),
      disposition: text(j.vehicle_disposition),
      intendedForExport: truthy(j.intended_for_export),
    });
  }
  for (const t of rows(report.thefts)) {
    records.push({
      kind: 'theft',
      date: vinauditDate(t.date_of_theft),
      source: text(t.source_name) ?? text(t.source) ?? NMVTIS,
      status: text(t.theft_status) ?? text(t.record_type) ?? 'Reported stolen',
      recoveredOn: vinauditDate(t.date_of_recovery),
    });
  }
  for (const a of rows(report.accidents)) {
    records.push({
      kind: 'accident',
      date: vinauditDate(a.date),
      source: text(a.source_name) ?? text(a.source) ?? 'Accident records',
      description: text(a.manner_of_collision) ?? 'Accident reported',
    });
  }
  for (const s of rows(report.salvage)) {
    records.push({
      kind: 'salvage-auction',
      date: vinauditDate(s.date),
      source: 'Salvage auction',
      location: text(s.location),
      primaryDamage: text(s.primary_damage),
      secondaryDamage: text(s.secondary_damage),
      odometer: auctionOdometer(s.odometer),
    });
  }
  for (const s of rows(report.sale)) {
    records.push({
      kind: 'sale-listing',
      date: vinauditDate(s.date),
      source: text(s.seller_type) ?? 'Sale listing',
      priceCents: priceCents(s.listing_price),
      seller: text(s.seller_name),
      location: place(s.seller_city, s.seller_state),
      odometer: null,
    });
  }
  for (const l of [...rows(report.lien), ...rows(report.lie)]) {
    records.push({
      kind: 'lien',
      date: vinauditDate(l.date),
      source: NMVTIS,
      holder: text(l.agency) ?? 'Lien holder not named',
    });
  }
  return records;
}
