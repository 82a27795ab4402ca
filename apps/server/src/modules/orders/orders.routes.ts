import {
  existingOrderResponseSchema,
  createReportOrderBodySchema,
  createReportOrderResponseSchema,
  myOrdersResponseSchema,
  reportPreviewParamsSchema,
  reportPreviewResponseSchema,
} from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type AuthGuards } from '../auth/index.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { OrdersService } from './orders.service.ts';

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 printable characters without spaces')
    .optional(),
});

export const ordersRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  guards: AuthGuards;
}> = async (app, { orders, guards }) => {
  app.post(
    '/report-orders',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['report orders'],
        summary: 'Order a vehicle history report for one credit',
        description:
          'Spends one credit and creates the order in one transaction, which also queues its generation; 402 without credit, before any provider is asked. An Idempotency-Key header makes a retry return the first order. 409 `{ message, orderId }` (nothing charged) when the caller has an open order of the VIN, or one Completed in the last 30 days unless the body says `"fresh": true`. 422 when the provider has no records for the VIN.',
        security: [{ bearerAuth: [] }],
        headers: idempotencyHeaders,
        body: createReportOrderBodySchema,
        response: {
          200: createReportOrderResponseSchema,
          201: createReportOrderResponseSchema,
          409: existingOrderResponseSchema,
          ...errorResponses(400, 401, 402, 422),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const outcome = await orders.spendCreditAndOrderReport({
        userId: user.id,
        email: user.email,
        vin: request.body.vin,
        vehicle: request.body.vehicle,
        idempotencyKey: request.headers['idempotency-key'],
        fresh: request.body.fresh,
      });
      return reply
        .status(outcome.created ? 201 : 200)
        .send({ id: outcome.order.id, reportUrl: null });
    },
  );

  app.get(
    '/report-orders/preview/:vin',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['report orders'],
        summary: 'What a report of the VIN can hold, before paying (free)',
        description:
          'The decoded vehicle and whether the history provider has records for the VIN (its free question says whether, not how many). Counted against REPORT_PREVIEWS_PER_USER_HOUR and the service-wide REPORT_PRECHECKS_PER_HOUR (429 with Retry-After beyond either); 502 when the provider cannot answer now.',
        security: [{ bearerAuth: [] }],
        params: reportPreviewParamsSchema,
        response: {
          200: reportPreviewResponseSchema,
          ...errorResponses(400, 401, 429, 502),
        },
      },
    },
    async (request) => orders.previewReport(currentUser(request).id, request.params.vin),
  );

  app.get(
    '/report-orders/my-orders',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['report orders'],
        summary: "The caller's report orders, newest first",
        security: [{ bearerAuth: [] }],
        response: { 200: myOrdersResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => orders.listOrdersWithReportLinks(currentUser(request).id),
  );
};
