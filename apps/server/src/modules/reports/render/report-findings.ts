import type { RecallList } from '../../../adapters/recalls/recalls-provider.ts';
import { RECALLS_UNMATCHED, countOf, inNumber } from '@vr/contracts';
import type {
  BrandCategory,
  BrandRecord,
  HistoryRecord,
  HistoryRecordKind,
  Odometer,
  TitleRecord,
  VehicleHistory,
} from '../../../adapters/vehicle-history/vehicle-history.ts';

/**
 * What a report concludes from a vehicle's records, before any layout: the red-flag summary of
 * its first page, the odometer readings over time with their drops, and the records in date order.
 * Pure, so every conclusion is tested without rendering a PDF.
 */

/** green: nothing found; amber: worth a look or could not be checked; red: a serious problem. */
export type FlagLevel = 'green' | 'amber' | 'red';

export type FlagTopic =
  'titles' | 'title-brand' | 'salvage' | 'accidents' | 'odometer' | 'theft' | 'lien' | 'recalls';

export const FLAG_TOPIC_LABELS: Record<FlagTopic, string> = {
  titles: 'Titles',
  'title-brand': 'Title brands',
  salvage: 'Salvage, junk or insurance loss',
  accidents: 'Accidents',
  odometer: 'Odometer',
  theft: 'Theft',
  lien: 'Liens',
  recalls: 'Safety recalls',
};

export type RedFlag = { topic: FlagTopic; level: FlagLevel; text: string };

export type RecordOf<K extends HistoryRecordKind> = Extract<HistoryRecord, { kind: K }>;
export type RecordsByKind = { [K in HistoryRecordKind]: RecordOf<K>[] };

/** The records that carry an odometer reading. */
export type OdometerRecord = RecordOf<'title' | 'salvage-auction' | 'sale-listing'>;

export type OdometerReading = {
  date: string;
  /** The reading in miles (kilometres converted), so readings of either unit compare. */
  miles: number;
  odometer: Odometer;
  record: OdometerRecord;
};

/** A reading lower than the highest one before it: a rollback, a swapped cluster or a typo. */
export type OdometerDrop = { before: OdometerReading; after: OdometerReading };

export type ReportFindings = {
  flags: RedFlag[];
  readings: OdometerReading[];
  drops: OdometerDrop[];
  /** Titles and title brands, oldest first. */
  titleTimeline: (TitleRecord | BrandRecord)[];
  records: RecordsByKind;
};

const MILES_PER_KM = 0.621371;

/** Brands a buyer can live with after an inspection; every other brand is a red flag. */
const MINOR_BRANDS: ReadonlySet<BrandCategory> = new Set(['hail', 'other']);

/** Odometer statuses a title brands the mileage with: the mileage is not the vehicle's. */
export const ODOMETER_BRANDED: ReadonlySet<Odometer['status']> = new Set([
  'not-actual',
  'exceeds-limits',
]);

/** Brands that follow one another on one damaged vehicle: a rebuilt title is a salvage's next. */
const BRAND_FAMILY: Partial<Record<BrandCategory, string>> = {
  salvage: 'total-loss',
  rebuilt: 'total-loss',
  junk: 'total-loss',
};
const familyOf = (category: BrandCategory) => BRAND_FAMILY[category] ?? category;

/** Oldest first; records without a date go last, keeping the source's order among themselves. */
export function byDate<T extends { date: string | null }>(records: readonly T[]): T[] {
  return records
    .map((record, index) => ({ record, index }))
    .sort((a, b) => {
      if (a.record.date === b.record.date) return a.index - b.index;
      if (a.record.date === null) return 1;
      if (b.record.date === null) return -1;
      return a.record.date < b.record.date ? -1 : 1;
    })
    .map(({ record }) => record);
}

function groupByKind(records: readonly HistoryRecord[]): RecordsByKind {
  const groups: RecordsByKind = {
    title: [],
    brand: [],
    'junk-salvage-insurance': [],
    theft: [],
    accident: [],
    'salvage-auction': [],
    'sale-listing': [],
    lien: [],
  };
  for (const record of byDate(records)) {
    (groups[record.kind] as HistoryRecord[]).push(record);
  }
  return groups;
}

