import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCachedRecallsProvider,
  createRecallsProvider,
  RecallsProviderError,
  type RecallsProvider,
} from '../src/adapters/recalls/index.ts';
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
    expect(Object.fromEntries(double.calls.at(-1)!)).toEqual({
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
  it('is the default, has recalls for some demo vehicles and none for others', async () => {
    const sandbox = createRecallsProvider(parseConfig({}));
    expect(sandbox.name).toBe('sandbox');
    const accord = await sandbox.recallsFor(
      { make: 'HONDA', model: 'Accord', modelYear: 2003 },
      signal(),
    );
    expect(accord.sandbox).toBe(true);
    expect(accord.campaigns.length).toBeGreaterThan(0);
    const tesla = await sandbox.recallsFor(
      { make: 'TESLA', model: 'Model S', modelYear: 2017 },
      signal(),
    );
    expect(tesla.campaigns).toEqual([]);
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
  });
});
