import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_MESSAGES, healthResponseSchema } from '@vr/contracts';
import type { Database } from '../../db/client.ts';
import { SHED_RETRY_AFTER_SECONDS } from '../../lib/load-shedding.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness of the server and its database',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'health check: database did not answer');
        return reply
          .status(503)
          .header('retry-after', String(SHED_RETRY_AFTER_SECONDS))
          .send({ status: 'unavailable' as const, message: API_MESSAGES.databaseUnavailable });
      }
    },
  );
};
