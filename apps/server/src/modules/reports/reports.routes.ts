import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AuthGuards } from '../auth/auth.guard.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { OpenedReport, ReportsService } from './reports.service.ts';

function sendReport(
  reply: FastifyReply,
  { order, body, size }: OpenedReport,
  disposition: 'inline' | 'attachment',
) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Length', size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `${disposition}; filename="report-${order.id}-${order.vin}.pdf"`)
    .send(body);
}

const pdfResponse = { 200: z.any().describe('the report, application/pdf') };

export const reportsRoutes: FastifyPluginAsyncZod<{
  reports: Pick<ReportsService, 'openReportBySignedLink' | 'openReportForAdmin'>;
  guards: AuthGuards;
}> = async (app, { reports, guards }) => {
  app.get(
    '/report-orders/:id/report',
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
      const { expires, sig } = request.query;
      const report = await reports.openReportBySignedLink(request.params.id, expires, sig);
      return sendReport(reply, report, 'inline');
    },
  );

  app.get(
    '/admin/reports/:orderId/download',
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
      const report = await reports.openReportForAdmin(request.params.orderId);
      return sendReport(reply, report, 'attachment');
    },
  );
};
