import {
  adminAuditLogResponseSchema,
  adminTryoutBodySchema,
  adminTryoutResponseSchema,
  paginationQuerySchema,
} from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { listAudit } from '../audit/index.ts';
import { currentUser } from '../auth/index.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { AdminTryoutService } from './admin-tryout.service.ts';
import { paginationOf } from '../../http/pagination.ts';

/** The admin's trial lookups (free of charge, audited) and the audit log they land in. */
export const adminTryoutRoutes: FastifyPluginAsyncZod<{
  db: Db;
  tryouts: AdminTryoutService;
}> = async (app, { db, tryouts }) => {
  app.post(
    '/admin/tryout',
    {
      schema: {
        tags: ['admin'],
        summary: 'Trial plate and VIN lookup, free of charge (audited)',
        description:
          "At most ADMIN_TRYOUTS_PER_HOUR per admin (429 with Retry-After beyond). The VIN is checked like an order's (400); `email` is one address (400 naming it otherwise), recorded in the audit log. A plate lookup counts against the plate search quotas like a customer search (429 beyond them).",
        security: [{ bearerAuth: [] }],
        body: adminTryoutBodySchema,
        response: {
          200: adminTryoutResponseSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) =>
      tryouts.tryout(
        { adminId: currentUser(request).id, ip: request.ip },
        request.body,
        request.log,
      ),
  );

  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'What administrators did, newest first',
        security: [{ bearerAuth: [] }],
        querystring: paginationQuerySchema,
        response: { 200: adminAuditLogResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await listAudit(db, page, size);
      return {
        success: true as const,
        data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        pagination: paginationOf(page, size, total),
      };
    },
  );
};
