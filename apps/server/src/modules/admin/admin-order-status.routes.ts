import { adminIdParamsSchema, adminMarkProcessingResponseSchema } from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/index.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { AdminService } from './admin.service.ts';

/**
 * POST /api/api/admin/report-orders/{id}/processing: an admin takes a Pending order handled by
 * hand, so the others see it is being worked on. Only Pending moves; the SLA clock keeps running.
 * POST .../{id}/regenerate: the report is generated again.
 */
export const adminOrderStatusRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (
  app,
  { admin },
) => {
  app.post(
    '/admin/report-orders/:id/processing',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a Pending report order as Processing',
        security: [{ bearerAuth: [] }],
        params: adminIdParamsSchema,
        response: {
          200: adminMarkProcessingResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => admin.markOrderProcessing(currentUser(request).id, request.params.id),
  );

  app.post(
    '/admin/report-orders/:id/regenerate',
    {
      schema: {
        tags: ['admin'],
        summary: "Generate an order's report again now (audited)",
        description:
          'An open order gets an attempt at once; a Completed order with a generated report gets it redone, without a second mail. 409 for a refunded order or one with an uploaded report (upload again to replace it).',
        security: [{ bearerAuth: [] }],
        params: adminIdParamsSchema,
        response: {
          200: adminMarkProcessingResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => admin.regenerateOrderReport(currentUser(request).id, request.params.id),
  );
};