/**
 * Readings with a date, oldest first; same-day readings lowest first, so that two readings of
 * one day never look like a drop. A reading of 0 is left out: sources send it when nothing was
 * read, and it would look like a rollback.
 */
export function odometerReadings(records: readonly HistoryRecord[]): OdometerReading[] {
  const readings: OdometerReading[] = [];
  for (const record of records) {
    if (
      record.kind !== 'title' &&
      record.kind !== 'salvage-auction' &&
      record.kind !== 'sale-listing'
    )
      continue;
    const { odometer, date } = record;
    if (!odometer || date === null || !(odometer.value > 0)) continue;
    const miles = Math.round(
      odometer.unit === 'km' ? odometer.value * MILES_PER_KM : odometer.value,
    );
    readings.push({ date, miles, odometer, record });
  }
  return readings.sort((a, b) =>
    a.date === b.date ? a.miles - b.miles : a.date < b.date ? -1 : 1,
  );
}

/** Each reading lower than the highest one before it, paired with that highest reading. */
export function odometerDrops(readings: readonly OdometerReading[]): OdometerDrop[] {
  const drops: OdometerDrop[] = [];
  let highest: OdometerReading | undefined;
  for (const reading of readings) {
    if (highest && reading.miles < highest.miles) drops.push({ before: highest, after: reading });
    if (!highest || reading.miles > highest.miles) highest = reading;
  }
  return drops;
}

const miles = (n: number) => `${n.toLocaleString('en-US')} mi`;
const on = (date: string | null) => (date ? ` on ${formatDate(date)}` : '');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 4, 2019": unambiguous to a US reader, unlike 03/04/2019 read abroad. */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const name = month ? MONTHS[month - 1] : undefined;
  return year && name && day ? `${name} ${day}, ${year}` : isoDate;
}

function titlesFlag(titles: TitleRecord[]): RedFlag {
  const topic = 'titles';
  if (titles.length === 0) {
    return {
      topic,
      level: 'amber',
      text: 'No title record was reported, so the title history could not be checked.',
    };
  }
  const states = [...new Set(titles.flatMap((t) => (t.state ? [t.state] : [])))];
  const stateless = titles.length - titles.filter((t) => t.state).length;
  const where = states.length > 0 ? ` (${states.join(', ')})` : '';
  const withoutState = stateless > 0 ? `; ${stateless} without a state` : '';
  return {
    topic,
    level: 'green',
    // A title says where and when it was issued, not who owned the vehicle: never "owners".
    text: `${countOf(titles.length, 'title')} in ${countOf(states.length, 'state')}${where}${withoutState}.`,
  };
}

/** A brand in one state, and a later title in another state that carries no brand like it. */
export type WashedBrand = { brand: BrandRecord; title: TitleRecord };

/**
 * Title washing: a brand recorded in one state, then a title issued in another state where no
 * brand of its family (salvage, rebuilt and junk are one) is recorded by that title's date.
 * Records without a date or a state cannot show it and are left out.
 */
export function washedBrands(titles: TitleRecord[], brands: BrandRecord[]): WashedBrand[] {
  const washed: WashedBrand[] = [];
  for (const brand of brands) {
    if (!brand.date || !brand.state) continue;
    const title = titles.find(
      (t) =>
        t.date !== null &&
        t.date > brand.date! &&
        t.state !== null &&
        t.state !== brand.state &&
        !brands.some(
          (b) =>
            b.state === t.state &&
            familyOf(b.category) === familyOf(brand.category) &&
            (b.date === null || b.date <= t.date!),
        ),
    );
    if (title) washed.push({ brand, title });
  }
  return washed;
}

