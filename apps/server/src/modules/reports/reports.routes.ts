import { API_MESSAGES, SAMPLE_REPORT_RATE_PER_MINUTE } from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AuthGuards } from '../auth/index.ts';
import { registerAddressBudget } from '../../http/address-budget.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { reportFileName, type OpenedReport, type ReportsService } from './reports.service.ts';
import type { SampleReport } from './sample-report.ts';

export function sendReport(
  reply: FastifyReply,
  { order, body, size }: OpenedReport,
  disposition: 'inline' | 'attachment',
) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Length', size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `${disposition}; filename="${reportFileName(order)}"`)
    .send(body);
}

export const pdfResponse = { 200: z.any().describe('the report, application/pdf') };

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

/** The landing page's sample report, public, with its own per-address budget (encapsulated). */
export const sampleReportRoutes: FastifyPluginAsyncZod<{ sample: SampleReport }> = async (
  app,
  { sample },
) => {
  await registerAddressBudget(
    app,
    SAMPLE_REPORT_RATE_PER_MINUTE,
    API_MESSAGES.sampleReportRateExceeded,
  );
  app.get(
    '/sample-report',
    {
      schema: {
        tags: ['reports'],
        summary: 'A sample report: the real layout, from the sandbox records of a demo vehicle',
        description: `Public. Every page is marked SANDBOX SAMPLE. At most ${SAMPLE_REPORT_RATE_PER_MINUTE} a minute per client address; more answer 429 with Retry-After.`,
        response: { ...pdfResponse, ...errorResponses(429) },
      },
      compress: false,
    },
    async (_request, reply) => {
      const pdf = await sample.sampleReportPdf();
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', pdf.length)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=3600')
        .header('Content-Disposition', 'inline; filename="sample-vehicle-history-report.pdf"')
        .send(pdf);
    },
  );
};
