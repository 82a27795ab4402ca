import { describe, expect, it } from 'vitest';
import type { RecallList } from '../src/adapters/recalls/recalls-provider.ts';
import type {
  HistoryRecord,
  VehicleHistory,
} from '../src/adapters/vehicle-history/vehicle-history.ts';
import {
  byDate,
  formatDate,
  odometerDrops,
  odometerReadings,
  reportFindings,
  type FlagTopic,
  type ReportFindings,
} from '../src/modules/reports/render/report-findings.ts';
import {
  toReportVehicle,
  vehicleFacts,
  vehicleName,
} from '../src/modules/reports/render/report-vehicle.ts';
import {
  CLEAN,
  LIENS_RECORDED,
  NO_RECORDS,
  ROLLBACK,
  SALVAGE_REBUILT,
  THEFT_RECOVERED,
  WASHED,
  type ReportSample,
} from './support/report-histories.ts';

const findingsOf = (s: ReportSample) => reportFindings(s.history, s.recalls);
const flag = (f: ReportFindings, topic: FlagTopic) => f.flags.find((x) => x.topic === topic)!;
const levels = (f: ReportFindings) => Object.fromEntries(f.flags.map((x) => [x.topic, x.level]));

const history = (records: HistoryRecord[]): VehicleHistory => ({
  vin: '19XFC1F74GE000001',
  provider: 'Test',
  sandbox: false,
  records,
});
const noRecalls: RecallList = { source: 'NHTSA', sandbox: false, models: ['CIVIC'], campaigns: [] };

const titleIn = (state: string | null, date: string): HistoryRecord => ({
  kind: 'title',
  date,
  source: 'DMV',
  state,
  odometer: null,
  current: false,
});
const brandIn = (state: string, date: string) =>
  ({
    kind: 'brand',
    date,
    source: 'DMV',
    title: 'Salvage',
    category: 'salvage',
    state,
  }) as const;

const title = (date: string | null, value: number, unit: 'mi' | 'km' = 'mi'): HistoryRecord => ({
  kind: 'title',
  date,
  source: 'DMV',
  state: 'OH',
  odometer: { value, unit, status: 'actual' },
  current: false,
});

