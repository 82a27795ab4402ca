import type { HistoryRecord, Odometer, TitleRecord } from './vehicle-history.ts';

// Position 10 of a VIN codes the model year in a 30-year cycle (letters without I, O, Q, U, Z
// and the digit 0, then the digits 1-9).
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year position 10 codes. Position 7 tells the two cycles apart for passenger
 * vehicles (a letter from 2010 on); a year still more than a year ahead of `today` falls back
 * one cycle. Null when position 10 is not a year code.
 */
export function modelYearFromVin(vin: string, today: Date): number | null {
  const index = YEAR_CODES.indexOf(vin.charAt(9));
  if (index < 0) return null;
  let year = 1980 + index + (/[A-Z]/.test(vin.charAt(6)) ? 30 : 0);
  if (year > today.getUTCFullYear() + 1) year -= 30;
  return year;
}

/** mulberry32: a tiny seeded generator, so one VIN always gets the same invented history. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of the VIN: the generator's seed. */
function seedOf(vin: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < vin.length; i++) {
    hash ^= vin.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const STATES = ['CA', 'TX', 'FL', 'NY', 'IL', 'PA', 'OH', 'GA', 'NC', 'MI', 'WA', 'AZ'];
const LENDERS = ['Sandbox Auto Finance', 'Sandbox Credit Union', 'Sandbox Bank'];

/** Where sandbox records say they come from: invented names that cannot pass for real ones. */
export function sandboxDmv(state: string): string {
  return `Sandbox DMV (${state})`;
}

function isoDate(year: number, dayOfYear: number): string {
  return new Date(Date.UTC(year, 0, 1 + dayOfYear)).toISOString().slice(0, 10);
}

function miles(value: number): Odometer {
  return { value, unit: 'mi', status: 'actual' };
}

/**
 * A plausible, deterministic history for any VIN that is not a demo VIN: titles in one or more
 * states with the odometer rising year after year from the model year, sometimes a past sale
 * listing, an accident or a lien. Nothing is dated after `today`.
 */
export function generateSandboxHistory(vin: string, today: Date): HistoryRecord[] {
  const random = seededRandom(seedOf(vin));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const thisYear = today.getUTCFullYear();
  const modelYear = Math.min(modelYearFromVin(vin, today) ?? thisYear - 5, thisYear);
  // Days into the year, kept before today so this year's records are never in the future.
  const lastDay = Math.floor((today.getTime() - Date.UTC(thisYear, 0, 1)) / 86_400_000);
  const dayIn = (year: number) => Math.floor(random() * (year === thisYear ? lastDay : 360));

  const records: HistoryRecord[] = [];
  const perYear = 8000 + Math.floor(random() * 7000);
  let year = modelYear;
  let state = pick(STATES);
  let odometer = 5 + Math.floor(random() * 40);
  const titles: TitleRecord[] = [];
  while (year <= thisYear && titles.length < 5) {
    titles.push({
      kind: 'title',
      date: isoDate(year, dayIn(year)),
      source: sandboxDmv(state),
      state,
      odometer: miles(odometer),
      current: false,
    });
    const gap = 1 + Math.floor(random() * 4);
    year += gap;
    odometer += gap * perYear + Math.floor(random() * 2000);
    if (random() < 0.4) state = pick(STATES);
  }
  const latest = titles.at(-1);
  if (latest) latest.current = true;
  records.push(...titles);

  const span = thisYear - modelYear;
  if (span >= 2 && random() < 0.5) {
    const saleYear = modelYear + 1 + Math.floor(random() * (span - 1));
    records.push({
      kind: 'sale-listing',
      date: isoDate(saleYear, dayIn(saleYear)),
      source: 'Sandbox Listings',
      priceCents: (6000 + Math.floor(random() * 30_000)) * 100,
      seller: 'Sandbox Motors',
      location: pick(STATES),
      odometer: miles((saleYear - modelYear) * perYear),
    });
  }
  if (span >= 1 && random() < 0.2) {
    const accidentYear = modelYear + Math.floor(random() * span);
    records.push({
      kind: 'accident',
      date: isoDate(accidentYear, dayIn(accidentYear)),
      source: 'Sandbox Police Reports',
      description: pick(['Rear-end collision', 'Side impact', 'Front impact', 'Sideswipe']),
    });
  }
  if (random() < 0.15) {
    records.push({
      kind: 'lien',
      date: titles[0]?.date ?? null,
      source: sandboxDmv(state),
      holder: pick(LENDERS),
    });
  }
  return records;
}
