import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_MESSAGES,
  DECODE_BATCH_MAX,
  decodeBatchBodySchema,
  decodeResponseSchema,
  decodeVinParamsSchema,
  decodeVinQuerySchema,
} from '@vr/contracts';
import { registerAddressBudget } from '../../http/address-budget.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { DecodeService } from './decode.service.ts';
import type { VpicApiService } from './vpic-api.service.ts';
import { send, vpicApiRoutes } from './vpic-api.routes.ts';

const VPIC_NOTE =
  "Answers in the shape of NHTSA vPIC's endpoint of the same name, so any vPIC client works " +
  'against it: vPIC variable names, string values, empty strings for what the data does not ' +
  'determine, ErrorCode/ErrorText as vPIC (0 clean; 1 check digit; 5 longer than 17 ' +
  'characters; 6 incomplete; 7 manufacturer unknown; 8 no detailed data; 11 position 10 is no ' +
  'model-year code; 400 invalid characters; several joined by commas). `format` json (the ' +
  'default), xml or csv. ' +
  'Drive Type and Transmission Style are empty for most vehicles: the offline data holds 19 ' +
  'Drive Type patterns and no Transmission Style one, and nothing is guessed. BrakeSystemType ' +
  "comes from the data's own patterns.";

const BATCH_PATH = '/api/vehicles/DecodeVINValuesBatch/';

/**
 * vPIC's endpoints: the decodes and every list the offline vPIC data can answer; `live` (with
 * VPIC_URL) answers what it cannot. Answers are written out by vpic-formats.ts, unchecked: the
 * service makes every value of a decode a string, and checking each wide answer against its
 * schema (zod's serializer) took about a quarter of the decode's own time. The schemas stay for
 * the OpenAPI document.
 */
export const vehiclesRoutes: FastifyPluginAsyncZod<{
  decodes: DecodeService;
  ratePerMinute: number;
  vpicApi: VpicApiService;
}> = async (app, { decodes, vpicApi, ratePerMinute }) => {
  // A batch counts once.
  await registerAddressBudget(app, ratePerMinute, API_MESSAGES.decodeRateExceeded);
  // The requests read in one turn of the event loop are answered together at its end, so their
  // answers leave close behind one another: a client then wakes once for several of them, not
  // once each (docs/decisions/0037-answers-at-the-end-of-the-turn.md).
  app.addHook('preHandler', (_request, _reply, done) => setImmediate(done));
  // vPIC matches query parameter names whatever their case (`modelYear`, `ManufacturerType`).
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.query as Record<string, unknown>;
    if (Object.keys(query).some((k) => k !== k.toLowerCase())) {
      request.query = Object.fromEntries(
        Object.entries(query).map(([k, v]) => [k.toLowerCase(), v]),
      );
    }
    done();
  });
  const rateNote = ` At most ${ratePerMinute} requests a minute per client address over all /api/vehicles endpoints (DECODE_RATE_PER_MINUTE); more answer 429 with Retry-After.`;
  await app.register(vpicApiRoutes, { service: vpicApi, rateNote });

  app.get(
    '/api/vehicles/DecodeVinValues/:vin',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Decode one VIN (free, vPIC-compatible)',
        description: VPIC_NOTE + rateNote,
        params: decodeVinParamsSchema,
        querystring: decodeVinQuerySchema,
        response: { 200: decodeResponseSchema, ...errorResponses(400, 429) },
      },
      // A full answer is 1–3 KB: compressing it took longer than decoding it, on the event loop.
      compress: false,
    },
    async (request, reply) =>
      send(
        reply,
        vpicApi.answerDecoded(
          await decodes.decodeVin(
            { vin: request.params.vin, modelYear: request.query.modelyear },
            request.log,
          ),
          request.query.format,
          'DecodedVINValues',
        ),
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
          response: { 200: decodeResponseSchema, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) =>
        send(
          reply,
          vpicApi.answerDecoded(
            await decodes.decodeVinBatch(request.body.DATA, request.log),
            request.body.format,
            'DecodedVINValues',
          ),
        ),
    );
  }
};