describe('report findings: the red-flag summary', () => {
  it('a clean history is green on every topic, the odometer naming its last reading', () => {
    const f = findingsOf(CLEAN);
    expect(f.flags.map((x) => x.topic)).toEqual([
      'titles',
      'title-brand',
      'salvage',
      'accidents',
      'odometer',
      'theft',
      'lien',
      'recalls',
    ]);
    expect(new Set(f.flags.map((x) => x.level))).toEqual(new Set(['green']));
    expect(flag(f, 'odometer').text).toBe(
      '4 readings, none lower than an earlier one; last 78,455 mi on Feb 2, 2023.',
    );
    expect(flag(f, 'titles').text).toBe('3 titles in 2 states (IN, OH).');
    expect(f.flags.map((x) => x.text).join(' ')).not.toMatch(/owner/i);
    expect(flag(f, 'recalls').text).toBe('No safety recall campaign for this model and year.');
  });

  it('a salvage rebuilt: red title brand naming both brands, red salvage, amber recalls', () => {
    const f = findingsOf(SALVAGE_REBUILT);
    expect(levels(f)).toEqual({
      titles: 'green',
      'title-brand': 'red',
      salvage: 'red',
      accidents: 'amber',
      odometer: 'green',
      theft: 'green',
      lien: 'green',
      recalls: 'red',
    });
    expect(flag(f, 'title-brand').text).toContain('Salvage: Damage or Not Specified; Rebuilt');
    expect(flag(f, 'salvage').text).toContain('1 report by a junk yard, salvage yard or insurer');
    expect(flag(f, 'salvage').text).toContain('Jul 9, 2020');
    // One of its two campaigns advises parking outside.
    expect(flag(f, 'recalls').text).toContain(
      '2 recall campaigns for this model and year; for 1 of them NHTSA advises parking it outside until it is repaired.',
    );
  });

  it('a rollback is red and names both readings; a "not actual" reading is named too', () => {
    const f = findingsOf(ROLLBACK);
    expect(flag(f, 'odometer').level).toBe('red');
    expect(flag(f, 'odometer').text).toContain(
      'the readings of Jan 8, 2019 (64,120 mi) and May 30, 2021 (81,710 mi) are lower than the one of Oct 2, 2018 (118,650 mi)',
    );
    expect(flag(f, 'odometer').text).toContain('1 reading declared "not actual"');
    expect(flag(f, 'recalls').level).toBe('amber');
  });

  it('a theft with a recovery is amber; without one it is red', () => {
    const f = findingsOf(THEFT_RECOVERED);
    expect(flag(f, 'theft')).toEqual({
      topic: 'theft',
      level: 'amber',
      text: 'Reported stolen on Nov 5, 2021 and recovered on Nov 19, 2021.',
    });
    const stolen = reportFindings(
      history([
        { kind: 'theft', date: '2024-01-02', source: 'NCIC', status: 'Stolen', recoveredOn: null },
      ]),
      noRecalls,
    );
    expect(flag(stolen, 'theft').level).toBe('red');
    expect(flag(stolen, 'theft').text).toContain('no recovery recorded');
  });

  it('a lien is amber "recorded" with holder and date, never active or released', () => {
    const f = findingsOf(LIENS_RECORDED);
    expect(flag(f, 'lien')).toEqual({
      topic: 'lien',
      level: 'amber',
      text: '2 liens recorded (Front Range Credit Union, Feb 14, 2018; Summit Auto Finance LLC, Sep 9, 2022); NMVTIS does not report releases: ask the seller for the release.',
    });
    // Its current title declares the mileage exempt.
    expect(flag(f, 'odometer').level).toBe('amber');
    const one = reportFindings(
      history([{ kind: 'lien', date: '2023-03-09', source: 'NMVTIS', holder: 'Bank' }]),
      noRecalls,
    );
    expect(flag(one, 'lien').text).toBe(
      'Lien recorded (Bank, Mar 9, 2023); NMVTIS does not report releases: ask the seller for the release.',
    );
    for (const x of [f, one]) expect(flag(x, 'lien').text).not.toMatch(/active|released/i);
  });

  it('accidents are amber with their count and dates', () => {
    const f = findingsOf(SALVAGE_REBUILT);
    expect(flag(f, 'accidents')).toMatchObject({ level: 'amber' });
    expect(flag(f, 'accidents').text).toMatch(/^1 accident reported \(Jun 18, 2020\)\./);
    const two = reportFindings(
      history([
        { kind: 'accident', date: '2021-02-03', source: 'Police', description: 'Side impact' },
        { kind: 'accident', date: null, source: 'Police', description: 'Rear-end collision' },
        { kind: 'accident', date: '2019-05-06', source: 'Police', description: 'Sideswipe' },
      ]),
      noRecalls,
    );
    expect(flag(two, 'accidents').text).toMatch(
      /^3 accidents reported \(May 6, 2019, Feb 3, 2021, 1 undated\)\./,
    );
  });

  it('a brand followed by a title in another state without it is red: may have been washed', () => {
    const f = findingsOf(WASHED);
    expect(flag(f, 'title-brand').level).toBe('red');
    expect(flag(f, 'title-brand').text).toMatch(
      /^Brand may have been washed: the TX brand "Salvage: Flood" of Sep 15, 2017 is not recorded with the later OK title of Feb 20, 2018\./,
    );
    expect(flag(f, 'titles').text).toBe('3 titles in 2 states (TX, OK).');
    const stateless = reportFindings(
      history([titleIn('TX', '2020-01-01'), titleIn(null, '2021-01-01')]),
      noRecalls,
    );
    expect(flag(stateless, 'titles').text).toBe('2 titles in 1 state (TX); 1 without a state.');
    // A salvage then rebuilt in one state, or a brand carried into the next state, is no washing.
    expect(flag(findingsOf(SALVAGE_REBUILT), 'title-brand').text).not.toContain('washed');
    const carried = reportFindings(
      history([
        { ...brandIn('TX', '2017-09-15'), category: 'salvage' },
        { ...titleIn('OK', '2018-02-20') },
        { ...brandIn('OK', '2018-02-20'), category: 'rebuilt', title: 'Rebuilt' },
      ]),
      noRecalls,
    );
    expect(flag(carried, 'title-brand').text).not.toContain('washed');
  });

  it('a vehicle not matched to the recall list is amber, never green', () => {
    const f = findingsOf(WASHED);
    expect(flag(f, 'recalls')).toEqual({
      topic: 'recalls',
      level: 'amber',
      text: "Could not match this vehicle to NHTSA's recall list: check this VIN at nhtsa.gov/recalls.",
    });
  });

  it('an odometer declared above its mechanical limits is red', () => {
    const f = reportFindings(
      history([
        title('2019-01-01', 10_000),
        {
          kind: 'title',
          date: '2021-01-01',
          source: 'DMV',
          state: 'OH',
          odometer: { value: 12_000, unit: 'mi', status: 'exceeds-limits' },
          current: true,
        },
      ]),
      noRecalls,
    );
    expect(flag(f, 'odometer').level).toBe('red');
    expect(flag(f, 'odometer').text).toContain(
      "1 reading declared above the odometer's mechanical limits",
    );
  });

  it('no records: green except the titles and the odometer, which could not be checked', () => {
    const f = findingsOf(NO_RECORDS);
    expect(flag(f, 'odometer')).toMatchObject({ level: 'amber' });
    expect(flag(f, 'odometer').text).toContain('No odometer reading');
    expect(flag(f, 'titles').text).toContain('No title record was reported');
    expect(f.flags.filter((x) => x.level !== 'green').map((x) => x.topic)).toEqual([
      'titles',
      'odometer',
    ]);
    expect(f.readings).toEqual([]);
    expect(f.titleTimeline).toEqual([]);
  });

  it('a hail brand alone is amber; an odometer brand is red on the odometer too', () => {
    const hail = reportFindings(
      history([
        {
          kind: 'brand',
          date: '2020-01-01',
          source: 'DMV',
          title: 'Hail Damage',
          category: 'hail',
          state: 'CO',
        },
      ]),
      noRecalls,
    );
    expect(flag(hail, 'title-brand').level).toBe('amber');
    const odo = reportFindings(
      history([
        title('2019-01-01', 1000),
        {
          kind: 'brand',
          date: '2020-01-01',
          source: 'DMV',
          title: 'Not Actual Mileage',
          category: 'odometer',
          state: 'TX',
        },
      ]),
      noRecalls,
    );
    expect(flag(odo, 'title-brand').level).toBe('red');
    expect(flag(odo, 'odometer').level).toBe('red');
    expect(flag(odo, 'odometer').text).toContain(
      'the title carries the brand "Not Actual Mileage"',
    );
  });

  it('a salvage auction without a salvage report is amber', () => {
    const f = reportFindings(
      history([
        {
          kind: 'salvage-auction',
          date: '2021-01-01',
          source: 'Auction',
          location: null,
          primaryDamage: 'Hail',
          secondaryDamage: null,
          odometer: null,
        },
      ]),
      noRecalls,
    );
    expect(flag(f, 'salvage').level).toBe('amber');
  });
});

