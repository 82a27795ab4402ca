import { readFile } from 'node:fs/promises';
import {
  REPORT_VIEW_MESSAGES,
  reportOrderParamsSchema,
  reportShareResponseSchema,
  reportShareStatusSchema,
  reportViewResponseSchema,
  SHARED_REPORT_RATE_PER_ADDRESS_MINUTE,
  sharedReportParamsSchema,
  sharedReportResponseSchema,
} from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerAddressBudget } from '../../http/address-budget.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { currentUser, type AuthGuards } from '../auth/index.ts';
import type { ReportViewsService } from './report-views.service.ts';
import { pdfResponse, sendReport } from './reports.routes.ts';

const NOINDEX = 'noindex, nofollow';

/** The owner's report page data and share link (docs/orders-api.md). */
export const reportViewsRoutes: FastifyPluginAsyncZod<{
  views: ReportViewsService;
  guards: AuthGuards;
}> = async (app, { views, guards }) => {
  const owner = { onRequest: guards.requireUser };
  const security = [{ bearerAuth: [] }];
  app.get(
    '/report-orders/:id/report-view',
    {
      ...owner,
      schema: {
        tags: ['report orders'],
        summary: "My Completed order's report as a page (null view: the report is a PDF only)",
        security,
        params: reportOrderParamsSchema,
        response: { 200: reportViewResponseSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => views.viewForOwner(currentUser(request).id, request.params.id),
  );
  app.post(
    '/report-orders/:id/share',
    {
      ...owner,
      schema: {
        tags: ['report orders'],
        summary: 'Share my Completed report: a new link for 30 days (an earlier one stops working)',
        security,
        params: reportOrderParamsSchema,
        response: { 200: reportShareResponseSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => views.share(currentUser(request).id, request.params.id),
  );
  app.get(
    '/report-orders/:id/share',
    {
      ...owner,
      schema: {
        tags: ['report orders'],
        summary: 'Whether my report has a live share link, until when, and how often it was opened',
        security,
        params: reportOrderParamsSchema,
        response: { 200: reportShareStatusSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => views.shareStatus(currentUser(request).id, request.params.id),
  );
  app.delete(
    '/report-orders/:id/share',
    {
      ...owner,
      schema: {
        tags: ['report orders'],
        summary: 'Revoke the share link of my report at once',
        security,
        params: reportOrderParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await views.revoke(currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** A shared report's data and PDF: public, noindex, budgeted per address and per link. */
export const sharedReportRoutes: FastifyPluginAsyncZod<{ views: ReportViewsService }> = async (
  app,
  { views },
) => {
  await registerAddressBudget(
    app,
    SHARED_REPORT_RATE_PER_ADDRESS_MINUTE,
    REPORT_VIEW_MESSAGES.sharedAddressRateExceeded,
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Robots-Tag', NOINDEX);
  });
  app.get(
    '/shared-reports/:token',
    {
      schema: {
        tags: ['shared reports'],
        summary: 'A shared report as a page (no account); each answer counts as one open',
        params: sharedReportParamsSchema,
        response: { 200: sharedReportResponseSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return views.sharedView(request.params.token);
    },
  );
  app.get(
    '/shared-reports/:token/pdf',
    {
      schema: {
        tags: ['shared reports'],
        summary: "A shared report's PDF (no account)",
        params: sharedReportParamsSchema,
        response: { ...pdfResponse, ...errorResponses(404, 429) },
      },
      compress: false,
    },
    async (request, reply) =>
      sendReport(reply, await views.sharedPdf(request.params.token), 'inline'),
  );
};

/**
 * `/r/<token>`, answered here rather than by the app shell's fallback: an unknown, revoked or
 * expired link is a real 404, and a live one is the shell marked noindex.
 */
export const sharedPageRoutes: FastifyPluginAsyncZod<{
  views: ReportViewsService;
  /** The built app shell, or null when the web app is not built. */
  shellFile: string | null;
}> = async (app, { views, shellFile }) => {
  await registerAddressBudget(
    app,
    SHARED_REPORT_RATE_PER_ADDRESS_MINUTE,
    REPORT_VIEW_MESSAGES.sharedAddressRateExceeded,
  );
  const robotsMeta = '<meta name="robots" content="noindex, nofollow">';
  let shell: Promise<string> | undefined;
  const page = () =>
    (shell ??= shellFile
      ? readFile(shellFile, 'utf8').then((html) => html.replace('<head>', `<head>${robotsMeta}`))
      : Promise.resolve(
          `<!doctype html><html><head>${robotsMeta}<title>Shared report</title></head><body></body></html>`,
        ));
  app.get(
    '/r/:token',
    { schema: { hide: true, params: sharedReportParamsSchema } },
    async (request, reply) => {
      reply.header('X-Robots-Tag', NOINDEX).header('Cache-Control', 'private, no-store');
      // A dead link gets the same page with a 404: the app tells the visitor the link is gone.
      const live = await views.isLiveShare(request.params.token);
      return reply
        .status(live ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(await page());
    },
  );
};