function titleBrandFlag(titles: TitleRecord[], brands: BrandRecord[]): RedFlag {
  const topic = 'title-brand';
  if (brands.length === 0) return { topic, level: 'green', text: 'No title brand reported.' };
  const names = [...new Set(brands.map((b) => b.title))].join('; ');
  const washed = washedBrands(titles, brands).map(
    ({ brand, title }) =>
      `the ${brand.state} brand "${brand.title}" of ${formatDate(brand.date!)} is not recorded with the later ${title.state} title of ${formatDate(title.date!)}`,
  );
  const serious = brands.some((b) => !MINOR_BRANDS.has(b.category));
  const branded = `The title was branded: ${names}.${serious ? ' A branded title lowers the value and can make the vehicle hard to insure or finance.' : ''}`;
  if (washed.length > 0) {
    return {
      topic,
      level: 'red',
      text: `Brand may have been washed: ${washed.join('; ')}. ${branded}`,
    };
  }
  return { topic, level: serious ? 'red' : 'amber', text: branded };
}

function accidentsFlag(accidents: RecordOf<'accident'>[]): RedFlag {
  const topic = 'accidents';
  if (accidents.length === 0) {
    return {
      topic,
      level: 'green',
      text: 'No accident reported; many accidents are never reported to these sources.',
    };
  }
  const dated = accidents.flatMap((a) => (a.date ? [formatDate(a.date)] : []));
  const undated = accidents.length - dated.length;
  const dates = [...dated, ...(undated > 0 ? [`${undated} undated`] : [])].join(', ');
  return {
    topic,
    level: 'amber',
    text: `${countOf(accidents.length, 'accident')} reported (${dates}). The records say how the collision happened, not how bad the damage was: have the vehicle inspected.`,
  };
}

function salvageFlag(records: RecordsByKind): RedFlag {
  const topic = 'salvage';
  const reports = records['junk-salvage-insurance'];
  const auctions = records['salvage-auction'];
  if (reports.length > 0) {
    const latest = reports.at(-1);
    return {
      topic,
      level: 'red',
      text: `${countOf(reports.length, 'report')} by a junk yard, salvage yard or insurer${on(latest?.date ?? null)}${reports.length > 1 ? ' (latest)' : ''}: the vehicle may have been declared a total loss.`,
    };
  }
  if (auctions.length > 0) {
    return {
      topic,
      level: 'amber',
      text: `Offered at a salvage auction ${countOf(auctions.length, 'time')}; no junk, salvage or insurance report was found.`,
    };
  }
  return {
    topic,
    level: 'green',
    text: 'No junk, salvage or insurance-loss report and no salvage auction found.',
  };
}

function odometerFlag(
  readings: OdometerReading[],
  drops: OdometerDrop[],
  brands: BrandRecord[],
): RedFlag {
  const topic = 'odometer';
  const problems: string[] = [];
  // Drops below the same earlier reading are told in one sentence.
  const byBefore = new Map<OdometerReading, OdometerReading[]>();
  for (const { before, after } of drops)
    byBefore.set(before, [...(byBefore.get(before) ?? []), after]);
  for (const [before, afters] of byBefore) {
    const readingsText = afters
      .map((r) => `${formatDate(r.date)} (${miles(r.miles)})`)
      .join(' and ');
    const [subject, verb] = afters.length === 1 ? ['reading', 'is'] : ['readings', 'are'];
    problems.push(
      `the ${subject} of ${readingsText} ${verb} lower than the one of ${formatDate(before.date)} (${miles(before.miles)})`,
    );
  }
  const notActual = readings.filter((r) => r.odometer.status === 'not-actual');
  if (notActual.length > 0) {
    problems.push(`${countOf(notActual.length, 'reading')} declared "not actual" by the title`);
  }
  const overLimit = readings.filter((r) => r.odometer.status === 'exceeds-limits');
  if (overLimit.length > 0) {
    problems.push(
      `${countOf(overLimit.length, 'reading')} declared above the odometer's mechanical limits`,
    );
  }
  const odometerBrands = [
    ...new Set(brands.filter((b) => b.category === 'odometer').map((b) => `"${b.title}"`)),
  ];
  if (odometerBrands.length > 0) {
    problems.push(
      `the title carries the ${inNumber(odometerBrands.length, 'brand')} ${odometerBrands.join(' and ')}`,
    );
  }
  if (problems.length > 0) {
    const text = problems.join('; ');
    return {
      topic,
      level: 'red',
      text: `Possible rollback or false mileage: ${text}.`,
    };
  }
  if (readings.some((r) => r.odometer.status === 'exempt')) {
    return {
      topic,
      level: 'amber',
      text: 'The mileage was declared exempt from disclosure on a title, so it was not certified.',
    };
  }
  if (readings.length === 0) {
    return {
      topic,
      level: 'amber',
      text: 'No odometer reading was reported, so none could be checked.',
    };
  }
  const last = readings.at(-1)!;
  if (readings.length === 1) {
    return {
      topic,
      level: 'amber',
      text: `Only one reading (${miles(last.miles)} on ${formatDate(last.date)}), so no rollback could be checked.`,
    };
  }
  return {
    topic,
    level: 'green',
    text: `${countOf(readings.length, 'reading')}, none lower than an earlier one; last ${miles(last.miles)} on ${formatDate(last.date)}.`,
  };
}