describe('report findings: odometer readings and drops', () => {
  it('readings come from titles, salvage auctions and sale listings, oldest first', () => {
    const f = findingsOf(SALVAGE_REBUILT);
    expect(f.readings.map((r) => [r.date, r.miles, r.record.kind])).toEqual([
      ['2018-03-02', 22, 'title'],
      ['2020-07-28', 36_214, 'salvage-auction'],
      ['2020-08-03', 36_214, 'title'],
      ['2021-01-15', 36_980, 'title'],
      ['2021-03-22', 37_400, 'sale-listing'],
    ]);
    expect(f.drops).toEqual([]);
  });

  it('kilometres are converted to miles, and each reading below the highest earlier one is a drop', () => {
    const f = findingsOf(ROLLBACK);
    expect(f.readings.at(-1)).toMatchObject({ date: '2021-05-30', miles: 81_710 });
    expect(f.drops.map((d) => [d.before.date, d.after.date])).toEqual([
      ['2018-10-02', '2019-01-08'],
      ['2018-10-02', '2021-05-30'],
    ]);
  });

  it('readings without a date or of 0 are left out; same-day readings never make a drop', () => {
    const readings = odometerReadings([
      title('2020-05-01', 5000),
      title(null, 100),
      title('2021-01-01', 0),
      title('2020-05-01', 4000),
    ]);
    expect(readings.map((r) => r.miles)).toEqual([4000, 5000]);
    expect(odometerDrops(readings)).toEqual([]);
  });

  it('a single drop is told as one reading lower than an earlier one', () => {
    const f = reportFindings(
      history([title('2020-01-01', 50_000), title('2021-01-01', 20_000, 'mi')]),
      noRecalls,
    );
    expect(flag(f, 'odometer').text).toBe(
      'Possible rollback or false mileage: the reading of Jan 1, 2021 (20,000 mi) is lower than the one of Jan 1, 2020 (50,000 mi).',
    );
  });

  it('one reading alone cannot show a rollback: amber', () => {
    const f = reportFindings(history([title('2020-01-01', 14)]), noRecalls);
    expect(flag(f, 'odometer')).toMatchObject({
      level: 'amber',
      text: 'Only one reading (14 mi on Jan 1, 2020), so no rollback could be checked.',
    });
  });

  it('a reading equal to an earlier one is not a drop', () => {
    const readings = odometerReadings([title('2020-01-01', 5000), title('2021-01-01', 5000)]);
    expect(odometerDrops(readings)).toEqual([]);
  });
});

