import {
  createReportOrderBodySchema,
  createReportOrderResponseSchema,
  myOrdersResponseSchema,
} from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type AuthGuards } from '../auth/auth.guard.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { createOrder, listMyOrders, type OrdersDeps } from './orders.service.ts';

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 printable characters without spaces')
    .optional(),
});

export const ordersRoutes: FastifyPluginAsyncZod<{ deps: OrdersDeps; guards: AuthGuards }> = async (
  app,
  { deps, guards },
) => {
  app.post(
    '/api/api/report-orders',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['report orders'],
        summary: 'Order a vehicle history report for one credit',
        description:
          'Spends one credit and creates the order in one transaction; 402 without credit. An Idempotency-Key header makes a retry return the first order.',
        security: [{ bearerAuth: [] }],
        headers: idempotencyHeaders,
        body: createReportOrderBodySchema,
        response: {
          200: createReportOrderResponseSchema,
          201: createReportOrderResponseSchema,
          ...errorResponses(400, 401, 402),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { order, created } = await createOrder(deps, {
        userId: user.id,
        email: user.email,
        vin: request.body.vin,
        vehicle: request.body.vehicle,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.status(created ? 201 : 200).send({ id: order.id, reportUrl: null });
    },
  );

  app.get(
    '/api/api/report-orders/my-orders',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['report orders'],
        summary: "The caller's report orders, newest first",
        security: [{ bearerAuth: [] }],
        response: { 200: myOrdersResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => listMyOrders(deps, currentUser(request).id),
  );
};
