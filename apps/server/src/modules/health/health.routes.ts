import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_MESSAGES, healthResponseSchema, readyResponseSchema } from '@vr/contracts';
import type { Database } from '../../db/client.ts';
import { SHED_RETRY_AFTER_SECONDS } from '../../lib/load-shedding.ts';
import type { Readiness } from './readiness.ts';

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  readiness: Readiness;
}> = async (app, { database, readiness }) => {
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

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: booted, storage writable, not draining for a shutdown',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      const { draining, checks } = await readiness.check();
      const ready = !draining && Object.values(checks).every(Boolean);
      if (ready) return { status: 'ready' as const, checks };
      return reply
        .status(503)
        .header('retry-after', String(SHED_RETRY_AFTER_SECONDS))
        .send({ status: draining ? ('draining' as const) : ('unavailable' as const), checks });
    },
  );
};