describe('report findings: records in date order', () => {
  it('the title timeline holds titles and brands, oldest first', () => {
    const f = findingsOf(SALVAGE_REBUILT);
    expect(f.titleTimeline.map((r) => [r.date, r.kind])).toEqual([
      ['2018-03-02', 'title'],
      ['2020-08-03', 'title'],
      ['2020-08-03', 'brand'],
      ['2021-01-15', 'title'],
      ['2021-01-15', 'brand'],
    ]);
  });

  it('records without a date go last, in the order the source gave them', () => {
    const sorted = byDate([
      { date: null, n: 1 },
      { date: '2021-01-01', n: 2 },
      { date: null, n: 3 },
      { date: '2020-01-01', n: 4 },
    ]);
    expect(sorted.map((r) => r.n)).toEqual([4, 2, 1, 3]);
  });

  it('groups every kind, empty kinds as empty lists', () => {
    const f = findingsOf(THEFT_RECOVERED);
    expect(Object.fromEntries(Object.entries(f.records).map(([k, v]) => [k, v.length]))).toEqual({
      title: 2,
      brand: 0,
      'junk-salvage-insurance': 0,
      theft: 1,
      accident: 0,
      'salvage-auction': 0,
      'sale-listing': 0,
      lien: 0,
    });
  });

  it('dates read "Mar 4, 2019"', () => {
    expect(formatDate('2019-03-04')).toBe('Mar 4, 2019');
    expect(formatDate('2019-13-04')).toBe('2019-13-04');
  });
});

describe('the report vehicle from a decode answer', () => {
  it('names trim, engine and plant; falls back to the series; Unknown when vPIC has nothing', () => {
    expect(CLEAN.vehicle).toEqual({
      vin: '19XFC1F74GE000001',
      year: '2016',
      make: 'HONDA',
      model: 'Civic',
      trim: 'EX-L',
      engine: '1.5L 4 cyl',
      body: 'Sedan/Saloon',
      fuel: 'Gasoline',
      plant: 'GREENSBURG, INDIANA, UNITED STATES (USA)',
      details: [
        { label: 'Doors', value: '4' },
        { label: 'Drive', value: 'FWD/Front-Wheel Drive' },
        { label: 'GVWR', value: 'Class 1C: 4,001 - 5,000 lb (1,814 - 2,268 kg)' },
      ],
      safety: [
        { label: 'Front air bags', value: '1st Row (Driver and Passenger)' },
        { label: 'Curtain air bags', value: '1st and 2nd Rows' },
        { label: 'Anti-lock brakes (ABS)', value: 'Standard' },
        { label: 'Stability control (ESC)', value: 'Standard' },
        { label: 'Tire pressure monitor (TPMS)', value: 'Direct' },
      ],
    });
    const sparse = toReportVehicle('19XFC1F74GE000001', {
      ModelYear: '2016',
      Make: 'HONDA',
      Model: '',
      Trim: '',
      Series: 'LX',
      PlantCountry: 'JAPAN',
      BodyClass: 'Not Applicable',
    });
    expect(sparse).toMatchObject({ trim: 'LX', plant: 'JAPAN', body: 'Unknown', model: 'Unknown' });
    // The first page lists only what the decode knows.
    expect(vehicleFacts(sparse)).toEqual([
      { label: 'VIN', value: '19XFC1F74GE000001' },
      { label: 'Year', value: '2016' },
      { label: 'Make', value: 'HONDA' },
      { label: 'Trim', value: 'LX' },
      { label: 'Plant', value: 'JAPAN' },
    ]);
    expect(vehicleName(sparse)).toBe('2016 HONDA');
    expect(vehicleName(toReportVehicle('19XFC1F74GE000001', {}))).toBe('Vehicle');
  });
});
