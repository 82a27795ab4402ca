import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleRecalls } from '../src/adapters/recalls/index.ts';
import { recallsKey } from '../src/adapters/recalls/recalls-provider.ts';
import { createSandboxRecallsProvider } from '../src/adapters/recalls/sandbox-recalls-provider.ts';
import { SANDBOX_RECALLS } from '../src/adapters/recalls/sandbox-recalls.ts';
import { reportFindings } from '../src/modules/reports/render/report-findings.ts';
import {
  generateSandboxHistory,
  modelYearFromVin,
} from '../src/adapters/vehicle-history/generated-history.ts';
import {
  createVehicleHistoryProvider,
  VehicleHistoryError,
  type HistoryRecord,
  type TitleRecord,
  type VehicleHistoryProvider,
} from '../src/adapters/vehicle-history/index.ts';
import {
  SANDBOX_FAILURE_MESSAGE,
  SANDBOX_HISTORIES,
  type SandboxStory,
} from '../src/adapters/vehicle-history/sandbox-histories.ts';
import { createSandboxVehicleHistory } from '../src/adapters/vehicle-history/sandbox-vehicle-history.ts';
import { createVinauditVehicleHistory } from '../src/adapters/vehicle-history/vinaudit-vehicle-history.ts';
import {
  auctionOdometer,
  brandCategory,
} from '../src/adapters/vehicle-history/vinaudit-records.ts';
import { createVinDecoder } from '../src/adapters/vin-decoder/index.ts';
import { parseConfig } from '../src/config.ts';
import { testConfig } from './support/app.ts';
import {
  startVinauditDouble,
  type VinauditDouble,
  type VinauditFailure,
  type VinauditRecordArrays,
} from './support/vinaudit-double.ts';

const signal = () => AbortSignal.timeout(5000);
const TODAY = new Date('2026-11-24T09:00:00Z');

/** The error a promise rejects with, for asserting its message and retryable flag. */
async function failure(promise: Promise<unknown>): Promise<VehicleHistoryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VehicleHistoryError);
  return error as VehicleHistoryError;
}

const ofKind = <K extends HistoryRecord['kind']>(records: HistoryRecord[], kind: K) =>
  records.filter((r): r is Extract<HistoryRecord, { kind: K }> => r.kind === kind);

// A report as VinAudit documents it, numbers and booleans as strings, for a salvage truck.
const SALVAGE_TRUCK = '1FTFW1ET9DFC10312';
const TRUCK_REPORT: VinauditRecordArrays = {
  titles: [
    { date: '2013-02-20', state: 'TX', meter: '9', meter_unit: 'M', current: 'false' },
    { date: '2017-10-20', state: 'TX', meter: '61350.0', meter_unit: 'M', current: 'false' },
    { date: '2018-05-14', state: 'OK', meter: '61,902', meter_unit: 'M', current: 'true' },
  ],
  checks: [
    {
      brand_code: '01',
      brand_title: 'Salvage: Damage or Not Specified',
      brander_type: 'State',
      brander_code: 'TX',
      brander_name: 'Texas Department of Motor Vehicles',
      date: '2017-10-20',
    },
    {
      brand_code: '05',
      brand_title: 'Rebuilt',
      brander_type: 'State',
      brander_code: 'OK',
      brander_name: 'Oklahoma Tax Commission',
      date: '05/14/2018',
    },
    { brand_code: '13', brand_title: 'Flood Damage', brander_name: '', date: '' },
  ],
  jsi: [
    {
      date: '2017-09-08',
      record_type: 'Junk And Salvage',
      brander_name: 'Gulf Coast Insurance',
      brander_city: 'Houston',
      brander_state: 'TX',
      brander_phone: '5555550100',
      vehicle_disposition: 'Sold',
      intended_for_export: 'No',
    },
  ],
  thefts: [
    {
      date_of_theft: '2016-01-03',
      date_of_recovery: '2016-01-20',
      theft_status: 'Recovered',
      record_type: 'Theft',
      source_name: 'Houston Police',
      source: 'police',
    },
  ],
  accidents: [
    { date: '2017-08-27', manner_of_collision: 'Front to Rear', source_name: 'TX crash reports' },
  ],
  salvage: [
    {
      date: '2017-10-03',
      location: 'Houston, TX',
      primary_damage: 'Water/Flood',
      secondary_damage: 'Undercarriage',
      odometer: '61344.0 mi (ACTUAL)',
      sale_document: 'Salvage Certificate',
      exterior_color: 'White',
    },
    {
      date: '2017-11-01',
      location: 'Dallas, TX',
      primary_damage: 'Front End',
      secondary_damage: '',
      odometer: '98765 km (NOT ACTUAL)',
    },
  ],
  sale: [
    {
      date: '2019-03-01',
      listing_price: '$18,988',
      seller_type: 'Dealer',
      seller_name: 'Lone Star Trucks',
      seller_city: 'Austin',
      seller_state: 'TX',
      seller_zip: '78701',
    },
  ],
  lien: [{ date: '2018-05-14', agency: 'First Truck Credit' }],
};

