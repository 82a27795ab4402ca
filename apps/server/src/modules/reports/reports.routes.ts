import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ReportStorage } from '../../adapters/report-storage/index.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import type { AuthGuards } from '../auth/auth.guard.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { findOrder, type ReportOrderRow } from '../orders/orders.repo.ts';
import type { ReportLinks } from './report-links.ts';

export const REPORT_LINK_MESSAGES = {
  invalid: 'This report link is invalid or has expired. Open the report again from your dashboard.',
  noReport: 'No report has been attached to this order yet.',
} as const;

async function sendReport(
  reply: FastifyReply,
  storage: ReportStorage,
  order: ReportOrderRow,
  disposition: 'inline' | 'attachment',
) {
  const stored = order.reportKey ? await storage.get(order.reportKey) : null;
  if (!stored) throw new HttpError(404, REPORT_LINK_MESSAGES.noReport);
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Length', stored.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `${disposition}; filename="report-${order.id}-${order.vin}.pdf"`)
    .send(stored.body);
}

const pdfResponse = { 200: z.any().describe('the report, application/pdf') };

export const reportsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: ReportStorage;
  links: ReportLinks;
  guards: AuthGuards;
}> = async (app, { db, storage, links, guards }) => {
  app.get(
    '/api/api/report-orders/:id/report',
    {
      schema: {
        tags: ['report orders'],
        summary: "An order's report PDF through the signed link of my-orders (no token)",
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: z.object({
          expires: z.coerce.number().int(),
          sig: z.string().min(1).max(200),
        }),
        response: { ...pdfResponse, ...errorResponses(400, 403, 404) },
      },
      // A PDF is compressed already; its stream goes out as stored.
      compress: false,
    },
    async (request, reply) => {
      const order = await findOrder(db, request.params.id);
      const { expires, sig } = request.query;
      if (!order || !links.verify(order, expires, sig) || order.status !== 'Completed') {
        throw new HttpError(403, REPORT_LINK_MESSAGES.invalid);
      }
      return sendReport(reply, storage, order, 'inline');
    },
  );

  app.get(
    '/api/api/admin/reports/:orderId/download',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Download an order's report as report-{orderId}-{vin}.pdf",
        security: [{ bearerAuth: [] }],
        params: z.object({ orderId: z.string().min(1).max(100) }),
        response: { ...pdfResponse, ...errorResponses(401, 403, 404) },
      },
      compress: false,
    },
    async (request, reply) => {
      const order = await findOrder(db, request.params.orderId);
      if (!order) throw new HttpError(404, 'Report order not found');
      return sendReport(reply, storage, order, 'attachment');
    },
  );
};
