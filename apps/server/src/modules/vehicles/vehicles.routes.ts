import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_MESSAGES,
  DECODE_BATCH_MAX,
  decodeBatchBodySchema,
  decodeResponseSchema,
  decodeVinParamsSchema,
  decodeVinQuerySchema,
  errorResponseSchema,
} from '@vr/contracts';
import type { VinDecoder } from '../../adapters/vin-decoder/vin-decoder.ts';
import { HttpError } from '../../lib/errors.ts';
import { createTimeSlices } from '../../lib/time-slices.ts';
import { createDecodeService, DECODE_TURN_MS } from './vehicles.service.ts';

const VPIC_NOTE =
  "Answers in the shape of NHTSA vPIC's endpoint of the same name, so any vPIC client works " +
  'against it: vPIC variable names, string values, empty strings for what the data does not ' +
  'determine, ErrorCode/ErrorText as vPIC (0 clean; 1 check digit; 5 longer than 17 ' +
  'characters; 6 incomplete; 7 manufacturer unknown; 8 no detailed data; 11 position 10 is no ' +
  'model-year code; 400 invalid characters; several joined by commas). Only JSON is served. ' +
  'Drive Type and Transmission Style are empty for most vehicles: the offline data holds 19 ' +
  'Drive Type patterns and no Transmission Style one, and nothing is guessed. BrakeSystemType ' +
  "comes from the data's own patterns.";

const BATCH_PATH = '/api/vehicles/DecodeVINValuesBatch/';

/**
 * Decode answers are written with JSON.stringify, unchecked: the service makes every value a
 * string, and checking each wide answer against its schema (zod's serializer) took about a
 * quarter of the decode's own time. The schemas stay for the OpenAPI document.
 */
const writeJson = () => (data: unknown) => JSON.stringify(data);

export const vehiclesRoutes: FastifyPluginAsyncZod<{
  decoder: VinDecoder;
  ratePerMinute: number;
}> = async (app, { decoder, ratePerMinute }) => {
  // One budget per client address (X-Forwarded-For only behind TRUST_PROXY) over both routes
  // of this plugin, which encapsulates it; a batch counts once.
  await app.register(fastifyRateLimit, {
    max: ratePerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        API_MESSAGES.decodeRateExceeded(ratePerMinute, Math.ceil(context.ttl / 1000)),
      ),
  });
  const decodes = createDecodeService({ decoder, turns: createTimeSlices(DECODE_TURN_MS) });
  const rateNote = ` At most ${ratePerMinute} decode requests a minute per client address (DECODE_RATE_PER_MINUTE); more answer 429 with Retry-After.`;

  app.get(
    '/api/vehicles/DecodeVinValues/:vin',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Decode one VIN (free, vPIC-compatible)',
        description: VPIC_NOTE + rateNote,
        params: decodeVinParamsSchema,
        querystring: decodeVinQuerySchema,
        response: { 200: decodeResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
      serializerCompiler: writeJson,
    },
    async (request) =>
      decodes.decodeVin(
        { vin: request.params.vin, modelYear: request.query.modelyear },
        request.log,
      ),
  );

  // vPIC's path ends in a slash; clients that drop it are answered too, undocumented.
  for (const path of [BATCH_PATH, BATCH_PATH.slice(0, -1)]) {
    app.post(
      path,
      {
        schema: {
          hide: path !== BATCH_PATH,
          tags: ['vehicles'],
          summary: `Decode up to ${DECODE_BATCH_MAX} VINs at once (vPIC-compatible)`,
          description: `${VPIC_NOTE} Takes a form (or JSON) body; one result per VIN, in order.${rateNote}`,
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: decodeBatchBodySchema,
          response: {
            200: decodeResponseSchema,
            400: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
        serializerCompiler: writeJson,
      },
      async (request) => decodes.decodeVinBatch(request.body.DATA, request.log),
    );
  }
};