describe('VinAudit adapter against a local double of its documented API', () => {
  let double: VinauditDouble;
  let provider: VehicleHistoryProvider;
  const credentials = { key: 'k-good', user: 'records', pass: 's3cret' };

  beforeAll(async () => {
    double = await startVinauditDouble({
      ...credentials,
      reports: {
        [SALVAGE_TRUCK]: TRUCK_REPORT,
        // The other documented name of the lien array.
        '1HGCM82633A004352': { lie: [{ date: '2004-01-02', agency: 'Honda Finance' }] },
      },
      now: () => TODAY,
    });
    provider = createVehicleHistoryProvider(
      parseConfig({
        REPORT_PROVIDER: 'vinaudit',
        // Production adapter against a double, with sandbox payments.
        ALLOW_SANDBOX_PAYMENTS: 'true',
        REPORT_API_KEY: credentials.key,
        REPORT_API_USER: credentials.user,
        REPORT_API_PASS: credentials.pass,
        REPORT_API_BASE: double.url,
      }),
    );
  });
  afterAll(() => double.close());

  it('asks whether records exist, free, before the paid report', async () => {
    expect(provider.name).toBe('vinaudit');
    expect(await provider.hasRecords(SALVAGE_TRUCK, signal())).toBe(true);
    expect(await provider.hasRecords('5YJSA1E27HF000337', signal())).toBe(false);
    expect(double.billedIds.size).toBe(0);
    const query = double.calls.at(-1)!;
    expect(query.path).toBe('/v2/query');
    expect(Object.fromEntries(query.params)).toMatchObject({
      vin: '5YJSA1E27HF000337',
      key: 'k-good',
      user: 'records',
      pass: 's3cret',
      format: 'json',
    });
  });

  it('pulls the report under our report id and normalises every section, strings to numbers', async () => {
    const history = await provider.pullReport(SALVAGE_TRUCK, 'order-1', signal());
    expect(double.calls.at(-1)!.params.get('id')).toBe('order-1');
    expect(history).toMatchObject({ vin: SALVAGE_TRUCK, provider: 'VinAudit (NMVTIS)' });
    expect(history.sandbox).toBe(false);
    const { records } = history;

    expect(ofKind(records, 'title')).toEqual([
      {
        kind: 'title',
        date: '2013-02-20',
        source: 'NMVTIS',
        state: 'TX',
        odometer: { value: 9, unit: 'mi', status: 'unknown' },
        current: false,
      },
      expect.objectContaining({ odometer: expect.objectContaining({ value: 61_350 }) }),
      expect.objectContaining({
        state: 'OK',
        current: true,
        odometer: expect.objectContaining({ value: 61_902 }),
      }),
    ]);
    expect(ofKind(records, 'brand')).toEqual([
      {
        kind: 'brand',
        date: '2017-10-20',
        source: 'Texas Department of Motor Vehicles',
        title: 'Salvage: Damage or Not Specified',
        category: 'salvage',
        state: 'TX',
      },
      expect.objectContaining({ date: '2018-05-14', category: 'rebuilt', state: 'OK' }),
      expect.objectContaining({ date: null, category: 'flood', source: 'NMVTIS', state: null }),
    ]);
    expect(ofKind(records, 'junk-salvage-insurance')).toEqual([
      {
        kind: 'junk-salvage-insurance',
        date: '2017-09-08',
        source: 'Gulf Coast Insurance',
        recordType: 'Junk And Salvage',
        location: 'Houston, TX',
        disposition: 'Sold',
        intendedForExport: false,
      },
    ]);
    expect(ofKind(records, 'theft')).toEqual([
      {
        kind: 'theft',
        date: '2016-01-03',
        source: 'Houston Police',
        status: 'Recovered',
        recoveredOn: '2016-01-20',
      },
    ]);
    expect(ofKind(records, 'accident')).toEqual([
      {
        kind: 'accident',
        date: '2017-08-27',
        source: 'TX crash reports',
        description: 'Front to Rear',
      },
    ]);
    expect(ofKind(records, 'salvage-auction')).toEqual([
      {
        kind: 'salvage-auction',
        date: '2017-10-03',
        source: 'Salvage auction',
        location: 'Houston, TX',
        primaryDamage: 'Water/Flood',
        secondaryDamage: 'Undercarriage',
        odometer: { value: 61_344, unit: 'mi', status: 'actual' },
      },
      expect.objectContaining({
        secondaryDamage: null,
        odometer: { value: 98_765, unit: 'km', status: 'not-actual' },
      }),
    ]);
    expect(ofKind(records, 'sale-listing')).toEqual([
      {
        kind: 'sale-listing',
        date: '2019-03-01',
        source: 'Dealer',
        priceCents: 1_898_800,
        seller: 'Lone Star Trucks',
        location: 'Austin, TX',
        odometer: null,
      },
    ]);
    expect(ofKind(records, 'lien')).toEqual([
      { kind: 'lien', date: '2018-05-14', source: 'NMVTIS', holder: 'First Truck Credit' },
    ]);
  });

  it('a lien VinAudit lists, with no release, is recorded (amber) and never called active', async () => {
    const history = await provider.pullReport(SALVAGE_TRUCK, 'order-lien', signal());
    const noRecalls = { source: 'NHTSA', sandbox: false, models: ['F150'], campaigns: [] };
    const lien = reportFindings(history, noRecalls).flags.find((f) => f.topic === 'lien')!;
    expect(lien).toEqual({
      topic: 'lien',
      level: 'amber',
      text: 'Lien recorded (First Truck Credit, May 14, 2018); NMVTIS does not report releases: ask the seller for the release.',
    });
  });

  it('reads "exceeds mechanical limits" on an odometer or a brand as an odometer brand', () => {
    expect(auctionOdometer('999999 mi (EXCEEDS MECHANICAL LIMITS)')).toEqual({
      value: 999_999,
      unit: 'mi',
      status: 'exceeds-limits',
    });
    expect(brandCategory('Odometer: Exceeds Mechanical Limits')).toBe('odometer');
    expect(brandCategory('Exceeds Mechanical Limits')).toBe('odometer');
  });

  it('reads the lien array under its other documented name, `lie`', async () => {
    const history = await provider.pullReport('1HGCM82633A004352', 'order-2', signal());
    expect(ofKind(history.records, 'lien')).toEqual([
      expect.objectContaining({ holder: 'Honda Finance', date: '2004-01-02' }),
    ]);
  });

  it('a retried report reuses its id, so VinAudit bills it once', async () => {
    const before = double.billedIds.size;
    await provider.pullReport(SALVAGE_TRUCK, 'order-retried', signal());
    await provider.pullReport(SALVAGE_TRUCK, 'order-retried', signal());
    expect(double.billedIds.size).toBe(before + 1);
  });

  it('maps its documented errors: a bad VIN, a mismatched report id and refused credentials are final', async () => {
    const badVin = await failure(provider.pullReport('NOT-A-VIN', 'order-3', signal()));
    expect(badVin).toMatchObject({ message: 'Not a valid 17-digit VIN.', retryable: false });

    const mismatch = await failure(provider.pullReport('1HGCM82633A004352', 'order-1', signal()));
    expect(mismatch).toMatchObject({ message: 'Report ID does not match VIN.', retryable: false });

    const wrongPass = createVinauditVehicleHistory({
      apiKey: credentials.key,
      user: credentials.user,
      pass: 'wrong',
      baseUrl: double.url,
      timeoutMs: 2000,
    });
    for (const call of [
      wrongPass.hasRecords(SALVAGE_TRUCK, signal()),
      wrongPass.pullReport(SALVAGE_TRUCK, 'order-4', signal()),
    ]) {
      expect(await failure(call)).toMatchObject({
        message: 'Invalid API Key / Invalid username or password.',
        retryable: false,
      });
    }
  });

  it.each<[string, VinauditFailure, { message: string | RegExp; retryable: boolean }]>([
    [
      'NMVTIS unavailable',
      {
        error: 'failed_request',
        error_message: 'NMVTIS database unavailable. Please retry later!',
      },
      { message: 'NMVTIS database unavailable. Please retry later!', retryable: true },
    ],
    [
      'the account rate limit',
      {
        error: 'failed_request',
        error_message: 'Account rate limit reached. Please try again later!',
      },
      { message: 'Account rate limit reached. Please try again later!', retryable: true },
    ],
    [
      'an incomplete report',
      {
        error: 'incomplete_report',
        error_message: 'Failed to load data for: attributes, accidents. Please retry!',
      },
      { message: 'Failed to load data for: attributes, accidents. Please retry!', retryable: true },
    ],
    [
      'a disabled account',
      { error: 'unauthorized_request', error_message: 'Account disabled.' },
      { message: 'Account disabled.', retryable: false },
    ],
    ['HTTP 503', { status: 503 }, { message: /failed \(HTTP 503\)/, retryable: true }],
    ['HTTP 429', { status: 429 }, { message: /rate limiting/, retryable: true }],
    ['HTTP 401', { status: 401 }, { message: /refused our credentials/, retryable: false }],
    ['a page that is not JSON', { notJson: true }, { message: /failed/, retryable: true }],
  ])('%s: both calls reject with its message, retryable as documented', async (_, f, expected) => {
    double.failWith(f);
    try {
      for (const call of [
        provider.hasRecords(SALVAGE_TRUCK, signal()),
        provider.pullReport(SALVAGE_TRUCK, 'order-5', signal()),
      ]) {
        const error = await failure(call);
        expect(error.retryable).toBe(expected.retryable);
        expect(error.message).toMatch(expected.message);
      }
    } finally {
      double.failWith(null);
    }
  });

  it('a provider that does not answer within REPORT_TIMEOUT_MS is a retryable timeout', async () => {
    double.failWith({ hang: true });
    try {
      const quick = createVinauditVehicleHistory({
        apiKey: credentials.key,
        user: credentials.user,
        pass: credentials.pass,
        baseUrl: double.url,
        timeoutMs: 100,
      });
      const error = await failure(quick.pullReport(SALVAGE_TRUCK, 'order-6', signal()));
      expect(error).toMatchObject({
        message: 'The history provider did not answer in time.',
        retryable: true,
      });
    } finally {
      double.failWith(null);
    }
  });

  it('a provider that cannot be reached is retryable', async () => {
    const gone = await startVinauditDouble({ ...credentials, reports: {} });
    await gone.close();
    const unreachable = createVinauditVehicleHistory({
      apiKey: credentials.key,
      user: credentials.user,
      pass: credentials.pass,
      baseUrl: gone.url,
      timeoutMs: 2000,
    });
    const error = await failure(unreachable.hasRecords(SALVAGE_TRUCK, signal()));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/cannot be reached/);
  });
});