function theftFlag(thefts: RecordOf<'theft'>[]): RedFlag {
  const topic = 'theft';
  if (thefts.length === 0) return { topic, level: 'green', text: 'No theft record found.' };
  const open = thefts.filter((t) => t.recoveredOn === null);
  if (open.length > 0) {
    return {
      topic,
      level: 'red',
      text: `Reported stolen${on(open.at(-1)?.date ?? null)} with no recovery recorded. Do not buy before the police confirm the vehicle is not stolen.`,
    };
  }
  const last = thefts.at(-1)!;
  return {
    topic,
    level: 'amber',
    text: `Reported stolen${on(last.date)} and recovered${on(last.recoveredOn)}.`,
  };
}

function lienFlag(liens: RecordOf<'lien'>[]): RedFlag {
  const topic = 'lien';
  if (liens.length === 0) return { topic, level: 'green', text: 'No lien recorded.' };
  const each = liens.map((l) => (l.date ? `${l.holder}, ${formatDate(l.date)}` : l.holder));
  return {
    topic,
    level: 'amber',
    text: `${liens.length === 1 ? 'Lien' : `${liens.length} liens`} recorded (${each.join('; ')}); NMVTIS does not report releases: ask the seller for the release.`,
  };
}

function recallsFlag(recalls: RecallList): RedFlag {
  const topic = 'recalls';
  const campaigns = recalls.campaigns;
  if (recalls.models.length === 0) {
    return { topic, level: 'amber', text: RECALLS_UNMATCHED };
  }
  if (campaigns.length === 0) {
    return { topic, level: 'green', text: 'No safety recall campaign for this model and year.' };
  }
  const urgent = campaigns.filter((c) => c.parkIt || c.parkOutside).length;
  const advice = [
    campaigns.some((c) => c.parkIt) ? 'not driving the vehicle' : null,
    campaigns.some((c) => c.parkOutside) ? 'parking it outside' : null,
  ].filter((a) => a !== null);
  const count = `${countOf(campaigns.length, 'recall campaign')} for this model and year`;
  const urgency =
    urgent > 0
      ? `; for ${urgent} of them NHTSA advises ${advice.join(' or ')} until it is repaired`
      : '';
  return {
    topic,
    level: urgent > 0 ? 'red' : 'amber',
    text: `${count}${urgency}. Ask a dealer whether this vehicle's repairs were done.`,
  };
}

export function reportFindings(history: VehicleHistory, recalls: RecallList): ReportFindings {
  const records = groupByKind(history.records);
  const readings = odometerReadings(history.records);
  const drops = odometerDrops(readings);
  const flags = [
    titlesFlag(records.title),
    titleBrandFlag(records.title, records.brand),
    salvageFlag(records),
    accidentsFlag(records.accident),
    odometerFlag(readings, drops, records.brand),
    theftFlag(records.theft),
    lienFlag(records.lien),
    recallsFlag(recalls),
  ];
  const titleTimeline = byDate<TitleRecord | BrandRecord>([...records.title, ...records.brand]);
  return { flags, readings, drops, titleTimeline, records };
}
