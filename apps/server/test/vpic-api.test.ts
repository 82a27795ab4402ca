import type { AddressInfo } from 'node:net';
import * as nhtsa from '@shaggytools/nhtsa-api-wrapper';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES, VPIC_API_MESSAGES } from '@vr/contracts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { startVpicDouble, type VpicDouble } from './support/vpic-double.ts';

const NHTSA = 'https://vpic.nhtsa.dot.gov/api';
const ACCORD = '1HGCM82633A004352';
const LEGEND = 'JH4KA7561PC008269';
const HONDA_ID = 474;

type Answer = {
  Count: number;
  Message: string;
  SearchCriteria: string | null;
  Results: Record<string, unknown>[];
};

/** vPIC's shape: Count matching Results, a Message, SearchCriteria, and no other field. */
function expectVpicShape(answer: Answer): void {
  expect(Object.keys(answer).sort()).toEqual(['Count', 'Message', 'Results', 'SearchCriteria']);
  expect(answer.Count).toBe(answer.Results.length);
  expect(typeof answer.Message).toBe('string');
}

const [db] = testDatabases();

describe('the vPIC API, offline', () => {
  let t: TestApp;
  let base: string;
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    t = await createTestApp(db!);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    // The wrapper has NHTSA's address built in; its requests are sent to this server instead.
    globalThis.fetch = (input, init) =>
      realFetch(
        typeof input === 'string' && input.startsWith(NHTSA)
          ? base + input.slice(NHTSA.length)
          : input,
        init,
      );
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  describe('with @shaggytools/nhtsa-api-wrapper pointed at it', () => {
    it('decodes a VIN as a variable list (DecodeVin, DecodeVinExtended)', async () => {
      const answer = await nhtsa.DecodeVin(ACCORD);
      expectVpicShape(answer);
      expect(answer.SearchCriteria).toBe(`VIN:${ACCORD}`);
      const byName = new Map<string, unknown>(answer.Results.map((r) => [r.Variable, r]));
      expect(byName.get('Make')).toEqual({
        Value: 'HONDA',
        ValueId: String(HONDA_ID),
        Variable: 'Make',
        VariableId: 26,
      });
      expect(byName.get('Model')).toMatchObject({ Value: 'Accord', VariableId: 28 });
      expect(byName.get('Model Year')).toMatchObject({ Value: '2003', ValueId: '' });
      expect(byName.get('Error Code')).toMatchObject({ Value: '0' });
      expect(byName.get('Trailer Length (feet)')).toMatchObject({ Value: null, ValueId: '' });
      expect(answer.Results[0]?.Variable).toBe('Suggested VIN');
      expect(byName.has('NCSA Make')).toBe(false);

      const extended = await nhtsa.DecodeVinExtended(ACCORD, { modelYear: 2003 });
      expect(extended.Count).toBeGreaterThan(answer.Count);
      expect(extended.Results).toContainEqual(
        expect.objectContaining({ Variable: 'NCSA Make', Value: null }),
      );
    });

    it('decodes a VIN as values (DecodeVinValues, DecodeVinValuesExtended, the batch)', async () => {
      const values = await nhtsa.DecodeVinValues(ACCORD);
      expectVpicShape(values);
      expect(values.Results[0]).toMatchObject({
        Make: 'HONDA',
        Model: 'Accord',
        ModelYear: '2003',
      });

      const extended = await nhtsa.DecodeVinValuesExtended(ACCORD);
      expectVpicShape(extended);
      expect(extended.Results[0]).toMatchObject({
        ...values.Results[0],
        NCSAMake: '',
        NCSABodyType: '',
      });

      const batch = await nhtsa.DecodeVinValuesBatch(`${ACCORD};${LEGEND},1993`);
      expectVpicShape(batch);
      expect(batch.Results.map((r) => [r.Make, r.Model])).toEqual([
        ['HONDA', 'Accord'],
        ['ACURA', 'Legend'],
      ]);
    });

    it("decodes a WMI (DecodeWMI): 1HG is Honda's", async () => {
      const answer = await nhtsa.DecodeWMI('1hg');
      expectVpicShape(answer);
      expect(answer.Results).toEqual([
        expect.objectContaining({
          Make: 'HONDA',
          ManufacturerName: 'AMERICAN HONDA MOTOR CO., INC.',
          VehicleType: 'Passenger Car',
          CreatedOn: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        }),
      ]);
    });

    it('lists the WMIs of a manufacturer (GetWMIsForManufacturer)', async () => {
      // The wrapper encodes names twice (`american%2520honda`), so one word is asked.
      const answer = await nhtsa.GetWMIsForManufacturer({ manufacturer: 'honda' });
      expectVpicShape(answer);
      expect(answer.Results).toContainEqual(
        expect.objectContaining({ WMI: '1HG', Name: 'AMERICAN HONDA MOTOR CO., INC.', Id: 988 }),
      );
      const trucks = await nhtsa.GetWMIsForManufacturer({
        manufacturer: 'honda',
        vehicleType: 'truck',
      });
      expect(trucks.Count).toBeGreaterThan(0);
      expect(trucks.Count).toBeLessThan(answer.Count);
      expect(new Set(trucks.Results.map((r) => r.VehicleType))).toEqual(new Set(['Truck']));
    });

    it('lists every make (GetAllMakes)', async () => {
      const answer = await nhtsa.GetAllMakes();
      expectVpicShape(answer);
      expect(answer.Count).toBe(12_119);
      expect(answer.Results).toContainEqual({ Make_ID: HONDA_ID, Make_Name: 'HONDA' });
    });

    it('lists manufacturers 100 a page (GetAllManufacturers)', async () => {
      const first = await nhtsa.GetAllManufacturers({});
      expectVpicShape(first);
      expect(first.Count).toBe(100);
      const second = await nhtsa.GetAllManufacturers({ page: 2 });
      expect(second.Results[0]?.Mfr_ID).toBeGreaterThan(first.Results[99]?.Mfr_ID as number);
      const last = await nhtsa.GetAllManufacturers({ page: 225 });
      expect(last.Count).toBe(22_447 - 224 * 100);
      expect((await nhtsa.GetAllManufacturers({ page: 226 })).Count).toBe(0);
    });

    it('tells what it holds of a manufacturer (GetManufacturerDetails)', async () => {
      const answer = await nhtsa.GetManufacturerDetails('988');
      expectVpicShape(answer);
      expect(answer.Results).toEqual([
        expect.objectContaining({
          Mfr_ID: 988,
          Mfr_Name: 'AMERICAN HONDA MOTOR CO., INC.',
          Country: 'UNITED STATES (USA)',
          Address: null,
          VehicleTypes: expect.arrayContaining([
            expect.objectContaining({ Name: 'Passenger Car' }),
          ]),
        }),
      ]);
    });

    it('lists the makes of manufacturers (GetMakeForManufacturer, ...AndYear)', async () => {
      const makes = await nhtsa.GetMakeForManufacturer('american honda');
      expectVpicShape(makes);
      expect(makes.Results).toContainEqual({
        Make_ID: HONDA_ID,
        Make_Name: 'HONDA',
        Mfr_Name: 'AMERICAN HONDA MOTOR CO., INC.',
      });
      const ofYear = await nhtsa.GetMakesForManufacturerAndYear('american honda', { year: 2015 });
      expectVpicShape(ofYear);
      expect(ofYear.Results).toContainEqual({
        MakeId: HONDA_ID,
        MakeName: 'HONDA',
        MfrId: 988,
        MfrName: 'AMERICAN HONDA MOTOR CO., INC.',
      });
    });

    it('links makes and vehicle types (GetMakesForVehicleType, GetVehicleTypesForMake[Id])', async () => {
      const makes = await nhtsa.GetMakesForVehicleType('car');
      expectVpicShape(makes);
      expect(makes.Results).toContainEqual({
        MakeId: HONDA_ID,
        MakeName: 'HONDA',
        VehicleTypeId: 2,
        VehicleTypeName: 'Passenger Car',
      });
      const types = await nhtsa.GetVehicleTypesForMake('honda');
      expectVpicShape(types);
      expect(types.Results).toContainEqual({
        MakeId: HONDA_ID,
        MakeName: 'HONDA',
        VehicleTypeId: 2,
        VehicleTypeName: 'Passenger Car',
      });
      const byId = await nhtsa.GetVehicleTypesForMakeId(HONDA_ID);
      expectVpicShape(byId);
      expect(byId.Results).toContainEqual({ VehicleTypeId: 1, VehicleTypeName: 'Motorcycle' });
    });

    it('lists the models of a make (GetModelsForMake, GetModelsForMakeId)', async () => {
      const byName = await nhtsa.GetModelsForMake('honda');
      expectVpicShape(byName);
      expect(byName.Results).toContainEqual(
        expect.objectContaining({ Make_ID: HONDA_ID, Make_Name: 'HONDA', Model_Name: 'Accord' }),
      );
      const byId = await nhtsa.GetModelsForMakeId(HONDA_ID);
      expect(byId.Results.length).toBeGreaterThan(0);
      expect(byId.Results.every((r) => r.Make_ID === HONDA_ID)).toBe(true);
    });

    it("lists Honda's 2015 models (GetModelsForMakeYear, GetModelsForMakeIdYear)", async () => {
      const answer = await nhtsa.GetModelsForMakeYear({ make: 'honda', modelYear: 2015 });
      expectVpicShape(answer);
      expect(answer.SearchCriteria).toBe('Make:honda | ModelYear:2015');
      const names = answer.Results.map((r) => r.Model_Name);
      expect(names).toEqual(expect.arrayContaining(['Accord', 'Civic', 'CR-V']));
      // The Element was a 2003-2011 model.
      expect(names).not.toContain('Element');

      const byId = await nhtsa.GetModelsForMakeIdYear({ makeId: HONDA_ID, modelYear: 2015 });
      expect(byId.Results.map((r) => r.Model_Name)).toEqual(
        expect.arrayContaining(['Accord', 'Civic', 'CR-V']),
      );
      const trucks = await nhtsa.GetModelsForMakeYear({
        make: 'honda',
        modelYear: 2015,
        vehicleType: 'truck',
      });
      expect(trucks.Results.map((r) => r.Model_Name)).toContain('Ridgeline');
      expect(trucks.Results.map((r) => r.Model_Name)).not.toContain('Civic');
      const motorcycles = await nhtsa.GetModelsForMakeIdYear({
        makeId: HONDA_ID,
        vehicleType: 'motorcycle',
      });
      expect(motorcycles.Results.map((r) => r.Model_Name)).toContain('Gold Wing');
    });

    it('lists the variables and the values of one (GetVehicleVariableList, ...ValuesList)', async () => {
      const variables = await nhtsa.GetVehicleVariableList();
      expectVpicShape(variables);
      expect(variables.Results).toContainEqual(
        expect.objectContaining({ ID: 26, Name: 'Make', DataType: 'lookup', GroupName: 'General' }),
      );
      const types = await nhtsa.GetVehicleVariableValuesList('vehicle type');
      expectVpicShape(types);
      expect(types.Results).toContainEqual({
        ElementName: 'Vehicle Type',
        Id: 2,
        Name: 'Passenger Car',
      });
      expect((await nhtsa.GetVehicleVariableValuesList(39)).Results).toEqual(types.Results);
    });
  });

  describe('what the offline data cannot answer', () => {
    it.each([
      ['GetParts', '/api/vehicles/GetParts?type=565&fromDate=1/1/2015&toDate=5/5/2015&format=json'],
      [
        'GetEquipmentPlantCodes',
        '/api/vehicles/GetEquipmentPlantCodes?year=2015&equipmentType=1&reportType=all',
      ],
      [
        'GetCanadianVehicleSpecifications',
        '/api/vehicles/GetCanadianVehicleSpecifications/?year=2011&make=Acura&format=json',
      ],
      ['GetAllManufacturers', '/api/vehicles/GetAllManufacturers?ManufacturerType=Intermediate'],
      ['GetVehicleVariableValuesList', '/api/vehicles/GetVehicleVariableValuesList/ABS'],
    ])('%s answers in vPIC shape, saying the data is not offline', async (name, url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const answer = res.json<Answer>();
      expectVpicShape(answer);
      expect(answer).toMatchObject({ Count: 0, Message: VPIC_API_MESSAGES.notOffline(name) });
    });

    it('says so through the wrapper too', async () => {
      const answer = await nhtsa.GetParts({});
      expectVpicShape(answer);
      expect(answer).toMatchObject({ Count: 0, Message: VPIC_API_MESSAGES.notOffline('GetParts') });
    });
  });

  describe('unknown and hostile input', () => {
    const long = 'x'.repeat(10_000);
    const odd = encodeURIComponent(`<a href="x">'; DROP TABLE Make;--%\u00e9\u{1F697}`);
    const empty = [
      '/api/vehicles/GetModelsForMake/nosuchmake',
      `/api/vehicles/GetModelsForMake/${long}`,
      `/api/vehicles/GetModelsForMake/${odd}`,
      '/api/vehicles/GetModelsForMakeYear/make/nosuchmake/modelyear/2015',
      `/api/vehicles/GetModelsForMakeYear/make/${long}/modelyear/2015/vehicletype/${long}`,
      '/api/vehicles/GetModelsForMakeYear/make/honda/vehicletype/nosuchtype',
      '/api/vehicles/GetModelsForMakeIdYear/makeId/999999/modelyear/2015',
      '/api/vehicles/GetModelsForMakeId/999999',
      '/api/vehicles/GetVehicleTypesForMakeId/999999',
      `/api/vehicles/GetVehicleTypesForMake/${odd}`,
      `/api/vehicles/GetMakesForVehicleType/${long}`,
      `/api/vehicles/GetMakeForManufacturer/${odd}`,
      `/api/vehicles/GetMakesForManufacturerAndYear/${long}?year=2015`,
      '/api/vehicles/GetMakesForManufacturerAndYear/honda?year=1901',
      `/api/vehicles/GetManufacturerDetails/${long}`,
      '/api/vehicles/GetManufacturerDetails/%20',
      `/api/vehicles/GetWMIsForManufacturer/${odd}`,
      '/api/vehicles/DecodeWMI/ZZZ',
      `/api/vehicles/DecodeWMI/${long}`,
      `/api/vehicles/GetVehicleVariableValuesList/${odd}`,
      '/api/vehicles/GetVehicleVariableValuesList/Model%20Year',
      '/api/vehicles/GetAllManufacturers?page=100000',
    ];
    it.each(empty.map((url) => [url.slice(0, 90), url]))(
      'answers vPIC’s empty answer to %s',
      async (_shown, url) => {
        for (const format of ['json', 'xml', 'csv']) {
          const res = await get(`${url}${url.includes('?') ? '&' : '?'}format=${format}`);
          expect(res.statusCode, format).toBe(200);
          if (format === 'json')
            expect(res.json<Answer>()).toMatchObject({ Count: 0, Results: [] });
        }
      },
    );

    const refused = [
      ['/api/vehicles/GetModelsForMakeYear/make/honda/modelyear/1850', 'year'],
      ['/api/vehicles/GetModelsForMakeYear/make/honda/modelyear/abc', 'year'],
      ['/api/vehicles/GetModelsForMakeIdYear/makeId/abc/modelyear/2015', 'makeId'],
      ['/api/vehicles/GetModelsForMakeId/-1', 'makeId'],
      ['/api/vehicles/GetModelsForMakeId/99999999999999999999', 'makeId'],
      ['/api/vehicles/GetVehicleTypesForMakeId/1.5', 'makeId'],
      ['/api/vehicles/GetMakesForManufacturerAndYear/honda', 'year'],
      ['/api/vehicles/GetMakesForManufacturerAndYear/honda?year=1850', 'year'],
      ['/api/vehicles/GetAllManufacturers?page=0', 'page'],
      ['/api/vehicles/GetAllManufacturers?page=x', 'page'],
      ['/api/vehicles/GetWMIsForManufacturer/', 'manufacturer'],
      ['/api/vehicles/GetAllMakes?format=yaml', 'format'],
      ['/api/vehicles/DecodeVin/1HG?modelyear=1850', 'modelyear'],
    ];
    it.each(refused)('answers 400 naming the field to %s', async (url, field) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(new RegExp(`^${field}: `));
    });

    it('never answers 5xx to odd paths and queries', async () => {
      const urls = [
        '/api/vehicles/GetModelsForMakeYear/make/%00/modelyear/2015',
        '/api/vehicles/GetModelsForMakeYear/make//modelyear/2015',
        '/api/vehicles/GetModelsForMakeYear/make/honda',
        '/api/vehicles/GetModelsForMakeYear/make/honda/modelyear/2015/vehicletype/',
        '/api/vehicles/DecodeWMI/%ZZ',
        '/api/vehicles/DecodeWMI/%E2%82%AC',
        `/api/vehicles/GetVehicleVariableValuesList/${'%F0%9F%9A%97'.repeat(500)}?format=xml`,
        '/api/vehicles/GetAllMakes?format[]=json',
        '/api/vehicles/GetAllMakes?format=json&format=xml',
        '/api/vehicles/GetAllManufacturers?page=1&page=2',
        '/api/vehicles/GetWMIsForManufacturer/?vehicleType=%00',
        '/api/vehicles/GetAllMakes?__proto__=1&constructor=2',
        `/api/vehicles/DecodeVin/${'A'.repeat(5000)}?format=csv`,
        `/api/vehicles/DecodeVinValuesExtended/${'%E2%82%AC'.repeat(90)}?format=xml`,
      ];
      for (const url of urls) {
        const res = await get(url);
        expect(res.statusCode, url).toBeLessThan(500);
      }
    });
  });

  describe('formats', () => {
    const xml = new XMLParser({
      parseTagValue: false,
      trimValues: false,
      isArray: (_name, path) => [3, 5].includes(String(path).split('.').length),
    });

    /** What a json record says, as text: xml and csv carry text only. */
    function asText(value: unknown): unknown {
      if (value === null || value === undefined) return '';
      if (Array.isArray(value)) return value.map((v) => asText(v));
      if (typeof value === 'object') {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asText(v)]));
      }
      return String(value);
    }

    const endpoints = [
      ['/api/vehicles/GetModelsForMakeYear/make/honda/modelyear/2015', 'MakeModels'],
      ['/api/vehicles/DecodeWMI/1HG', 'DecodedWMI'],
      ['/api/vehicles/GetAllManufacturers?page=3', 'Manufacturers'],
      [`/api/vehicles/DecodeVin/${ACCORD}`, 'DecodedVariable'],
      [`/api/vehicles/DecodeVinValues/${ACCORD}`, 'DecodedVINValues'],
      ['/api/vehicles/GetVehicleVariableList', 'VehicleVariablesList'],
    ];
    it.each(endpoints)('%s in xml and csv holds the json records', async (url, item) => {
      const json = (await get(`${url}${url.includes('?') ? '&' : '?'}format=json`)).json<Answer>();
      expect(json.Count).toBeGreaterThan(0);
      const records = json.Results.map((r) => asText(r) as Record<string, unknown>);

      const xmlRes = await get(`${url}${url.includes('?') ? '&' : '?'}format=xml`);
      expect(xmlRes.headers['content-type']).toMatch(/^text\/xml/);
      const parsed = xml.parse(xmlRes.body) as {
        Response: { Count: string; Message: string; Results: Record<string, unknown[]> };
      };
      expect(parsed.Response.Count).toBe(String(json.Count));
      expect(parsed.Response.Message).toBe(json.Message);
      const fromXml = parsed.Response.Results[item] ?? [];
      // A list inside a record is one element per entry, named in the singular.
      const nested = records.map((r) =>
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [
            k,
            Array.isArray(v) ? { [k.replace(/s$/, '')]: v } : v,
          ]),
        ),
      );
      expect(fromXml).toEqual(nested.map((r) => expect.objectContaining(emptyListsAsText(r))));

      const csvRes = await get(`${url}${url.includes('?') ? '&' : '?'}format=csv`);
      expect(csvRes.headers['content-type']).toMatch(/^text\/csv/);
      const fromCsv = parseCsv(csvRes.body, { columns: true }) as Record<string, string>[];
      expect(fromCsv).toEqual(
        json.Results.map((r) =>
          Object.fromEntries(
            Object.entries(r).map(([k, v]) => [
              k,
              v !== null && typeof v === 'object' ? JSON.stringify(v) : asText(v),
            ]),
          ),
        ),
      );
    });

    it('answers the batch in xml and csv', async () => {
      const post = (format: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/vehicles/DecodeVINValuesBatch/',
          payload: `DATA=${ACCORD};${LEGEND}&format=${format}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      const json = (await post('json')).json<Answer>();
      const fromXml = xml.parse((await post('xml')).body) as {
        Response: { Results: { DecodedVINValues: Record<string, string>[] } };
      };
      expect(fromXml.Response.Results.DecodedVINValues).toEqual(json.Results.map(asText));
      // One header for all: a field only one VIN has is empty in the other's row.
      const columns = [...new Set(json.Results.flatMap((r) => Object.keys(r)))];
      expect(parseCsv((await post('csv')).body, { columns: true })).toEqual(
        json.Results.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? '']))),
      );
    });

    it('writes a cell from the caller that starts like a formula as text (CSV injection)', async () => {
      // The VIN comes back in the answer, upper-cased as every VIN is.
      for (const formula of ['=1+2', '+1+2', '-1+2', '@SUM(1)', '=HYPERLINK("X")']) {
        const path = encodeURIComponent(formula);
        for (const url of [
          `/api/vehicles/DecodeVinValues/${path}?format=csv`,
          `/api/vehicles/DecodeVinValuesExtended/${path}?format=csv`,
        ]) {
          const res = await get(url);
          expect(res.statusCode, url).toBe(200);
          const cells = (parseCsv(res.body) as string[][]).flat();
          expect(cells, url).toContain(`'${formula}`);
          expect(
            cells.filter((c) => /^[=+\-@\t\r]/.test(c)),
            url,
          ).toEqual([]);
          // Quoted, as OWASP's guidance says, so no reader splits or runs it.
          expect(res.body, url).toContain(`"'${formula.replaceAll('"', '""')}"`);
        }
      }
    });

    it('refuses a format vPIC does not have', async () => {
      const res = await get('/api/vehicles/GetAllMakes?format=pdf');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_INPUT',
        field: 'format',
        message: `format: ${API_MESSAGES.decodeFormatUnknown}`,
      });
    });
  });

  it('matches paths and query names whatever their case, as vPIC', async () => {
    const res = await get(
      '/API/VEHICLES/getmodelsformakeyear/MAKE/Honda/MODELYEAR/2015?FORMAT=xml',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
  });

  it('lists every endpoint in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    const names = Object.keys(doc.paths)
      .filter((p) => p.startsWith('/api/vehicles/'))
      .map((p) => p.split('/')[3]);
    expect(new Set(names)).toEqual(
      new Set([
        'DecodeVin',
        'DecodeVinExtended',
        'DecodeVinValues',
        'DecodeVINValuesBatch',
        'DecodeVinValuesExtended',
        'DecodeWMI',
        'GetWMIsForManufacturer',
        'GetAllMakes',
        'GetAllManufacturers',
        'GetManufacturerDetails',
        'GetMakeForManufacturer',
        'GetMakesForManufacturerAndYear',
        'GetMakesForVehicleType',
        'GetVehicleTypesForMake',
        'GetVehicleTypesForMakeId',
        'GetModelsForMake',
        'GetModelsForMakeId',
        'GetModelsForMakeYear',
        'GetModelsForMakeIdYear',
        'GetVehicleVariableList',
        'GetVehicleVariableValuesList',
        'GetParts',
        'GetEquipmentPlantCodes',
        'GetCanadianVehicleSpecifications',
      ]),
    );
  });
});