describe("NMVTIS's maintenance window, as the double keeps it", () => {
  it('fails with the retry answer on Sunday morning and answers again after it', async () => {
    let now = new Date('2026-11-22T07:30:00Z'); // a Sunday, inside 06:00-10:00 UTC
    const double = await startVinauditDouble({
      key: 'k',
      user: 'u',
      pass: 'p',
      reports: { [SALVAGE_TRUCK]: {} },
      now: () => now,
    });
    try {
      const provider = createVinauditVehicleHistory({
        apiKey: 'k',
        user: 'u',
        pass: 'p',
        baseUrl: double.url,
        timeoutMs: 2000,
      });
      const error = await failure(provider.pullReport(SALVAGE_TRUCK, 'order-7', signal()));
      expect(error).toMatchObject({
        message: 'NMVTIS database unavailable. Please retry later!',
        retryable: true,
      });
      now = new Date('2026-11-22T10:00:00Z');
      expect((await provider.pullReport(SALVAGE_TRUCK, 'order-7', signal())).records).toEqual([]);
    } finally {
      await double.close();
    }
  });
});

describe('sandbox history provider', () => {
  const sandbox = createSandboxVehicleHistory({ slowMs: 50, today: () => TODAY });
  const demo = (story: SandboxStory) => SANDBOX_HISTORIES.find((h) => h.story === story)!.vin;
  const pull = async (story: SandboxStory) =>
    (await sandbox.pullReport(demo(story), 'order', signal())).records;

  it('is the default provider, and marks its data as sandbox', async () => {
    const provider = createVehicleHistoryProvider(parseConfig({}));
    expect(provider.sandbox).toBe(true);
    const history = await provider.pullReport(demo('clean'), 'order', signal());
    expect(history.sandbox).toBe(true);
    expect(history.provider).toMatch(/sandbox/i);
  });

  it('tells one story per demo VIN', async () => {
    const clean = await pull('clean');
    expect(ofKind(clean, 'brand')).toEqual([]);
    expect(ofKind(clean, 'title').filter((t) => t.current)).toHaveLength(1);

    const rebuilt = ofKind(await pull('salvage-rebuilt'), 'brand');
    expect(rebuilt.map((b) => b.category)).toEqual(['salvage', 'rebuilt']);
    expect(rebuilt[0]!.date! < rebuilt[1]!.date!).toBe(true);

    const readings = ofKind(await pull('odometer-rollback'), 'title').map((t) => t.odometer!.value);
    expect(readings.some((value, i) => i > 0 && value < readings[i - 1]!)).toBe(true);

    expect(ofKind(await pull('theft-recovery'), 'theft')).toEqual([
      expect.objectContaining({ status: 'Recovered', recoveredOn: expect.any(String) }),
    ]);
    expect(ofKind(await pull('lien-recorded'), 'lien')).toEqual([
      expect.objectContaining({ holder: 'Sandbox Auto Finance', date: '2023-03-09' }),
    ]);
  });

  it('the failing VIN always fails with a retryable error', async () => {
    for (const call of [
      sandbox.hasRecords(demo('failing'), signal()),
      sandbox.pullReport(demo('failing'), 'order', signal()),
      sandbox.pullReport(demo('failing'), 'order', signal()),
    ]) {
      expect(await failure(call)).toMatchObject({
        message: SANDBOX_FAILURE_MESSAGE,
        retryable: true,
      });
    }
  });

  it('the no-records VIN has no records', async () => {
    expect(await sandbox.hasRecords(demo('no-records'), signal())).toBe(false);
    expect(await pull('no-records')).toEqual([]);
    expect(await sandbox.hasRecords(demo('clean'), signal())).toBe(true);
  });

  it('the slow VIN answers after its delay with a generated history, or times out', async () => {
    expect(ofKind(await pull('slow'), 'title').length).toBeGreaterThan(0);
    const slow = createSandboxVehicleHistory({ slowMs: 60_000 });
    const error = await failure(slow.pullReport(demo('slow'), 'order', AbortSignal.timeout(20)));
    expect(error.retryable).toBe(true);
  });

  it('generates the same plausible history for the same VIN, and another for another VIN', async () => {
    const vin = 'JTDKB20U293123456'; // 2009 Toyota Prius, not a demo VIN
    const first = await sandbox.pullReport(vin, 'a', signal());
    const again = await sandbox.pullReport(vin, 'b', signal());
    expect(again).toEqual(first);
    expect(first.sandbox).toBe(true);
    const other = await sandbox.pullReport('1G1JC5SH0D4123456', 'c', signal());
    expect(other.records).not.toEqual(first.records);

    for (const v of [vin, '1G1JC5SH0D4123456', '5TDZA23C06S123456', 'WVWZZZ1JZ3W386752']) {
      const records = generateSandboxHistory(v, TODAY);
      const titles = ofKind(records, 'title');
      expect(titles.length, v).toBeGreaterThan(0);
      expect(
        titles.filter((t: TitleRecord) => t.current),
        v,
      ).toEqual([titles.at(-1)]);
      const modelYear = modelYearFromVin(v, TODAY)!;
      expect(Number(titles[0]!.date!.slice(0, 4)), v).toBeGreaterThanOrEqual(modelYear);
      for (let i = 1; i < titles.length; i++) {
        expect(titles[i]!.date! > titles[i - 1]!.date!, v).toBe(true);
        expect(titles[i]!.odometer!.value, v).toBeGreaterThan(titles[i - 1]!.odometer!.value);
      }
      for (const r of records) {
        expect(r.source, v).toMatch(/^Sandbox /);
        expect(r.date! <= '2026-11-24', v).toBe(true);
      }
    }
  });

  it('reads the model year from VIN position 10, telling the two cycles apart by position 7', () => {
    expect(modelYearFromVin('1HGCM82633A004352', TODAY)).toBe(2003);
    expect(modelYearFromVin('1C4RJFAG6FC123456', TODAY)).toBe(2015);
    expect(modelYearFromVin('KM8K2CAB4PU001140', TODAY)).toBe(2023);
    expect(modelYearFromVin('JTDKB20U293123456', TODAY)).toBe(2009);
    expect(modelYearFromVin('1HGCM82630A004352', TODAY)).toBeNull();
  });
});

describe('sandbox demo VINs', () => {
  it('are real VINs of the offline data, and the sandbox recalls match their decoded models', async () => {
    const decoder = await createVinDecoder(testConfig());
    const recalls = createSandboxRecallsProvider();
    try {
      const matchedKeys: string[] = [];
      for (const demo of SANDBOX_HISTORIES) {
        const result = await decoder.decode(demo.vin);
        expect(result.ErrorCode, demo.vin).toBe('0');
        expect(`${result.ModelYear} ${result.Make}`.toLowerCase()).toBe(
          demo.vehicle.split(' ').slice(0, 2).join(' ').toLowerCase(),
        );
        const list = await vehicleRecalls(
          recalls,
          { make: result.Make, model: result.Model, modelYear: result.ModelYear },
          signal(),
        );
        for (const model of list.models) {
          matchedKeys.push(
            recallsKey({ make: result.Make!, model, modelYear: Number(result.ModelYear) }),
          );
        }
      }
      for (const key of Object.keys(SANDBOX_RECALLS)) expect(matchedKeys).toContain(key);
    } finally {
      await decoder.close();
    }
  });
});
