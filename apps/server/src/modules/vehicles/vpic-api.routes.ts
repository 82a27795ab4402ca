import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  vpicAnswerSchema,
  vpicDecodeQuerySchema,
  vpicFormatQuerySchema,
  vpicMakeIdParamsSchema,
  vpicMakeParamsSchema,
  vpicManufacturerParamsSchema,
  vpicManufacturersQuerySchema,
  vpicModelYearParamsSchema,
  vpicVariableParamsSchema,
  vpicVehicleTypeParamsSchema,
  vpicVinParamsSchema,
  vpicWmiParamsSchema,
  vpicWmisQuerySchema,
  vpicYearQuerySchema,
  VPIC_API_MESSAGES,
  type VpicFormat,
} from '@vr/contracts';
import type { DecodeLog } from '../../adapters/vin-decoder/vin-decoder.ts';
import type { VpicCatalog, VpicRecord } from '../../adapters/vin-decoder/vpic-catalog.ts';
import { HttpError } from '../../http/errors.ts';
import type { VpicApiService, VpicReply, VpicRequest } from './vpic-api.service.ts';

const BASE = '/api/vehicles';
const OFFLINE = 'Answered from the offline vPIC data, in memory.';
const LIVE_ONLY =
  "Not in the offline vPIC data: forwarded to the live vPIC service when VPIC_URL is set, else answered in vPIC's shape with Count 0 and a Message saying the data is not available offline.";
const MATCHING =
  "Names match as vPIC's LIKE does: any part of the name, any case; a number is an id. Unknown input answers Count 0 and no Results.";

type Params = z.ZodObject;