/** An empty list inside a record parses from xml as an empty text. */
function emptyListsAsText(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([k, v]) => {
      const inner =
        v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.values(v)[0] : undefined;
      return [k, Array.isArray(inner) && inner.length === 0 ? '' : v];
    }),
  );
}

describe('the vPIC API with the live service (VPIC_URL)', () => {
  let t: TestApp;
  let double: VpicDouble;
  const parts = '/api/vehicles/GetParts?type=565&fromDate=1/1/2015';

  beforeAll(async () => {
    double = await startVpicDouble();
    t = await createTestApp(db!, { env: { VPIC_URL: `${double.url}/api` } });
  });
  afterAll(async () => {
    await t.close();
    await double.close();
  });
  beforeEach(() => double.misbehave(null));

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('forwards what the offline data lacks, as asked, and hands back the answer', async () => {
    const res = await get(`${parts}&format=json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json<Answer>().Results[0]).toMatchObject({ ManufacturerName: 'AMERICAN HONDA' });
    const asked = new URL(double.requests.at(-1)?.url ?? '', 'http://x');
    expect(asked.pathname).toBe('/api/vehicles/GetParts');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      type: '565',
      fromDate: '1/1/2015',
      format: 'json',
    });
  });

  it('writes the answer in the format asked itself, with its own content type', async () => {
    const xml = await get(`${parts}&format=xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(new XMLParser().parse(xml.body)).toMatchObject({
      Response: { Count: 1, Results: { Parts: { ManufacturerName: 'AMERICAN HONDA' } } },
    });
    const csv = await get(`${parts}&FORMAT=csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(parseCsv(csv.body, { columns: true })).toMatchObject([{ Name: 'ABC', Type: '565' }]);
    // The live service is always asked for JSON.
    expect(double.requests.slice(-2).map((r) => new URL(r.url, 'http://x').search)).toEqual([
      '?type=565&fromDate=1%2F1%2F2015&format=json',
      '?type=565&fromDate=1%2F1%2F2015&format=json',
    ]);
  });

  it('refuses to follow a redirect, to a "metadata" service or anywhere (502)', async () => {
    double.misbehave('redirect');
    for (const format of ['json', 'xml', 'csv']) {
      const res = await get(`${parts}&format=${format}`);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        message: VPIC_API_MESSAGES.liveFailed,
        requestId: res.headers['x-request-id'],
      });
    }
    expect(double.metadataHits()).toBe(0);
  });

  it('never serves what the live service sends as HTML on this origin (502)', async () => {
    double.misbehave('html');
    const res = await get(`${parts}&format=json`);
    expect(res.statusCode).toBe(502);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).not.toContain('<script>');
  });

  it('stops reading an answer past its size limit (502), not waiting for it to end', async () => {
    double.misbehave('oversize');
    const res = await get(`${parts}&format=json`);
    // The body never ends: only a limit counted while reading answers before the timeout (504).
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: VPIC_API_MESSAGES.liveFailed,
      requestId: res.headers['x-request-id'],
    });
  });

  it('answers 502 for JSON of another shape', async () => {
    double.misbehave('not-vpic');
    expect((await get(`${parts}&format=json`)).statusCode).toBe(502);
  });

  it("keeps only vPIC's field names: none other reaches an answer or an XML element name", async () => {
    double.misbehave('odd-keys');
    const json = await get(`${parts}&format=json`);
    expect(json.statusCode).toBe(200);
    expect(json.json<Answer>().Results).toEqual([
      { Name: 'ABC', ManufacturerName: 'AMERICAN HONDA', VehicleTypes: [{ Name: 'Car' }] },
    ]);
    const xml = await get(`${parts}&format=xml`);
    expect(xml.statusCode).toBe(200);
    expect(XMLValidator.validate(xml.body)).toBe(true);
    expect(xml.body).not.toMatch(/script|InternalToken|<b>|a b/);
    const csv = await get(`${parts}&format=csv`);
    expect(csv.body.split('\n')[0]).toBe('Name,ManufacturerName,VehicleTypes');
  });

  it('answers 502 when the live service fails', async () => {
    const res = await get(
      '/api/vehicles/GetEquipmentPlantCodes?year=2015&equipmentType=1&reportType=all',
    );
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: VPIC_API_MESSAGES.liveFailed,
      requestId: res.headers['x-request-id'],
    });
  });

  it('still answers lists from the offline data', async () => {
    const res = await get('/api/vehicles/DecodeWMI/1HG');
    expect(res.json<Answer>().Results[0]).toMatchObject({ Make: 'HONDA' });
    expect(double.requests.some((r) => r.url.includes('DecodeWMI'))).toBe(false);
  });
});
