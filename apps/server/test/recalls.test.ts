import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCachedRecallsProvider,
  createRecallsProvider,
  matchRecallModels,
  RecallsProviderError,
  vehicleRecalls,
  type RecallsProvider,
} from '../src/adapters/recalls/index.ts';
import { MAX_RECALL_MODELS } from '../src/adapters/recalls/vehicle-recalls.ts';
import { reportFindings } from '../src/modules/reports/render/report-findings.ts';
import { nhtsaCampaigns, nhtsaDate } from '../src/adapters/recalls/nhtsa-recalls-provider.ts';
import { parseConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { testDatabases } from './support/databases.ts';
import {
  startNhtsaRecallsDouble,
  type NhtsaRecallsDouble,
} from './support/nhtsa-recalls-double.ts';

const signal = () => AbortSignal.timeout(5000);

/** A result entry as NHTSA sends it, with this campaign number and received date. */
function nhtsaRecall(campaign: string, received: string, extra: Record<string, unknown> = {}) {
  return {
    Manufacturer: 'Honda (American Honda Motor Co.)',
    NHTSACampaignNumber: campaign,
    parkIt: false,
    parkOutSide: false,
    overTheAirUpdate: false,
    ReportReceivedDate: received,
    Component: 'AIR BAGS',
    Summary: `Summary of ${campaign}.`,
    Consequence: `Consequence of ${campaign}.`,
    Remedy: `Remedy of ${campaign}.`,
    Notes: 'Owners may also contact NHTSA.',
    ModelYear: '2003',
    Make: 'HONDA',
    Model: 'ACCORD',
    ...extra,
  };
}

const ACCORD = { make: 'HONDA', model: 'Accord', modelYear: 2003 };

describe("NHTSA's dates", () => {
  it('reads DD/MM/YYYY, and nothing that is not a real date', () => {
    expect(nhtsaDate('20/06/2014')).toBe('2014-06-20');
    expect(nhtsaDate('1/2/2015')).toBe('2015-02-01');
    expect(nhtsaDate('29/02/2024')).toBe('2024-02-29');
    expect(nhtsaDate('29/02/2023')).toBeNull();
    expect(nhtsaDate('06/31/2014')).toBeNull();
    expect(nhtsaDate('2014-06-20')).toBeNull();
    expect(nhtsaDate('')).toBeNull();
    expect(nhtsaDate(null)).toBeNull();
  });
});

describe('recall mapping', () => {
  it('keeps one campaign per number, newest first, with its advice flags', () => {
    const campaigns = nhtsaCampaigns([
      nhtsaRecall('14V351000', '20/06/2014'),
      nhtsaRecall('19V502000', '01/07/2019', { parkIt: true, parkOutSide: 'true' }),
      nhtsaRecall('14V351000', '20/06/2014', { Summary: 'The same campaign, listed again.' }),
      nhtsaRecall('', '01/01/2020'),
      nhtsaRecall('10V041000', 'unknown'),
    ]);
    expect(campaigns.map((c) => c.campaignNumber)).toEqual(['19V502000', '14V351000', '10V041000']);
    expect(campaigns[0]).toEqual({
      campaignNumber: '19V502000',
      component: 'AIR BAGS',
      summary: 'Summary of 19V502000.',
      consequence: 'Consequence of 19V502000.',
      remedy: 'Remedy of 19V502000.',
      reportedOn: '2019-07-01',
      parkIt: true,
      parkOutside: true,
    });
    expect(campaigns[1]).toMatchObject({ summary: 'Summary of 14V351000.', parkIt: false });
    expect(campaigns[2]!.reportedOn).toBeNull();
  });
});

describe('NHTSA adapter against a local double of its recalls API', () => {
  let double: NhtsaRecallsDouble;
  let provider: RecallsProvider;

  beforeAll(async () => {
    double = await startNhtsaRecallsDouble({
      recalls: {
        'HONDA|ACCORD|2003': [
          nhtsaRecall('14V351000', '20/06/2014'),
          nhtsaRecall('15V320000', '22/05/2015', { parkIt: true }),
          nhtsaRecall('14V351000', '20/06/2014'),
        ],
      },
    });
    provider = createRecallsProvider(
      parseConfig({ RECALLS_PROVIDER: 'nhtsa', RECALLS_API_BASE: double.url }),
    );
  });
  afterAll(() => double.close());

  it('asks by make, model and year and answers the campaigns, de-duplicated', async () => {
    const list = await provider.recallsFor(ACCORD, signal());
    expect(double.calls.at(-1)!.path).toBe('/recalls/recallsByVehicle');
    expect(Object.fromEntries(double.calls.at(-1)!.params)).toEqual({
      make: 'HONDA',
      model: 'Accord',
      modelYear: '2003',
    });
    expect(list.source).toBe('NHTSA');
    expect(list.sandbox).toBe(false);
    expect(list.campaigns.map((c) => [c.campaignNumber, c.reportedOn, c.parkIt])).toEqual([
      ['15V320000', '2015-05-22', true],
      ['14V351000', '2014-06-20', false],
    ]);
  });

  it("NHTSA's 400 for a vehicle it has no data for is an empty list", async () => {
    const list = await provider.recallsFor(
      { make: 'TESLA', model: 'Model S', modelYear: 2017 },
      signal(),
    );
    expect(list.campaigns).toEqual([]);
  });

  it('a 5xx, a hang past RECALLS_TIMEOUT_MS and an unreachable host are provider errors', async () => {
    double.failWith({ status: 504 });
    try {
      await expect(provider.recallsFor(ACCORD, signal())).rejects.toThrow(
        new RecallsProviderError("NHTSA's recalls failed (HTTP 504)."),
      );
      double.failWith({ hang: true });
      const quick = createRecallsProvider(
        parseConfig({
          RECALLS_PROVIDER: 'nhtsa',
          RECALLS_API_BASE: double.url,
          RECALLS_TIMEOUT_MS: '100',
        }),
      );
      await expect(quick.recallsFor(ACCORD, signal())).rejects.toThrow(
        new RecallsProviderError('NHTSA did not answer in time.'),
      );
    } finally {
      double.failWith(null);
    }
    const gone = await startNhtsaRecallsDouble({ recalls: {} });
    await gone.close();
    const unreachable = createRecallsProvider(
      parseConfig({ RECALLS_PROVIDER: 'nhtsa', RECALLS_API_BASE: gone.url }),
    );
    await expect(unreachable.recallsFor(ACCORD, signal())).rejects.toThrow(/cannot be reached/);
  });
});

describe('sandbox recalls', () => {
  it('is the default, matches demo vehicles to its model names, and the Tesla to none', async () => {
    const sandbox = createRecallsProvider(parseConfig({}));
    expect(sandbox.name).toBe('sandbox');
    const recallsOf = (make: string, model: string, modelYear: string) =>
      vehicleRecalls(sandbox, { make, model, modelYear }, signal());
    const accord = await recallsOf('HONDA', 'Accord', '2003');
    expect(accord).toMatchObject({ sandbox: true, models: ['ACCORD'] });
    expect(accord.campaigns.length).toBeGreaterThan(0);
    // vPIC's "F-150" is the sandbox's "F150", as NHTSA spells it.
    const f150 = await recallsOf('FORD', 'F-150', '2013');
    expect(f150.models).toEqual(['F150']);
    expect(f150.campaigns.map((c) => c.campaignNumber)).toEqual(['16V902000', '14V903000']);
    const kona = await recallsOf('HYUNDAI', 'Kona', '2023');
    expect(kona).toMatchObject({ models: ['KONA'], campaigns: [] });
    const tesla = await recallsOf('TESLA', 'Model S', '2017');
    expect(tesla).toMatchObject({ models: [], campaigns: [] });
  });
});

describe("matching a decoded model to the recall list's model names", () => {
  it('compares without case, spaces and punctuation, and accepts names starting with it', () => {
    expect(matchRecallModels({ model: 'F-150' }, ['F150', 'F-250 SD', 'ESCAPE'])).toEqual(['F150']);
    expect(matchRecallModels({ model: 'Grand Cherokee' }, ['CHEROKEE', 'GRAND CHEROKEE'])).toEqual([
      'GRAND CHEROKEE',
    ]);
    const silverados = ['SILVERADO 1500', 'SILVERADO 1500 LD', 'SILVERADO 2500 HD', 'MALIBU'];
    expect(matchRecallModels({ model: 'Silverado' }, silverados)).toEqual(silverados.slice(0, 3));
    // The decoded series picks the names that carry it.
    expect(matchRecallModels({ model: 'Silverado', series: '1500' }, silverados)).toEqual([
      'SILVERADO 1500',
      'SILVERADO 1500 LD',
    ]);
    // A series no name carries picks nothing away.
    expect(matchRecallModels({ model: 'Silverado', series: 'LT' }, silverados)).toHaveLength(3);
    expect(matchRecallModels({ model: 'Model S' }, ['MODEL X', 'MODEL 3'])).toEqual([]);
    expect(matchRecallModels({ model: ' - ' }, ['MODEL X'])).toEqual([]);
  });

  it('a name that starts more than MAX_RECALL_MODELS names matches none', () => {
    const many = Array.from({ length: MAX_RECALL_MODELS + 1 }, (_, i) => `E-${i + 100}`);
    expect(matchRecallModels({ model: 'E' }, many)).toEqual([]);
    expect(matchRecallModels({ model: 'E' }, many.slice(1))).toHaveLength(MAX_RECALL_MODELS);
  });
});

describe("a vehicle's recalls through the NHTSA adapter, against the double", () => {
  let double: NhtsaRecallsDouble;
  let provider: RecallsProvider;
  const recall = (campaign: string, received: string) =>
    nhtsaRecall(campaign, received, { Make: 'CHEVROLET', Model: 'SILVERADO' });

  beforeAll(async () => {
    double = await startNhtsaRecallsDouble({
      models: {
        'CHEVROLET|2020': ['SILVERADO 1500', 'SILVERADO 1500 LD', 'SILVERADO 2500 HD', 'MALIBU'],
        'TESLA|2017': ['MODEL X', 'MODEL 3'],
      },
      recalls: {
        'CHEVROLET|SILVERADO 1500|2020': [
          recall('20V001000', '02/01/2020'),
          recall('21V002000', '03/02/2021'),
        ],
        'CHEVROLET|SILVERADO 1500 LD|2020': [
          recall('21V002000', '03/02/2021'),
          recall('22V003000', '04/03/2022'),
        ],
        'CHEVROLET|SILVERADO 2500 HD|2020': [recall('20V004000', '05/04/2020')],
      },
    });
    provider = createRecallsProvider(
      parseConfig({ RECALLS_PROVIDER: 'nhtsa', RECALLS_API_BASE: double.url }),
    );
  });
  afterAll(() => double.close());

  const history = { vin: '1GCUYDED5LZ123456', provider: 'Test', sandbox: false, records: [] };

  it("vPIC's Silverado 1500 asks for each NHTSA model it matches; campaigns de-duplicated", async () => {
    double.calls.length = 0;
    const list = await vehicleRecalls(
      provider,
      { make: 'CHEVROLET', model: 'Silverado', series: '1500', modelYear: '2020' },
      signal(),
    );
    expect(double.calls[0]).toMatchObject({ path: '/products/vehicle/models' });
    expect(Object.fromEntries(double.calls[0]!.params)).toEqual({
      modelYear: '2020',
      make: 'CHEVROLET',
      issueType: 'r',
    });
    expect(
      double.calls
        .slice(1)
        .map((c) => c.params.get('model'))
        .sort(),
    ).toEqual(['SILVERADO 1500', 'SILVERADO 1500 LD']);
    expect(list.models).toEqual(['SILVERADO 1500', 'SILVERADO 1500 LD']);
    expect(list.campaigns.map((c) => c.campaignNumber)).toEqual([
      '22V003000',
      '21V002000',
      '20V001000',
    ]);
    const flag = reportFindings(history, list).flags.find((f) => f.topic === 'recalls')!;
    expect(flag).toMatchObject({ level: 'amber' });
    expect(flag.text).toMatch(/^3 recall campaigns for this model and year/);
  });

  it('a model NHTSA lists under no name like it, or a make it has no models for, is amber', async () => {
    for (const vehicle of [
      { make: 'TESLA', model: 'Model S', modelYear: '2017' },
      { make: 'LUCID', model: 'Air', modelYear: '2022' },
    ]) {
      double.calls.length = 0;
      const list = await vehicleRecalls(provider, vehicle, signal());
      expect(list).toEqual({ source: 'NHTSA', sandbox: false, models: [], campaigns: [] });
      expect(double.calls.map((c) => c.path)).toEqual(['/products/vehicle/models']);
      const flag = reportFindings(history, list).flags.find((f) => f.topic === 'recalls')!;
      expect(flag).toEqual({
        topic: 'recalls',
        level: 'amber',
        text: "Could not match this vehicle to NHTSA's recall list: check this VIN at nhtsa.gov/recalls.",
      });
    }
  });

  it('without make, model or year NHTSA is not asked, and the vehicle is unmatched', async () => {
    double.calls.length = 0;
    for (const vehicle of [
      { make: 'CHEVROLET', model: 'Silverado', modelYear: '' },
      { make: '', model: 'Silverado', modelYear: '2020' },
      { make: 'CHEVROLET', model: undefined, modelYear: '2020' },
    ]) {
      expect((await vehicleRecalls(provider, vehicle, signal())).models).toEqual([]);
    }
    expect(double.calls).toEqual([]);
  });

  it('a failing model list is a provider error, as a failing recall list is', async () => {
    double.failWith({ status: 504 });
    try {
      await expect(
        vehicleRecalls(
          provider,
          { make: 'CHEVROLET', model: 'Silverado', modelYear: '2020' },
          signal(),
        ),
      ).rejects.toThrow(new RecallsProviderError("NHTSA's model list failed (HTTP 504)."));
    } finally {
      double.failWith(null);
    }
  });
});

describe.each(testDatabases())('recalls cached for a day ($name)', (testDb) => {
  let database: Database;
  let double: NhtsaRecallsDouble;
  beforeAll(async () => {
    database = await testDb.open();
    double = await startNhtsaRecallsDouble({
      recalls: { 'HONDA|ACCORD|2003': [nhtsaRecall('14V351000', '20/06/2014')] },
    });
  });
  afterAll(async () => {
    await double.close();
    await database.close();
  });

  it('asks NHTSA once a day per make, model and year; failures are not kept', async () => {
    let now = new Date('2026-11-24T09:00:00Z');
    const cached = createCachedRecallsProvider({
      db: database.db,
      provider: createRecallsProvider(
        parseConfig({ RECALLS_PROVIDER: 'nhtsa', RECALLS_API_BASE: double.url }),
      ),
      now: () => now,
    });
    const first = await cached.recallsFor(ACCORD, signal());
    expect(first.campaigns.map((c) => c.campaignNumber)).toEqual(['14V351000']);
    expect(double.calls).toHaveLength(1);

    now = new Date('2026-11-25T08:59:00Z');
    const spelledOtherwise = { make: 'Honda', model: 'ACCORD ', modelYear: 2003 };
    expect(await cached.recallsFor(spelledOtherwise, signal())).toEqual(first);
    expect(double.calls).toHaveLength(1);

    now = new Date('2026-11-25T09:01:00Z');
    double.failWith({ status: 503 });
    await expect(cached.recallsFor(ACCORD, signal())).rejects.toThrow(RecallsProviderError);
    expect(double.calls).toHaveLength(2);
    double.failWith(null);
    expect(await cached.recallsFor(ACCORD, signal())).toEqual(first);
    expect(double.calls).toHaveLength(3);

    const tesla = { make: 'TESLA', model: 'Model S', modelYear: 2017 };
    expect((await cached.recallsFor(tesla, signal())).campaigns).toEqual([]);
    expect((await cached.recallsFor(tesla, signal())).campaigns).toEqual([]);
    expect(double.calls).toHaveLength(4);

    // A make and year's model names are kept beside them, and ask NHTSA once a day too.
    expect(await cached.modelsFor({ make: 'HONDA', modelYear: 2003 }, signal())).toEqual([
      'ACCORD',
    ]);
    expect(await cached.modelsFor({ make: 'Honda ', modelYear: 2003 }, signal())).toEqual([
      'ACCORD',
    ]);
    expect(double.calls.map((c) => c.path).slice(4)).toEqual(['/products/vehicle/models']);
    expect(await cached.modelsFor({ make: 'HONDA', modelYear: 2004 }, signal())).toEqual([]);
    expect(await cached.modelsFor({ make: 'HONDA', modelYear: 2004 }, signal())).toEqual([]);
    expect(double.calls).toHaveLength(6);
  });
});
