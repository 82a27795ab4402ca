import { ADMIN_MESSAGES, adminMarkProcessingResponseSchema } from '@vr/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { reportOrders } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { currentUser } from '../auth/auth.guard.ts';
import { errorResponses } from '../auth/auth.routes.ts';

/**
 * POST /api/api/admin/report-orders/{id}/processing: an admin takes a Pending order, so the
 * others see it is being worked on. Only Pending moves; the SLA clock keeps running.
 */
export const adminOrderStatusRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/api/admin/report-orders/:id/processing',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a Pending report order as Processing',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string().trim().min(1).max(100) }),
        response: {
          200: adminMarkProcessingResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      const { id } = request.params;
      const moved = await db.transaction(async (tx) => {
        // The status condition makes the move atomic against an upload or the SLA refund.
        const rows = await tx
          .update(reportOrders)
          .set({ status: 'Processing', updatedAt: new Date() })
          .where(and(eq(reportOrders.id, id), eq(reportOrders.status, 'Pending')))
          .returning({ id: reportOrders.id });
        if (rows.length === 0) return false;
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'order.processing',
          targetType: 'order',
          targetId: id,
          before: { status: 'Pending' },
          after: { status: 'Processing' },
        });
        return true;
      });
      if (moved) {
        return { success: true, message: ADMIN_MESSAGES.markedProcessing, status: 'Processing' };
      }
      const found = await db
        .select({ status: reportOrders.status })
        .from(reportOrders)
        .where(eq(reportOrders.id, id));
      const status = found[0]?.status;
      if (!status) throw new HttpError(404, ADMIN_MESSAGES.orderNotFound);
      if (status === 'Processing') {
        return { success: true, message: ADMIN_MESSAGES.alreadyProcessing, status };
      }
      throw new HttpError(409, ADMIN_MESSAGES.onlyPendingToProcessing);
    },
  );
};
