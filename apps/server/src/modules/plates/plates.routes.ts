import {
  PLATE_LIMITS,
  US_STATES,
  plateHealthResponseSchema,
  plateParamsSchema,
  plateSearchResponseSchema,
  plateStatesResponseSchema,
} from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type AuthGuards } from '../auth/index.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { PlatesService } from './plates.service.ts';

export const platesRoutes: FastifyPluginAsyncZod<{
  plates: PlatesService;
  guards: AuthGuards;
}> = async (app, { plates, guards }) => {
  app.get(
    '/license-plate/search/:plate/:state',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['license plate'],
        summary: 'Find the VIN of a US licence plate',
        description:
          'Answers from the cache when the plate was looked up within PLATE_CACHE_DAYS; otherwise asks the provider (20 s timeout). 502/504 when the provider fails. Every search counts against hourly quotas per user (PLATE_SEARCHES_PER_USER_HOUR) and per client address (PLATE_SEARCHES_PER_IP_HOUR); beyond either: 429 with Retry-After and a message naming the limit.',
        security: [{ bearerAuth: [] }],
        params: plateParamsSchema,
        response: {
          200: plateSearchResponseSchema,
          502: plateSearchResponseSchema,
          504: plateSearchResponseSchema,
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request) =>
      plates.search({
        userId: currentUser(request).id,
        ip: request.ip,
        state: request.params.state,
        plate: request.params.plate,
      }),
  );

  app.get(
    '/license-plate/states',
    {
      schema: {
        tags: ['license plate'],
        summary: 'The 50 states and DC, by code and name',
        response: { 200: plateStatesResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=86400');
      return {
        success: true as const,
        states: US_STATES.map((s) => ({ code: s.code, name: s.name })),
      };
    },
  );

  app.get(
    '/license-plate/health',
    {
      schema: {
        tags: ['license plate'],
        summary: 'Whether the plate provider answers (no token)',
        description: `The provider is asked at most every ${PLATE_LIMITS.healthCheckEverySeconds} s per instance; calls in between get the last answer. A provider whose every call is billed (CarsXE) is not asked: \`reachable: null\`.`,
        response: { 200: plateHealthResponseSchema, 503: plateHealthResponseSchema },
      },
    },
    async (_request, reply) => {
      const health = await plates.health();
      const down = health.reachable === false;
      return reply.status(down ? 503 : 200).send({
        success: !down,
        provider: plates.providerName,
        reachable: health.reachable,
        message: health.message,
      });
    },
  );
};
