import { sandboxDmv } from './generated-history.ts';
import type { HistoryRecord } from './vehicle-history.ts';

export type SandboxStory =
  | 'clean'
  | 'salvage-rebuilt'
  | 'odometer-rollback'
  | 'theft-recovery'
  | 'lien-recorded'
  | 'failing'
  | 'slow'
  | 'no-records';

/**
 * The sandbox's demo VINs (README "Demo VINs for reports"): real VINs the offline vPIC data
 * decodes, one for each story a report can tell, plus a provider that always fails, one that
 * answers slowly and a VIN with no records. `records` is null where the story is the provider's
 * behaviour, not the history: the slow VIN gets the generated history every other VIN gets.
 */
export const SANDBOX_HISTORIES: readonly {
  vin: string;
  vehicle: string;
  story: SandboxStory;
  /** What the README says the demo shows. */
  shows: string;
  records: readonly HistoryRecord[] | null;
}[] = [
  {
    vin: '1HGCM82633A004352',
    vehicle: '2003 Honda Accord',
    story: 'clean',
    shows: 'a clean history: titles in two states, the odometer rising, a past sale listing',
    records: [
      title('2003-04-11', 'CA', 12, false),
      title('2007-06-02', 'CA', 58_410, false),
      {
        kind: 'sale-listing',
        date: '2011-03-19',
        source: 'Sandbox Listings',
        priceCents: 8_988_00,
        seller: 'Sandbox Motors',
        location: 'Phoenix, AZ',
        odometer: { value: 101_250, unit: 'mi', status: 'actual' },
      },
      title('2011-04-05', 'AZ', 101_877, true),
    ],
  },
  {
    vin: '1FTFW1ET9DFC10312',
    vehicle: '2013 Ford F-150',
    story: 'salvage-rebuilt',
    shows: 'a flood-damaged truck sold at a salvage auction, branded salvage, then rebuilt',
    records: [
      title('2013-02-20', 'TX', 9, false),
      {
        kind: 'junk-salvage-insurance',
        date: '2017-09-08',
        source: 'Sandbox Insurance Co.',
        recordType: 'Insurance',
        location: 'Houston, TX',
        disposition: 'Sold at auction',
        intendedForExport: false,
      },
      {
        kind: 'salvage-auction',
        date: '2017-10-03',
        source: 'Sandbox Salvage Auctions',
        location: 'Houston, TX',
        primaryDamage: 'Water/Flood',
        secondaryDamage: 'Undercarriage',
        odometer: { value: 61_344, unit: 'mi', status: 'actual' },
      },
      brand('2017-10-20', 'TX', 'Salvage: Damage or Not Specified', 'salvage'),
      title('2017-10-20', 'TX', 61_350, false),
      brand('2018-05-14', 'TX', 'Rebuilt', 'rebuilt'),
      title('2018-05-14', 'TX', 61_902, true),
    ],
  },
  {
    vin: '1G1ZD5STXJF123456',
    vehicle: '2018 Chevrolet Malibu',
    story: 'odometer-rollback',
    shows: 'an odometer rollback: a later title reads 40,000 miles less, then a "not actual" brand',
    records: [
      title('2018-01-15', 'WA', 14, false),
      title('2020-03-02', 'WA', 48_210, false),
      title('2022-07-19', 'OR', 61_033, false),
      {
        kind: 'title',
        date: '2023-02-27',
        source: sandboxDmv('ID'),
        state: 'ID',
        odometer: { value: 21_870, unit: 'mi', status: 'not-actual' },
        current: true,
      },
      brand('2023-02-27', 'ID', 'Odometer: Not Actual Mileage', 'odometer'),
    ],
  },
  {
    vin: '1C4RJFAG6FC123456',
    vehicle: '2015 Jeep Grand Cherokee',
    story: 'theft-recovery',
    shows: 'stolen in 2019, recovered five weeks later, retitled',
    records: [
      title('2015-05-06', 'MI', 22, false),
      {
        kind: 'theft',
        date: '2019-08-12',
        source: 'Sandbox Theft Registry',
        status: 'Recovered',
        recoveredOn: '2019-09-17',
      },
      title('2019-11-04', 'MI', 52_118, true),
    ],
  },
  {
    vin: 'KM8K2CAB4PU001140',
    vehicle: '2023 Hyundai Kona',
    story: 'lien-recorded',
    shows: 'a lien recorded with the title; NMVTIS reports no releases, so ask the seller for one',
    records: [
      title('2023-03-09', 'FL', 7, true),
      {
        kind: 'lien',
        date: '2023-03-09',
        source: sandboxDmv('FL'),
        holder: 'Sandbox Auto Finance',
      },
    ],
  },
  {
    vin: 'WBA3A5C53CF256789',
    vehicle: '2012 BMW 328i',
    story: 'failing',
    shows: 'the provider always fails: the report is retried, then the order refunded',
    records: null,
  },
  {
    vin: '2T1BURHE8JC123456',
    vehicle: '2018 Toyota Corolla',
    story: 'slow',
    shows: 'the provider answers after about 8 s (a generated history)',
    records: null,
  },
  {
    vin: '5YJSA1E27HF000337',
    vehicle: '2017 Tesla Model S',
    story: 'no-records',
    shows: 'the provider has no records at all for this VIN',
    records: [],
  },
];

/** The sandbox's stand-in for a provider outage, worded as NMVTIS's maintenance answer. */
export const SANDBOX_FAILURE_MESSAGE = 'NMVTIS database unavailable. Please retry later!';

function title(date: string, state: string, miles: number, current: boolean): HistoryRecord {
  return {
    kind: 'title',
    date,
    source: sandboxDmv(state),
    state,
    odometer: { value: miles, unit: 'mi', status: 'actual' },
    current,
  };
}

function brand(
  date: string,
  state: string,
  words: string,
  category: 'salvage' | 'rebuilt' | 'odometer',
): HistoryRecord {
  return { kind: 'brand', date, source: sandboxDmv(state), title: words, category, state };
}
