import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  DECODE_BATCH_MAX,
  VPIC_CORE_VARIABLES,
  VPIC_ERRORS,
  expectedCheckDigit,
} from '@vr/contracts';
import { createVinDecoder } from '../src/adapters/vin-decoder/index.ts';
import type { VinDecoder } from '../src/adapters/vin-decoder/vin-decoder.ts';
import { ensureVpicDatabaseFile } from '../src/adapters/vin-decoder/vpic-database-file.ts';
import { createTestApp, testConfig, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { VPIC_DECODE_MESSAGE, startVpicDouble, type VpicDouble } from './support/vpic-double.ts';

const VPIC_MESSAGE = VPIC_DECODE_MESSAGE;

/** Widely published VINs of eight makes, each with a correct check digit (asserted below). */
const REAL_VINS = [
  { vin: '1HGCM82633A004352', make: 'HONDA', model: 'Accord', year: '2003' },
  { vin: 'JH4KA7561PC008269', make: 'ACURA', model: 'Legend', year: '1993' },
  { vin: '1GNEK13ZX3R298984', make: 'CHEVROLET', model: 'Tahoe', year: '2003' },
  { vin: '1FAFP40634F172825', make: 'FORD', model: 'Mustang', year: '2004' },
  { vin: '1N4AL11D75C109151', make: 'NISSAN', model: 'Altima', year: '2005' },
  { vin: '5GZCZ43D13S812715', make: 'SATURN', model: 'Vue', year: '2003' },
  { vin: '3VWFE21C04M000001', make: 'VOLKSWAGEN', model: 'Beetle', year: '2004' },
  {
    vin: '1M8GDM9AXKP042788',
    make: 'MOTOR COACH INDUSTRIES',
    model: '102C3 Intercity',
    year: '1989',
  },
];
const ACCORD = '1HGCM82633A004352';

type Result = Record<string, string>;

describe.each(testDatabases())('free VIN decode on $name', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(db);
  });
  afterAll(async () => {
    await t.close();
  });

  async function decode(vin: string, query = 'format=json') {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/vehicles/DecodeVinValues/${encodeURIComponent(vin)}?${query}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ Count: number; SearchCriteria: string; Results: Result[] }>();
    expect(body.Results).toHaveLength(1);
    return { body, result: body.Results[0] as Result };
  }

  async function batch(payload: string | object, path = '/api/vehicles/DecodeVINValuesBatch/') {
    return t.app.inject({
      method: 'POST',
      url: path,
      ...(typeof payload === 'string'
        ? { payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
        : { payload }),
    });
  }

  describe('one VIN', () => {
    it.each(REAL_VINS)('decodes $vin as $year $make $model', async ({ vin, make, model, year }) => {
      expect(expectedCheckDigit(vin)).toBe(vin.charAt(8));
      const { body, result } = await decode(vin);
      expect(body).toMatchObject({ Count: 1, Message: VPIC_MESSAGE, SearchCriteria: `VIN:${vin}` });
      expect(result).toMatchObject({
        VIN: vin,
        Make: make,
        Model: model,
        ModelYear: year,
        ErrorCode: VPIC_ERRORS.clean.code,
        ErrorText: VPIC_ERRORS.clean.text,
        SuggestedVIN: '',
      });
      for (const name of VPIC_CORE_VARIABLES) expect(typeof result[name], name).toBe('string');
    });

    it('reports the other variables the data determines, under vPIC names', async () => {
      const { result: mustang } = await decode('1FAFP40634F172825');
      expect(mustang).toMatchObject({
        Manufacturer: 'FORD MOTOR COMPANY',
        VehicleType: 'PASSENGER CAR',
        BodyClass: 'Coupe',
        Doors: '2',
        EngineCylinders: '6',
        DisplacementL: '3.9',
        FuelTypePrimary: 'Gasoline',
        EngineConfiguration: 'V-Shaped',
        EngineManufacturer: 'Ford',
        PlantCountry: 'UNITED STATES (USA)',
        PlantCity: 'DEARBORN',
        PlantState: 'MICHIGAN',
        VehicleDescriptor: '1FAFP406*4F',
      });
      const { result: tahoe } = await decode('1GNEK13ZX3R298984');
      expect(tahoe).toMatchObject({ EngineModel: 'L59', GVWR: expect.stringMatching(/^Class 2E/) });
    });

    it("fills displacement in litres from the data's cubic centimetres, as vPIC converts", async () => {
      const { result } = await decode('JH4KA7561PC008269');
      expect(result).toMatchObject({ DisplacementCC: '3200', DisplacementL: '3.2' });
    });

    it('keeps a value the data lacks empty instead of guessing it', async () => {
      const { result } = await decode(ACCORD);
      expect(result).toMatchObject({ DriveType: '', TransmissionStyle: '', PlantCountry: '' });
    });

    it('takes a model from the schema that decoded it, not from a sibling model', async () => {
      // JH4 1993 also registers the NSX, Integra and Vigor, whose trim keys match this VIN too.
      const { result } = await decode('JH4KA7561PC008269');
      expect(result.Trim).toBe('L');
    });

    it('decodes small makers recorded only by all-wildcard patterns', async () => {
      // Built from the data: Lone Star Trailer's WMI, model year 2008, a correct check digit.
      const { result } = await decode('5VY75T7118U393816');
      expect(result).toMatchObject({
        Make: 'LONE STAR TRAILER',
        Model: 'Lone Star Trailer',
        BodyClass: 'Trailer',
        ModelYear: '2008',
        ErrorCode: '0',
      });
    });

    it('upper-cases lower case input and trims surrounding spaces', async () => {
      const { body, result } = await decode(`  ${ACCORD.toLowerCase()} `);
      expect(body.SearchCriteria).toBe(`VIN:${ACCORD}`);
      expect(result).toMatchObject({ VIN: ACCORD, Make: 'HONDA', Model: 'Accord', ErrorCode: '0' });
    });

    it('answers 1 for a wrong check digit and still decodes', async () => {
      const { result } = await decode('1HGCM82643A004352');
      expect(result).toMatchObject({
        ErrorCode: VPIC_ERRORS.checkDigit.code,
        ErrorText: VPIC_ERRORS.checkDigit.text,
        Make: 'HONDA',
        Model: 'Accord',
        ModelYear: '2003',
      });
    });

    it('decodes a VIN with a letter as its check digit, as vPIC does, with error 1 only', async () => {
      const { result } = await decode('1HGCM826A3A004352');
      expect(result).toMatchObject({
        ErrorCode: VPIC_ERRORS.checkDigit.code,
        ErrorText: VPIC_ERRORS.checkDigit.text,
        Make: 'HONDA',
        Model: 'Accord',
        Trim: 'EX-V6',
      });
    });

    it('answers 6 for an incomplete VIN and decodes what its characters allow', async () => {
      const { result: partial } = await decode('1HGCM82633');
      expect(partial).toMatchObject({
        ErrorCode: VPIC_ERRORS.incomplete.code,
        ErrorText: VPIC_ERRORS.incomplete.text,
        Make: 'HONDA',
        Model: 'Accord',
        ModelYear: '2003',
      });
      const { result: wmiOnly } = await decode('1HG');
      expect(wmiOnly).toMatchObject({
        ErrorCode: '6',
        Make: 'HONDA',
        Manufacturer: 'AMERICAN HONDA MOTOR CO., INC.',
        Model: '',
        ModelYear: '',
      });
    });

    it('uses the model year hint when position 10 is missing', async () => {
      const { result } = await decode('1HGCM826', 'format=json&modelyear=2003');
      expect(result).toMatchObject({ ErrorCode: '6', Model: 'Accord', ModelYear: '2003' });
    });

    it('answers 400 for invalid characters, marking them in SuggestedVIN', async () => {
      const { result } = await decode('1HGCM82633A00435Q');
      expect(result).toMatchObject({
        ErrorCode: `${VPIC_ERRORS.checkDigit.code},${VPIC_ERRORS.invalidCharacters.code}`,
        ErrorText: `${VPIC_ERRORS.checkDigit.text}; ${VPIC_ERRORS.invalidCharacters.text}`,
        SuggestedVIN: '1HGCM82633A00435!',
        AdditionalErrorText: 'Invalid character(s): 17:Q.',
        Make: 'HONDA',
        Model: 'Accord',
      });
      for (const vin of ['1HGCM8I633A004352', '1HGCO82633A004352', '1HGCM82633A0043-2']) {
        expect((await decode(vin)).result.ErrorCode?.split(',')).toContain('400');
      }
    });

    it('answers 7 when no manufacturer has the WMI', async () => {
      const { result } = await decode('11111111111111111');
      expect(result).toMatchObject({
        ErrorCode: VPIC_ERRORS.manufacturerUnknown.code,
        ErrorText: VPIC_ERRORS.manufacturerUnknown.text,
        Make: '',
        Model: '',
      });
      expect((await decode('11111111211111111')).result.ErrorCode).toBe('1,7');
    });

    it('answers 8 when the manufacturer is known but the data holds nothing for the VIN', async () => {
      // Tesla's WMI with model year 1985 (a built VIN with a correct check digit).
      const { result } = await decode('5YJSA1114FF000337');
      expect(result).toMatchObject({
        ErrorCode: VPIC_ERRORS.noDetailedData.code,
        ErrorText: VPIC_ERRORS.noDetailedData.text,
        Make: 'TESLA',
        Model: '',
      });
      const { result: both } = await decode('5YJSA1110FF000337');
      expect(both.ErrorCode).toBe('1,8');
      expect(both.ErrorText).toBe(
        `${VPIC_ERRORS.checkDigit.text}; ${VPIC_ERRORS.noDetailedData.text}`,
      );
    });

    it('answers 11 when position 10 holds no model-year code', async () => {
      const { result } = await decode('1HGCM82690A004352');
      expect(result).toMatchObject({ ErrorCode: VPIC_ERRORS.modelYearCode.code, ModelYear: '' });
    });

    it('answers 5 for more than 17 characters, decoding the first 17', async () => {
      const { result } = await decode(`${ACCORD}XYZ`);
      expect(result).toMatchObject({ ErrorCode: VPIC_ERRORS.fewPositions.code, Model: 'Accord' });
      expect(result.AdditionalErrorText).toContain('20 characters');
    });

    it('answers 6 for an empty VIN', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/vehicles/DecodeVinValues/' });
      expect(res.statusCode).toBe(200);
      expect(res.json().Results[0]).toMatchObject({ VIN: '', ErrorCode: '6', Make: '' });
    });

    it('serves JSON by default and refuses formats vPIC does not have', async () => {
      expect((await decode(ACCORD, '')).result.ErrorCode).toBe('0');
      expect((await decode(ACCORD, 'format=JSON')).result.ErrorCode).toBe('0');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/vehicles/DecodeVinValues/${ACCORD}?format=yaml`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_INPUT',
        field: 'format',
        message: `format: ${API_MESSAGES.decodeFormatUnknown}`,
      });
    });

    it('refuses a model year hint that is no year', async () => {
      for (const year of ['abc', '1492', '2003.5']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/vehicles/DecodeVinValues/${ACCORD}?modelyear=${year}`,
        });
        expect(res.statusCode, year).toBe(400);
        expect(res.json().message).toMatch(/^modelyear: /);
      }
    });
  });

  describe('batch', () => {
    it('answers one result per VIN, in order, with each year hint', async () => {
      const res = await batch(`DATA=${ACCORD};1HGCM826,2003; jh4ka7561pc008269 ;&format=json`);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ Count: number; Message: string; Results: Result[] }>();
      expect(body.Count).toBe(3);
      expect(body.Message).toBe(VPIC_MESSAGE);
      expect(body.Results.map((r) => [r.VIN, r.Model, r.ModelYear])).toEqual([
        [ACCORD, 'Accord', '2003'],
        ['1HGCM826', 'Accord', '2003'],
        ['JH4KA7561PC008269', 'Legend', '1993'],
      ]);
      for (const name of VPIC_CORE_VARIABLES) expect(typeof body.Results[2]?.[name]).toBe('string');
    });

    it('takes a JSON body and the path without its trailing slash', async () => {
      const res = await batch({ DATA: `${ACCORD};11111111111111111`, format: 'json' });
      expect(res.json().Results.map((r: Result) => r.ErrorCode)).toEqual(['0', '7']);
      const bare = await batch(`DATA=${ACCORD}`, '/api/vehicles/DecodeVINValuesBatch');
      expect(bare.statusCode).toBe(200);
      expect(bare.json().Results[0].Model).toBe('Accord');
    });

    it(`decodes ${DECODE_BATCH_MAX} VINs and refuses ${DECODE_BATCH_MAX + 1}`, async () => {
      const vins = REAL_VINS.map((v) => v.vin);
      const list = (n: number) => Array.from({ length: n }, (_, i) => vins[i % vins.length]);
      const ok = await batch(`DATA=${list(DECODE_BATCH_MAX).join(';')}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().Count).toBe(DECODE_BATCH_MAX);
      expect(ok.json().Results.map((r: Result) => r.VIN)).toEqual(list(DECODE_BATCH_MAX));

      const tooMany = await batch(`DATA=${list(DECODE_BATCH_MAX + 1).join(';')}`);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({
        code: 'INVALID_INPUT',
        field: 'DATA',
        message: API_MESSAGES.tooManyVins(DECODE_BATCH_MAX),
      });
    });

    it('refuses a request without VINs or with a bad year', async () => {
      const dataMessage = {
        code: 'INVALID_INPUT',
        field: 'DATA',
        message: `DATA: ${API_MESSAGES.batchDataExpected}`,
      };
      for (const payload of ['format=json', 'DATA=', 'DATA=;%20;', '']) {
        const res = await batch(payload);
        expect(res.statusCode, payload).toBe(400);
        expect(res.json(), payload).toEqual(dataMessage);
      }
      const noBody = await t.app.inject({
        method: 'POST',
        url: '/api/vehicles/DecodeVINValuesBatch/',
      });
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json()).toEqual(dataMessage);

      const badYear = await batch(`DATA=${ACCORD};${ACCORD},abc`);
      expect(badYear.statusCode).toBe(400);
      expect(badYear.json().message).toMatch(/^DATA entry 2: /);
    });
  });

  it('never answers junk with a server error', async () => {
    const paths = [
      '/api/vehicles/DecodeVinValues/%00',
      '/api/vehicles/DecodeVinValues/%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00',
      '/api/vehicles/DecodeVinValues/%E2%82%AC%F0%9F%9A%97',
      '/api/vehicles/DecodeVinValues/a%2Fb%2F..%2F..',
      '/api/vehicles/DecodeVinValues/..%2F..%2Fetc%2Fpasswd',
      '/api/vehicles/DecodeVinValues/%',
      '/api/vehicles/DecodeVinValues/%ZZ',
      '/api/vehicles/DecodeVinValues//',
      '/api/vehicles/DecodeVinValues/a/b/c',
      `/api/vehicles/DecodeVinValues/${'A'.repeat(5000)}`,
      `/api/vehicles/DecodeVinValues/${'%E2%82%AC'.repeat(90)}`,
      '/api/vehicles/DecodeVinValues/%20%20%20',
      "/api/vehicles/DecodeVinValues/1HG'%20OR%201=1--",
      '/api/vehicles/DecodeVinValues/1HG?format=json&format=xml',
      '/api/vehicles/DecodeVinValues/1HG?modelyear=1&modelyear=2',
      '/api/vehicles/DecodeVinValues/1HG?modelyear=99999999999999999999999',
      '/api/vehicles/DecodeVinValues/1HG?modelyear=-2003',
      '/api/vehicles/DecodeVinValues/1HG?format[]=json',
      '/api/vehicles/DecodeVinValues/1HG?__proto__=1&constructor=2',
    ];
    const bodies: { payload: string; type: string }[] = [
      { payload: '{"DATA":', type: 'application/json' },
      { payload: '[1,2,3]', type: 'application/json' },
      { payload: 'null', type: 'application/json' },
      { payload: '{"DATA":123}', type: 'application/json' },
      { payload: '{"DATA":["a"]}', type: 'application/json' },
      { payload: '{"__proto__":{"DATA":"x"}}', type: 'application/json' },
      { payload: 'DATA=x&DATA=y', type: 'application/x-www-form-urlencoded' },
      { payload: `DATA=${'%00'.repeat(2000)}`, type: 'application/x-www-form-urlencoded' },
      { payload: `DATA=${'€'.repeat(100_000)}`, type: 'application/x-www-form-urlencoded' },
      { payload: `DATA=${';'.repeat(100_000)}A`, type: 'application/x-www-form-urlencoded' },
      { payload: `DATA=${ACCORD},${'9'.repeat(400)}`, type: 'application/x-www-form-urlencoded' },
      { payload: 'DATA=x', type: 'text/plain' },
      { payload: '\u0000\u0001', type: 'application/octet-stream' },
    ];
    const responses = [
      ...(await Promise.all(paths.map((url) => t.app.inject({ method: 'GET', url })))),
      ...(await Promise.all(
        bodies.map(({ payload, type }) =>
          t.app.inject({
            method: 'POST',
            url: '/api/vehicles/DecodeVINValuesBatch/',
            payload,
            headers: { 'content-type': type },
          }),
        ),
      )),
    ];
    for (const res of responses) {
      const what = `${res.statusCode} ${res.body.slice(0, 120)}`;
      expect(res.statusCode, what).toBeLessThan(500);
      expect(res.headers['content-type'], what).toMatch(/^application\/json/);
      const body = res.json();
      if (res.statusCode >= 400) expect(typeof body.message, what).toBe('string');
      else
        expect(
          body.Results.every((r: Result) => r.ErrorCode !== '0'),
          what,
        ).toBe(true);
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('documents both routes in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/vehicles/DecodeVinValues/{vin}',
        '/api/vehicles/DecodeVINValuesBatch/',
      ]),
    );
  });

  describe('with the live vPIC service configured', () => {
    let double: VpicDouble;
    let decoder: VinDecoder;
    let live: TestApp;
    beforeAll(async () => {
      double = await startVpicDouble({
        vins: {
          [SLOW_VIN]: 'slow',
          [FAILING_VIN]: 'fail',
          [GARBAGE_VIN]: 'garbage',
          [ODD_SHAPE_VIN]: 'odd-shape',
        },
      });
      decoder = await createVinDecoder(
        testConfig({ VPIC_URL: `${double.url}/api/`, VPIC_TIMEOUT_MS: '300' }),
      );
      live = await createTestApp(db, { decoder });
    });
    afterAll(async () => {
      await live.close();
      await decoder.close();
      await double.close();
    });

    async function decodeLive(vin: string, query = 'format=json') {
      const res = await live.app.inject({
        method: 'GET',
        url: `/api/vehicles/DecodeVinValues/${vin}?${query}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json().Results[0] as Result;
    }

    it("asks the live service first and answers what it says, in vPIC's shape", async () => {
      const result = await decodeLive(ACCORD);
      expect(result).toMatchObject({ Model: 'Accord (live)', Make: 'HONDA', ErrorCode: '0' });
      for (const name of VPIC_CORE_VARIABLES) expect(typeof result[name], name).toBe('string');
      expect(double.requests.map((r) => r.url)).toContain(
        `/api/vehicles/DecodeVinValues/${ACCORD}?format=json`,
      );
    });

    it('passes the model year hint on', async () => {
      await decodeLive(ACCORD, 'format=json&modelyear=2003');
      expect(double.requests.map((r) => r.url)).toContain(
        `/api/vehicles/DecodeVinValues/${ACCORD}?format=json&modelyear=2003`,
      );
    });

    it('answers a VIN decoded before from its cache without asking again', async () => {
      const vin = '1N4AL3AP8JC231503';
      expect((await decodeLive(vin)).Model).toBe('Altima (live)');
      expect((await decodeLive(vin.toLowerCase())).Model).toBe('Altima (live)');
      expect(double.calls(vin)).toBe(1);
    });

    it("sends a batch upstream as one call of vPIC's batch endpoint, answering in order", async () => {
      const vins = ['1N4AL3AP8JC231510', '1HGCM82633A004369', '1HGCM82633A004370'];
      const before = double.requests.length;
      const batch = (data: string) =>
        live.app.inject({
          method: 'POST',
          url: '/api/vehicles/DecodeVINValuesBatch/',
          payload: `DATA=${data}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      const res = await batch(`${vins[0]},2018;${vins[1]};${vins[2]}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ Results: Result[] }>().Results.map((r) => [r.VIN, r.Model])).toEqual([
        [vins[0], 'Altima (live)'],
        [vins[1], 'Accord (live)'],
        [vins[2], 'Accord (live)'],
      ]);
      expect(double.requests.slice(before)).toEqual([
        {
          method: 'POST',
          url: '/api/vehicles/DecodeVINValuesBatch/',
          body: new URLSearchParams({
            DATA: `${vins[0]},2018;${vins[1]};${vins[2]}`,
            format: 'json',
          }).toString(),
        },
      ]);
      // Decoded VINs come from the cache; only the new one goes upstream, in one call again.
      const fourth = '1HGCM82633A004371';
      const again = await batch(`${vins[1]};${fourth}`);
      expect(again.json<{ Results: Result[] }>().Results.map((r) => r.VIN)).toEqual([
        vins[1],
        fourth,
      ]);
      expect(
        double.requests.slice(before + 1).map((r) => new URLSearchParams(r.body).get('DATA')),
      ).toEqual([fourth]);
    });

    it('answers a batch from the offline data when the live service misbehaves', async () => {
      double.misbehave('redirect');
      try {
        const res = await live.app.inject({
          method: 'POST',
          url: '/api/vehicles/DecodeVINValuesBatch/',
          payload: `DATA=${unseenAccord(1)};${unseenAccord(2)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(res.json<{ Results: Result[] }>().Results.map((r) => r.Model)).toEqual([
          'Accord',
          'Accord',
        ]);
        expect(double.metadataHits()).toBe(0);
      } finally {
        double.misbehave(null);
      }
    });

    it.each([
      ['redirect', 3],
      ['html', 4],
      ['oversize', 5],
      ['not-vpic', 6],
    ] as const)(
      'answers a decode from the offline data when the live service answers %s',
      async (how, serial) => {
        double.misbehave(how);
        try {
          // A VIN no test decoded before: a cached answer would prove nothing.
          const vin = unseenAccord(serial);
          const xml = await live.app.inject({
            method: 'GET',
            url: `/api/vehicles/DecodeVinValues/${vin}?format=xml`,
          });
          expect(xml.statusCode).toBe(200);
          expect(xml.body).toContain('<Model>Accord</Model>');
          expect(xml.body).not.toMatch(/<script|InternalToken|iam-role/);
          expect(double.metadataHits()).toBe(0);
        } finally {
          double.misbehave(null);
        }
      },
    );

    it("keeps only vPIC's names of a live decode: no other reaches its XML", async () => {
      double.misbehave('odd-keys');
      try {
        const xml = await live.app.inject({
          method: 'GET',
          url: `/api/vehicles/DecodeVinValues/${unseenAccord(7)}?format=xml`,
        });
        expect(xml.statusCode).toBe(200);
        expect(xml.body).toContain('<Model>Accord (live)</Model>');
        expect(XMLValidator.validate(xml.body)).toBe(true);
        expect(xml.body).not.toMatch(/<script|InternalToken|a b/);
      } finally {
        double.misbehave(null);
      }
    });

    it.each([
      { behaviour: 'is slower than the timeout', vin: SLOW_VIN, model: 'Legend' },
      { behaviour: 'answers 500', vin: FAILING_VIN, model: 'Tahoe' },
      { behaviour: 'answers something not JSON', vin: GARBAGE_VIN, model: 'Mustang' },
      { behaviour: 'answers JSON of another shape', vin: ODD_SHAPE_VIN, model: 'Altima' },
    ])('answers from the offline data when the service $behaviour', async ({ vin, model }) => {
      const result = await decodeLive(vin);
      expect(result).toMatchObject({ VIN: vin, Model: model, ErrorCode: '0' });
      expect(double.calls(vin)).toBe(1);
    });
  });
});

describe('offline vPIC data file', () => {
  it('is unpacked once into DATA_DIR, also when servers start together', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vr-vpic-file-'));
    try {
      const paths = await Promise.all([
        ensureVpicDatabaseFile(dataDir),
        ensureVpicDatabaseFile(dataDir),
      ]);
      expect(paths[0]).toBe(paths[1]);
      expect(readdirSync(join(dataDir, 'vpic'))).toEqual([paths[0]?.split('/').pop()]);
      expect(await ensureVpicDatabaseFile(dataDir)).toBe(paths[0]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A 2003 Accord VIN with a correct check digit and a serial no other test uses. */
function unseenAccord(serial: number): string {
  const draft = `1HGCM82603A9${String(serial).padStart(5, '0')}`;
  return `${draft.slice(0, 8)}${expectedCheckDigit(draft)}${draft.slice(9)}`;
}

const SLOW_VIN = 'JH4KA7561PC008269';
const FAILING_VIN = '1GNEK13ZX3R298984';
const GARBAGE_VIN = '1FAFP40634F172825';
const ODD_SHAPE_VIN = '1N4AL11D75C109151';
