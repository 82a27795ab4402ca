import {
  API_MESSAGES,
  RECALL_UNSUBSCRIBE_RATE_PER_MINUTE,
  RECALL_UNSUBSCRIBE_PATH,
  setWatchingBodySchema,
  unsubscribeParamsSchema,
  watchedVehicleSchema,
  watchedVehiclesResponseSchema,
  watchParamsSchema,
} from '@vr/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { escapeHtml } from '../../adapters/mail/mailer.ts';
import { registerAddressBudget } from '../../http/address-budget.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { currentUser, type AuthGuards } from '../auth/index.ts';
import type { RecallWatchService } from './recall-watch.service.ts';

/** The small page the unsubscribe link answers (no app, no sign-in, no script). */
function page(productName: string, title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${escapeHtml(title)} - ${escapeHtml(productName)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5;max-width:36rem;margin:2rem auto;padding:0 1rem">',
    `<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>`,
    body,
    '</body></html>',
  ].join('');
}

const vehiclesList = (rows: { vehicle: string; vin: string }[]) =>
  `<ul>${rows.map((r) => `<li>${escapeHtml(r.vehicle)}, VIN ${escapeHtml(r.vin)}</li>`).join('')}</ul>`;

export const recallWatchRoutes: FastifyPluginAsyncZod<{
  recallWatch: RecallWatchService;
  guards: AuthGuards;
  productName: string;
  publicUrl: string;
}> = async (app, { recallWatch, guards, productName, publicUrl }) => {
  app.get(
    '/recalls/watches',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['recall watch'],
        summary: "The caller's vehicles watched for new recalls",
        description:
          'Every vehicle the caller ordered a report for: until when it is watched (3 years from its latest order), whether watching is on, off or ended, and the recall campaigns found since its report.',
        security: [{ bearerAuth: [] }],
        response: { 200: watchedVehiclesResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => recallWatch.watchedVehicles(currentUser(request).id),
  );

  app.put(
    '/recalls/watches/:id',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['recall watch'],
        summary: 'Turn recall alerts of one vehicle on or off',
        security: [{ bearerAuth: [] }],
        params: watchParamsSchema,
        body: setWatchingBodySchema,
        response: { 200: watchedVehicleSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      recallWatch.setWatching(currentUser(request).id, request.params.id, request.body.watching),
  );

  const notFound = page(
    productName,
    'This link does not work',
    `<p>The unsubscribe link is not complete or not ours. Turn recall alerts off on <a href="${escapeHtml(publicUrl)}/dashboard">your dashboard</a>.</p>`,
  );

  // The links work without a session, so each address has a budget of its own.
  await app.register(async (scope) => {
    const links = scope.withTypeProvider<ZodTypeProvider>();
    await registerAddressBudget(
      links,
      RECALL_UNSUBSCRIBE_RATE_PER_MINUTE,
      API_MESSAGES.unsubscribeRateExceeded,
    );
    // RFC 8058: the GET only asks (mail scanners open links); the POST, from the page's button or
    // the mail client's one-click (body List-Unsubscribe=One-Click), turns the alerts off.
    links.get(
      `${RECALL_UNSUBSCRIBE_PATH}/:token`,
      {
        schema: {
          tags: ['recall watch'],
          summary: 'The page of an alert mail’s unsubscribe link (asks, changes nothing)',
          params: unsubscribeParamsSchema,
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
        reply.type('text/html; charset=utf-8');
        const rows = await recallWatch.unsubscribeTarget(request.params.token);
        if (!rows) return reply.status(404).send(notFound);
        return page(
          productName,
          'Stop recall alerts?',
          `<p>We will stop e-mailing you new safety recalls for:</p>${vehiclesList(rows)}` +
            `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
            `<button type="submit" style="font-size:1rem;padding:0.5rem 1rem">Stop recall alerts</button></form>` +
            `<p>You can turn them back on from your dashboard at any time.</p>`,
        );
      },
    );

    links.post(
      `${RECALL_UNSUBSCRIBE_PATH}/:token`,
      {
        // The body (RFC 8058's `List-Unsubscribe=One-Click`, or none from the page's form) says
        // nothing the link does not: it is not read, only bounded.
        bodyLimit: 1024,
        schema: {
          tags: ['recall watch'],
          summary: 'One-click unsubscribe (RFC 8058): stops the recall alerts the link names',
          params: unsubscribeParamsSchema,
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
        reply.type('text/html; charset=utf-8');
        const rows = await recallWatch.unsubscribe(request.params.token);
        if (!rows) return reply.status(404).send(notFound);
        request.log.info(
          { vehicles: rows.length },
          'recall alerts turned off by an unsubscribe link',
        );
        return page(
          productName,
          'Recall alerts stopped',
          `<p>We will no longer e-mail you new safety recalls for:</p>${vehiclesList(rows)}` +
            `<p>To turn them back on, open <a href="${escapeHtml(publicUrl)}/dashboard">your dashboard</a>.</p>`,
        );
      },
    );
  });
};