export const vpicApiRoutes: FastifyPluginAsyncZod<{
  service: VpicApiService;
  rateNote: string;
}> = async (app, { service, rateNote }) => {
  /**
   * One GET endpoint at each of `paths`, each documented but for vPIC's spellings of the first
   * (a trailing slash, none), which answer the same.
   */
  function endpoint<P extends Params, Q extends Params>(
    paths: string[],
    docs: { summary: string; description: string; params: P; querystring: Q },
    answer: (
      params: z.output<P>,
      query: z.output<Q> & { format: VpicFormat },
      livePath: string,
      log: DecodeLog,
    ) => Promise<VpicReply> | VpicReply,
  ): void {
    paths.forEach((path, i) => {
      app.get(
        `${BASE}/${path}`,
        {
          schema: {
            hide: i > 0 && !path.includes(':'),
            tags: ['vehicles'],
            summary: docs.summary,
            description: `${docs.description}${rateNote}`,
            params: docs.params,
            querystring: docs.querystring,
            response: {
              200: vpicAnswerSchema,
              400: errorResponseSchema,
              429: errorResponseSchema,
              502: errorResponseSchema,
              504: errorResponseSchema,
            },
          },
        },
        async (request, reply) =>
          send(
            reply,
            await answer(
              request.params as z.output<P>,
              request.query as z.output<Q> & { format: VpicFormat },
              request.url.replace(/^\/api\/vehicles\//i, ''),
              request.log,
            ),
          ),
      );
    });
  }

  const noParams = z.object({});
  const request = (
    endpointName: string,
    item: string,
    criteria: string | null,
    format: VpicFormat,
    livePath: string,
  ): VpicRequest => ({ endpoint: endpointName, item, criteria, format, livePath });
  const lists = (
    r: VpicRequest,
    question: (catalog: VpicCatalog) => VpicRecord[] | undefined,
  ): Promise<VpicReply> => service.answerFromLists(r, question);

  // Decodes in vPIC's other forms: the variable list (DecodeVin) and the Extended ones.
  for (const [name, extended] of [
    ['DecodeVin', false],
    ['DecodeVinExtended', true],
  ] as const) {
    endpoint(
      [`${name}/:vin`],
      {
        summary: `${name}: decode one VIN as a list of variables (vPIC-compatible)`,
        description: `One { Value, ValueId, Variable, VariableId } per vPIC variable, Value null where the data says nothing${extended ? '; with the NCSA variables, which the offline data does not fill' : ''}. The same decode as DecodeVinValues.`,
        params: vpicVinParamsSchema,
        querystring: vpicDecodeQuerySchema,
      },
      ({ vin }, { format, modelyear }, livePath, log) =>
        service.decodeAsVariables(
          request(name, 'DecodedVariable', null, format, livePath),
          { vin, modelYear: modelyear },
          extended,
          log,
        ),
    );
  }

  endpoint(
    ['DecodeVinValuesExtended/:vin'],
    {
      summary: 'DecodeVinValuesExtended: decode one VIN, with the NCSA variables',
      description:
        'DecodeVinValues with the NCSA variables besides, empty: the offline data does not hold them.',
      params: vpicVinParamsSchema,
      querystring: vpicDecodeQuerySchema,
    },
    ({ vin }, { format, modelyear }, livePath, log) =>
      service.decodeValuesExtended(
        request('DecodeVinValuesExtended', 'DecodedVINValues', null, format, livePath),
        { vin, modelYear: modelyear },
        log,
      ),
  );

  endpoint(
    ['DecodeWMI/:wmi'],
    {
      summary: 'DecodeWMI: the manufacturer, make and vehicle type of a WMI',
      description: `${OFFLINE} Dates as days; fields the data lacks (CommonName, ParentCompanyName, URL) empty.`,
      params: vpicWmiParamsSchema,
      querystring: vpicFormatQuerySchema,
    },
    ({ wmi }, { format }, livePath) =>
      lists(request('DecodeWMI', 'DecodedWMI', `WMI:${wmi}`, format, livePath), (c) =>
        c.decodeWmi(wmi),
      ),
  );

  endpoint(
    ['GetWMIsForManufacturer/:manufacturer', 'GetWMIsForManufacturer/', 'GetWMIsForManufacturer'],
    {
      summary: 'GetWMIsForManufacturer: the WMIs of a manufacturer, optionally of a vehicle type',
      description: `${OFFLINE} ${MATCHING} Either the manufacturer or \`vehicleType\` must be given.`,
      params: vpicManufacturerParamsSchema.partial(),
      querystring: vpicWmisQuerySchema,
    },
    ({ manufacturer }, { format, vehicletype }, livePath) => {
      const named = manufacturer?.trim() ? manufacturer : undefined;
      const type = vehicletype?.trim() ? vehicletype : undefined;
      if (named === undefined && type === undefined) {
        throw new HttpError(400, `manufacturer: ${VPIC_API_MESSAGES.manufacturerOrVehicleType}`);
      }
      const criteria = [named && `Manufacturer:${named}`, type && `VehicleType:${type}`];
      return lists(
        request(
          'GetWMIsForManufacturer',
          'WMIsForManufacturer',
          criteria.filter(Boolean).join(' | '),
          format,
          livePath,
        ),
        (c) => c.wmisForManufacturer(named, type),
      );
    },
  );

  endpoint(
    ['GetAllMakes', 'GetAllMakes/'],
    {
      summary: 'GetAllMakes: every make',
      description: OFFLINE,
      params: noParams,
      querystring: vpicFormatQuerySchema,
    },
    (_params, { format }, livePath) =>
      lists(request('GetAllMakes', 'AllVehicleMakes', null, format, livePath), (c) => c.allMakes()),
  );

  endpoint(
    ['GetAllManufacturers', 'GetAllManufacturers/'],
    {
      summary: 'GetAllManufacturers: every manufacturer, 100 a page',
      description: `${OFFLINE} By manufacturer id, \`page\` from 1. Country and vehicle types come from the manufacturer's WMIs (none is marked primary); \`ManufacturerType\` is not in the offline data, so a request naming it is forwarded to the live service when VPIC_URL is set.`,
      params: noParams,
      querystring: vpicManufacturersQuerySchema,
    },
    (_params, { format, page, manufacturertype }, livePath) =>
      lists(
        request(
          'GetAllManufacturers',
          'Manufacturers',
          manufacturertype ? `ManufacturerType:${manufacturertype}` : null,
          format,
          livePath,
        ),
        (c) => (manufacturertype ? undefined : c.allManufacturers(page ?? 1)),
      ),
  );

  endpoint(
    ['GetManufacturerDetails/:manufacturer'],
    {
      summary: 'GetManufacturerDetails: what the offline data holds of a manufacturer',
      description: `${OFFLINE} ${MATCHING} Id, name, country and vehicle types (from its WMIs); addresses and contacts are not in the offline data and are null.`,
      params: vpicManufacturerParamsSchema,
      querystring: vpicFormatQuerySchema,
    },
    ({ manufacturer }, { format }, livePath) =>
      lists(
        request(
          'GetManufacturerDetails',
          'ManufacturerDetails',
          `Manufacturer:${manufacturer}`,
          format,
          livePath,
        ),
        (c) => c.manufacturerDetails(manufacturer),
      ),
  );

  endpoint(
    ['GetMakeForManufacturer/:manufacturer'],
    {
      summary: 'GetMakeForManufacturer: the makes of a manufacturer',
      description: `${OFFLINE} ${MATCHING}`,
      params: vpicManufacturerParamsSchema,
      querystring: vpicFormatQuerySchema,
    },
    ({ manufacturer }, { format }, livePath) =>
      lists(
        request(
          'GetMakeForManufacturer',
          'MakesForMfg',
          `Manufacturer:${manufacturer}`,
          format,
          livePath,
        ),
        (c) => c.makesForManufacturer(manufacturer),
      ),
  );

  endpoint(
    ['GetMakesForManufacturerAndYear/:manufacturer'],
    {
      summary: 'GetMakesForManufacturerAndYear: the makes of a manufacturer in a model year',
      description: `${OFFLINE} ${MATCHING} The makes of the manufacturer's WMIs whose VIN schemas cover \`year\` (required).`,
      params: vpicManufacturerParamsSchema,
      querystring: vpicYearQuerySchema,
    },
    ({ manufacturer }, { format, year }, livePath) =>
      lists(
        request(
          'GetMakesForManufacturerAndYear',
          'MakesForMfgAndYear',
          `Manufacturer:${manufacturer} | Year:${year}`,
          format,
          livePath,
        ),
        (c) => c.makesForManufacturerAndYear(manufacturer, year as number),
      ),
  );

  endpoint(
    ['GetMakesForVehicleType/:vehicleType'],
    {
      summary: 'GetMakesForVehicleType: the makes of a vehicle type',
      description: `${OFFLINE} ${MATCHING} From the WMIs registered for the type.`,
      params: vpicVehicleTypeParamsSchema,
      querystring: vpicFormatQuerySchema,
    },
    ({ vehicleType }, { format }, livePath) =>
      lists(
        request(
          'GetMakesForVehicleType',
          'MakesForVehicleType',
          `VehicleType:${vehicleType}`,
          format,
          livePath,
        ),
        (c) => c.makesForVehicleType(vehicleType),
      ),
  );

  endpoint(
    ['GetVehicleTypesForMake/:make'],
    {
      summary: 'GetVehicleTypesForMake: the vehicle types of a make',
      description: `${OFFLINE} ${MATCHING}`,
      params: vpicMakeParamsSchema,
      querystring: vpicFormatQuerySchema,
    },
    ({ make }, { format }, livePath) =>
      lists(
        request('GetVehicleTypesForMake', 'VehicleTypesForMake', `Make:${make}`, format, livePath),
        (c) => c.vehicleTypesForMake(make),
      ),
  );

  endpoint(
    ['GetVehicleTypesForMakeId/:makeId'],
    {
      summary: 'GetVehicleTypesForMakeId: the vehicle types of a make, by id',
      description: OFFLINE,
      params: vpicMakeIdParamsSchema,
      querystring: vpicFormatQuerySchema,
    },
    ({ makeId }, { format }, livePath) =>
      lists(
        request(
          'GetVehicleTypesForMakeId',
          'VehicleTypesForMakeIds',
          `Make ID:${makeId}`,
          format,
          livePath,
        ),
        (c) => c.vehicleTypesForMakeId(makeId),
      ),
  );

  endpoint(
    ['GetModelsForMake/:make'],
    {
      summary: 'GetModelsForMake: the models of a make',
      description: `${OFFLINE} ${MATCHING}`,
      params: vpicMakeParamsSchema,
      querystring: vpicFormatQuerySchema,
    },
    ({ make }, { format }, livePath) =>
      lists(request('GetModelsForMake', 'MakeModels', `Make:${make}`, format, livePath), (c) =>
        c.models({ make: { name: make } }),
      ),
  );

  endpoint(
    ['GetModelsForMakeId/:makeId'],
    {
      summary: 'GetModelsForMakeId: the models of a make, by id',
      description: OFFLINE,
      params: vpicMakeIdParamsSchema,
      querystring: vpicFormatQuerySchema,
    },
    ({ makeId }, { format }, livePath) =>
      lists(
        request('GetModelsForMakeId', 'MakeModels', `Make ID:${makeId}`, format, livePath),
        (c) => c.models({ make: { id: makeId } }),
      ),
  );

  const yearAndType = {
    summary: (by: string) =>
      `GetModelsFor${by}Year: the models of a make in a model year and/or of a vehicle type`,
    description: `${OFFLINE} ${MATCHING} Paths \`.../modelyear/{year}\`, \`.../modelyear/{year}/vehicletype/{type}\` and \`.../vehicletype/{type}\`; a model counts for a year when a WMI registers a VIN schema naming it for that year, and for a vehicle type when that WMI is of the type.`,
    params: vpicModelYearParamsSchema.partial().extend(vpicVehicleTypeParamsSchema.partial().shape),
  };
  endpoint(
    [
      'GetModelsForMakeYear/make/:make/modelyear/:year',
      'GetModelsForMakeYear/make/:make/modelyear/:year/vehicletype/:vehicleType',
      'GetModelsForMakeYear/make/:make/vehicletype/:vehicleType',
    ],
    {
      summary: yearAndType.summary('Make'),
      description: yearAndType.description,
      params: vpicMakeParamsSchema.extend(yearAndType.params.shape),
      querystring: vpicFormatQuerySchema,
    },
    ({ make, year, vehicleType }, { format }, livePath) =>
      lists(
        request(
          'GetModelsForMakeYear',
          'MakeModels',
          modelsCriteria(`Make:${make}`, year, vehicleType),
          format,
          livePath,
        ),
        (c) => c.models({ make: { name: make }, modelYear: year, vehicleType }),
      ),
  );
  endpoint(
    [
      'GetModelsForMakeIdYear/makeId/:makeId/modelyear/:year',
      'GetModelsForMakeIdYear/makeId/:makeId/modelyear/:year/vehicletype/:vehicleType',
      'GetModelsForMakeIdYear/makeId/:makeId/vehicletype/:vehicleType',
    ],
    {
      summary: yearAndType.summary('MakeId'),
      description: yearAndType.description,
      params: vpicMakeIdParamsSchema.extend(yearAndType.params.shape),
      querystring: vpicFormatQuerySchema,
    },
    ({ makeId, year, vehicleType }, { format }, livePath) =>
      lists(
        request(
          'GetModelsForMakeIdYear',
          'MakeModels',
          modelsCriteria(`Make ID:${makeId}`, year, vehicleType),
          format,
          livePath,
        ),
        (c) => c.models({ make: { id: makeId }, modelYear: year, vehicleType }),
      ),
  );

  endpoint(
    ['GetVehicleVariableList', 'GetVehicleVariableList/'],
    {
      summary: 'GetVehicleVariableList: every variable a decode can answer',
      description: `${OFFLINE} Descriptions as vPIC writes them (HTML).`,
      params: noParams,
      querystring: vpicFormatQuerySchema,
    },
    (_params, { format }, livePath) =>
      lists(
        request('GetVehicleVariableList', 'VehicleVariablesList', null, format, livePath),
        (c) => c.variables(),
      ),
  );

  endpoint(
    ['GetVehicleVariableValuesList/:variable'],
    {
      summary: 'GetVehicleVariableValuesList: the values a lookup variable takes',
      description: `${OFFLINE} By variable id or full name. Variables whose lookup table the offline data lacks (e.g. Air Bag locations, ABS) are forwarded to the live service when VPIC_URL is set.`,
      params: vpicVariableParamsSchema,
      querystring: vpicFormatQuerySchema,
    },
    ({ variable }, { format }, livePath) =>
      lists(
        request(
          'GetVehicleVariableValuesList',
          'VehicleVariableValuesList',
          `Variable:${variable}`,
          format,
          livePath,
        ),
        (c) => c.variableValues(variable),
      ),
  );

  for (const [name, item] of [
    ['GetParts', 'Parts'],
    ['GetEquipmentPlantCodes', 'EquipmentPlantCodes'],
    ['GetCanadianVehicleSpecifications', 'CanadianVehicleSpecifications'],
  ] as const) {
    endpoint(
      [name, `${name}/`],
      {
        summary: `${name} (live vPIC service only)`,
        description: LIVE_ONLY,
        params: noParams,
        querystring: vpicFormatQuerySchema.passthrough(),
      },
      (_params, { format }, livePath) =>
        service.answerLiveOnly(request(name, item, null, format, livePath)),
    );
  }
};

function modelsCriteria(make: string, year?: number, vehicleType?: string): string {
  return [
    make,
    year !== undefined && `ModelYear:${year}`,
    vehicleType && `VehicleType:${vehicleType}`,
  ]
    .filter(Boolean)
    .join(' | ');
}

/** Writes what the service answered, with the content type of the format asked. */
export function send(reply: FastifyReply, answer: VpicReply): FastifyReply {
  return reply.code(answer.status).type(answer.contentType).send(answer.body);
}
